"""The window opens normally whatever its settings file holds (a hand edit, a file
from another version, bytes gone bad): unknown values fall back to the defaults."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bsg_desktop.i18n import set_language
from bsg_desktop.ui.dialogs import NewGameDialog
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow

KEYS = {
    "window": ["geometry"],
    "ui": ["language", "fast_bots", "moments", "show_suspicion"],
    "files": ["recent", "last_dir"],
    "new_game": ["players", "names", "kinds", "level", "morale"],
    "session": ["clean_exit"],
    "print": ["folder", "paper", "lang", "ink", "layout", "exports", "die_face", "bleed",
              "cards"],
}
JUNK = ["", "zz", "9", "-1", "1e999", "true", "@ByteArray(\\0\\xff)", "@Variant(\\0\\0\\0\\x7f)",
        "@Invalid()", "a, b, c", "\\x1b[2J", "@Size(1 2)", "x" * 5000, "@Rect(-9 -9 99999 99999)"]


def _junk_ini(path: Path, rng: random.Random) -> None:
    lines = []
    for group, keys in KEYS.items():
        lines.append(f"[{group}]")
        lines += [f"{key}={rng.choice(JUNK)}" for key in keys]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogateescape")


@pytest.mark.parametrize("seed", range(12))
def test_the_window_opens_whatever_the_settings_hold(qtbot, tmp_path, seed) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "settings.ini"
    _junk_ini(path, random.Random(seed))
    w = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    try:
        w.show()
        qtbot.waitExposed(w)
        assert w.isVisible()
        # the New game dialog fills itself from the remembered table, junk included
        dlg = NewGameDialog(w.comp, w)
        dlg.remember(w.settings.new_game())
        setup, _seed, kinds = dlg.result_setup()
        assert setup.players in (3, 4, 5) and len(kinds) == setup.players
        dlg.close()
        # and so does the print dialog: every option a valid one, ready to write
        from bsg_desktop.ui.print_pack import PrintDialog

        printing = PrintDialog(w.settings, w)
        printing.options().check()
        assert printing.folder.text()
        printing.close()
    finally:
        set_language("en")
        w.controller.stop()
