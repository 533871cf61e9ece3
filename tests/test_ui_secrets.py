"""The window keeps the seed secret while a game runs, and says what a save holds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import pass_screen  # noqa: E402
from loops import bounded

from bsg_desktop.engine import Setup, fresh_seed, visible_log  # noqa: E402
from bsg_desktop.ui.dialogs import GameOverDialog, NewGameDialog  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def win(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    w = MainWindow(settings=Settings(tmp_path / "settings.ini"),
                   autosave_path=tmp_path / "autosave.bsgx.json", bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    yield w
    w.controller.stop()


def test_new_game_seed_is_secret_and_64_bit(win) -> None:  # type: ignore[no-untyped-def]
    dlg = NewGameDialog(win.comp, win)
    assert not dlg.seed_typed.isChecked() and not dlg.seed.isEnabled()
    assert dlg.seed.text() == ""  # nothing to read off the dialog
    assert not dlg.seed_note.isVisibleTo(dlg)
    seeds = {dlg.result_setup()[1] for _ in range(8)}
    assert len(seeds) == 8 and max(s.bit_length() for s in seeds) > 56
    assert all(0 <= s < 2**64 for s in seeds)


def test_typed_seed_is_possible_with_a_warning(win) -> None:  # type: ignore[no-untyped-def]
    dlg = NewGameDialog(win.comp, win)
    dlg.seed_typed.setChecked(True)
    assert dlg.seed.isEnabled() and dlg.seed_note.isVisibleTo(dlg)
    assert "every secret" in dlg.seed_note.text()
    dlg.seed.setText("12345")
    assert dlg.result_setup()[1] == 12345


def test_fresh_seeds_differ_and_use_64_bits() -> None:
    seeds = [fresh_seed() for _ in range(16)]
    assert len(set(seeds)) == 16 and max(s.bit_length() for s in seeds) > 56


def test_seed_nowhere_on_screen_during_the_game_shown_after(win, qtbot,  # type: ignore[no-untyped-def]
                                                            tmp_path: Path) -> None:
    seed = fresh_seed()
    win.start_game(Setup(players=3), seed)
    g = win.controller.game
    rng = random.Random(1)
    for _ in range(40):
        if g.outcome is not None:
            break  # over: the seed may show now (below)
        pass_screen(win)
        texts = win.widget_texts() + win.scene.all_texts() + [win.windowTitle()]
        assert not [t for t in texts if str(seed) in t], seed
        win.panel.click_choice(rng.choice(g.pending.options))
    assert not any(str(seed) in str(e.data) for e in visible_log(g, None))
    assert str(seed) not in str(win.controller.autosave_path)
    assert not any(str(seed) in p for p in win.settings.recent())
    for _ in bounded():
        if g.outcome is not None:
            break
        pass_screen(win)
        win.panel.click_choice(rng.choice(g.pending.options))
    assert win.game_over_dialog is not None
    assert str(seed) in win.game_over_dialog.seed.text()
    assert str(seed) in GameOverDialog(win.comp, g.view(None), win, seed=seed).seed.text()


def test_save_dialog_says_a_save_holds_every_secret_in_its_body(
        win, qtbot, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The warning is a label inside the dialog, beside the file name and Save, in both
    languages; the title is only the title. Save as goes through that dialog."""
    from PySide6.QtWidgets import QLabel, QLineEdit

    from bsg_desktop.i18n import set_language

    win.start_game(Setup(players=3), 5)
    try:
        for lang, words in (("en", "every secret"), ("hu", "minden titkát")):
            set_language(lang)
            dlg = win.save_file_dialog(str(tmp_path / "game.bsgx.json"))
            dlg.show()
            qtbot.waitExposed(dlg)
            label = dlg.findChild(QLabel, "save_secrets")
            assert label is not None and label.isVisible() and words in label.text()
            assert words not in dlg.windowTitle()
            # inside the dialog, wide enough to read, below the file name field
            assert dlg.rect().contains(label.geometry()) and label.width() > 400
            name = next(e for e in dlg.findChildren(QLineEdit) if e.isVisible())
            assert label.mapTo(dlg, label.rect().topLeft()).y() > \
                name.mapTo(dlg, name.rect().topLeft()).y()
            assert name.text() == "game.bsgx.json"
            dlg.reject()
    finally:
        set_language("en")
    asked: list[str] = []
    target = tmp_path / "kept.bsgx.json"
    win.ask_save_path = lambda start: asked.append(start) or str(target)
    assert win.save_as() and target.exists() and asked[0].endswith(".bsgx.json")
