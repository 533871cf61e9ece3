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
    "window": ["rect", "maximised"],
    "ui": ["language", "fast_bots", "pace", "moments", "show_suspicion"],
    "files": ["recent", "last_dir"],
    "new_game": ["players", "names", "kinds", "level", "morale"],
    "session": ["clean_exit"],
    "print": ["folder", "paper", "lang", "ink", "layout", "exports", "die_face", "bleed",
              "cards"],
}
# Qt's own encodings too: the program reads the file itself, so a @Variant claiming 2^31
# list items is a text like any other, never built
JUNK = ["", "zz", "9", "-1", "1e999", "true", "@ByteArray(\\0\\xff)", "@Variant(\\0\\0\\0\\x7f)",
        "@Variant(\\0\\0\\0\\t\\x7f\\xff\\xff\\xff)",
        '"\\x40Variant(\\0\\0\\0\\t\\x7f\\xff\\xff\\xff)"',
        "[[[[]]]]", '{"a": [1, 2]}', "[1, 2, 3]", '"\\u0000"', "NaN",
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
        w.restore_placement()
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


VARIANT = "@Variant(\\0\\0\\0\\t\\x7f\\xff\\xff\\xff)"  # a QVariantList of 2^31 items
OPEN_WINDOW = """
import sys
from bsg_desktop.ui.command import _app
app = _app(offscreen=True)
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow
s = Settings(sys.argv[1])
w = MainWindow(settings=s, autosave_path=None, bot_delay_ms=0, animate=False)
w.show()
app.processEvents()
print(s.language(), s.clean_exit(), w.isVisible())
w.controller.stop()
"""


def test_a_qt_variant_claiming_two_billion_items_does_not_abort_the_window(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Read by QSettings this file aborts the process (std::bad_alloc, exit 134) at every
    start; in a process of its own, so a regression cannot take the test run with it."""
    import os
    import subprocess
    import sys

    path = tmp_path / "settings.ini"
    path.write_text(f"[ui]\nlanguage={VARIANT}\n[session]\nclean_exit={VARIANT}\n",
                    encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", OPEN_WINDOW, str(path)], capture_output=True,
                       text=True, timeout=120, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["en", "False", "True"]  # defaults for what is not a value


@pytest.mark.parametrize("content", [b"\xff\xfe\x00binary", b"language=hu\n",
                                     b"[ui\nx", b"x" * 1_000_001], ids=["binary", "no group",
                                                                        "bad group", "huge"])
def test_an_unreadable_settings_file_is_set_aside_and_said_once(qtbot, tmp_path, content) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bsg-express-desktop.conf"
    path.write_bytes(content)
    settings = Settings(path)
    assert settings.problem is not None and settings.problem != path
    assert settings.problem.read_bytes() == content  # kept beside it, under a new name
    assert settings.problem.name.startswith("bsg-express-desktop.broken-")
    assert not path.exists() and settings.language() == "en"
    w = MainWindow(settings=settings, autosave_path=None, bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    try:
        said = w.statusBar().currentMessage()
        assert "could not be read" in said and settings.problem.name in said
    finally:
        w.controller.stop()
    settings.set_language("hu")  # a new file, read without a word next time
    again = Settings(path)
    assert again.problem is None and again.language() == "hu"


def test_the_settings_come_back_as_they_were_stored(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.conf"
    s = Settings(path)
    s.set_window_rect(-1200, 40, 1100, 700)
    s.set_window_maximised(True)
    s.add_recent("/a, b/c.bsgx.json")  # a comma in a path is not a list
    s.set_new_game(4, ["Ann", "Ödön"], ["human", "computer"], "strong", True)
    s.set_print_choices({"paper": "a4", "exports": True, "bleed": 3.0})
    s.set_clean_exit(False)
    back = Settings(path)
    assert back.window_rect() == (-1200, 40, 1100, 700) and back.window_maximised()
    assert back.recent() == ["/a, b/c.bsgx.json"]
    game = back.new_game()
    assert game["players"] == 4 and game["names"][:2] == ["Ann", "Ödön"]  # type: ignore[index]
    assert game["morale"] is True and game["level"] == "strong"
    assert back.print_choices() == {"paper": "a4", "exports": True, "bleed": 3.0}
    assert back.clean_exit() is False and back.problem is None


def test_the_new_game_dialog_caps_a_name_so_every_phone_frame_fits(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A name typed or remembered at any length comes out at most `NAME_CHARS` long, and
    the game starts: a longer one would not fit a phone's fixed-size frame."""
    from bsg_desktop.data import load_components
    from bsg_desktop.engine import new_game
    from bsg_desktop.engine.setup import NAME_CHARS

    dlg = NewGameDialog(load_components())
    qtbot.addWidget(dlg)
    dlg.remember({"players": 3, "names": ["\U0001d538" * 3500, "Bea", "x" * 40]})
    setup, seed, _kinds = dlg.result_setup()
    assert max(len(n) for n in setup.names) == NAME_CHARS
    assert setup.names[1] == "Bea"
    assert new_game(setup, seed).players[0].name == setup.names[0]
