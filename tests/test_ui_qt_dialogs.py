"""Qt's own parts of the window in use: the Open and Save as dialogs speak Hungarian in
full (Qt asks for "&Look in:" where its Hungarian catalogue has only "Look in:"), and
File → Quit answers Ctrl+Q on every platform, asking before an unfinished game is lost.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import pass_screen  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPushButton  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.qtlang import _with_mnemonic  # noqa: E402

# Qt's English texts of the file dialog, as Qt asks for them and as a catalogue has them
ENGLISH = {variant for text in ("Look in", "Files of type", "File name", "Open", "Save",
                                "Cancel", "Choose")
           for variant in (text, text + ":", "&" + text, "&" + text + ":")}
ENGLISH |= {"File &name:", "Files of &type:", "&Look in:", "&Open", "&Save", "&Choose"}


def _texts(dlg: QFileDialog) -> list[str]:
    return [w.text() for w in dlg.findChildren(QLabel) + dlg.findChildren(QPushButton)
            if w.isVisible() and w.text()]


def test_open_and_save_as_dialogs_are_hungarian_throughout(
        new_window, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    win.set_language("hu")
    win.settings.set_last_dir(str(tmp_path))
    win.start_game(Setup(players=3), 5)
    seen: dict[str, list[str]] = {}

    def look(dlg: QFileDialog) -> int:  # what the player sees, then Cancel
        dlg.show()
        seen[dlg.windowTitle()] = _texts(dlg)
        assert dlg.testOption(QFileDialog.Option.DontUseNativeDialog)  # Qt's own, translated
        return 0

    monkeypatch.setattr(QFileDialog, "exec", look)
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    win.act_open.trigger()  # the window's own File → Open and File → Save as
    win.act_save_as.trigger()
    assert len(seen) == 2
    for title, texts in seen.items():
        assert not set(texts) & ENGLISH, (title, texts)
        assert {"&Keresés itt:", "Fájl&név:", "Fájlok &típusa:", "Mégse"} <= set(texts)
    opened, saved = seen.values()
    assert "&Megnyitás" in opened and "Menté&s" in saved


def test_a_borrowed_translation_keeps_the_mnemonic_on_a_letter_it_has() -> None:
    assert _with_mnemonic("Files of &type:", "Fájlok típusa:") == "Fájlok &típusa:"
    assert _with_mnemonic("&Look in:", "Keresés itt:") == "&Keresés itt:"  # no L: first
    assert _with_mnemonic("Fish && &Chips", "Hal és sült") == "&Hal és sült"  # "&&" is no mark
    assert _with_mnemonic("&Open", "Megny&itás") == "Megny&itás"  # its own is kept


def test_ctrl_q_quits_and_asks_first_with_a_game_unfinished(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    assert QKeySequence("Ctrl+Q") in win.act_quit.shortcuts()
    assert len(set(k.toString() for k in win.act_quit.shortcuts())) == \
        len(win.act_quit.shortcuts())  # no key twice (an ambiguous shortcut does nothing)
    win.start_game(Setup(players=3), 5)
    pass_screen(win)
    g = win.controller.game
    win.panel.click_choice(g.pending.options[0])  # type: ignore[union-attr]
    asked: list[int] = []
    win.ask_unsaved = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel
    qtbot.wait(5)  # the event loop runs between a click and a key press
    qtbot.keyClick(win, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert asked == [1] and win.isVisible()  # asked; Cancel keeps the game
    win.ask_unsaved = lambda: asked.append(2) or QMessageBox.StandardButton.Discard
    qtbot.keyClick(win, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert asked == [1, 2] and not win.isVisible()


def test_the_file_dialog_names_file_types_in_hungarian_and_shows_whole_headers(
        new_window, tmp_path, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The Type column is the mime database's, in the default locale's language, and
    every column header ("Módosítás dátuma") and cell fits its column."""
    from PySide6.QtWidgets import QTreeView

    from bsg_desktop.i18n import tr

    (tmp_path / "bsg-express.bsgx.json").write_text("{}", encoding="utf-8")
    win = new_window()
    win.set_language("hu")
    dlg = win.open_file_dialog("Megnyitás", str(tmp_path), tr("ui.save.filter"))
    dlg.show()
    view = dlg.findChild(QTreeView)
    model = view.model()
    qtbot.waitUntil(lambda: model.rowCount(view.rootIndex()) == 1)
    row = model.index(0, 2, view.rootIndex())
    assert model.data(row) == "JSON dokumentum"
    head, metrics = view.header(), view.fontMetrics()
    for col in range(1, 4):
        title = model.headerData(col, Qt.Orientation.Horizontal)
        cell = model.data(model.index(0, col, view.rootIndex()))
        need = max(metrics.horizontalAdvance(title), metrics.horizontalAdvance(cell))
        assert head.sectionSize(col) >= need, (title, cell)
    dlg.deleteLater()
