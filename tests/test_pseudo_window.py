"""The window in the pseudo-language ``qps`` (tests/pseudo.py): every text a player sees
came through the translation layer (it has no word of plain letters), and every label
and button is wide enough for words a third longer than English.

Run offscreen at 1024×640 and 1280×720, on the start screen and in a game with a
human's decision up, the hand-over page and a lesson with its narration editor.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from pseudo import QPS, install, plain_words, pseudo, write_lessons  # noqa: E402
from PySide6.QtCore import QSize  # noqa: E402
from PySide6.QtGui import Qt  # noqa: E402  (mightBeRichText is QtGui's)
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QTabBar,
    QWidget,
)

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import LANGUAGES  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.lesson_editor import NarrationEditor  # noqa: E402
from bsg_desktop.ui.widgets import WrapButton  # noqa: E402

# words that are no language's: the game's name, the art's licence and its authors
NOT_WORDS = frozenset({"BSG", "Express", "CC", "BY", "Lorc", "Delapouite", "Skoll"})


@pytest.fixture
def qps(monkeypatch, tmp_path):  # type: ignore[no-untyped-def]
    """``qps`` installed, the course's lessons speaking it too."""
    from bsg_desktop.teach import DEMO_DIR
    from bsg_desktop.ui.lesson_screen import LessonScreen

    monkeypatch.setattr(LessonScreen, "demo_dir", write_lessons(DEMO_DIR, tmp_path / "demos"))
    yield from install(monkeypatch, tmp_path)


def _plain(text: str) -> bool:
    return not Qt.mightBeRichText(text)


_TAG = re.compile(r"<[^<>]*>|&\w+;")


def words_shown(text: str) -> str:
    """What a label shows of ``text``: rich text without its tags."""
    return text if _plain(text) else _TAG.sub(" ", text)


def _qt_own(w: QWidget) -> bool:
    """A button Qt names itself (OK, Cancel, a dock's Close): Qt's catalogue for the
    language translates it (qtlang.py), and Qt has none for a pseudo-language."""
    box = w.parent()
    return (w.objectName().startswith("qt_") or isinstance(box, QDialogButtonBox)
            and box.standardButton(w) != QDialogButtonBox.StandardButton.NoButton)


def _other_language(w: QWidget) -> bool:
    """A narration editor's field for another language, which shows that language."""
    editor = w.parent()
    while editor is not None and not isinstance(editor, NarrationEditor):
        editor = editor.parent()
    return editor is not None and any(
        w is fields[lang] for fields in (editor.title, editor.intro, editor.say)
        for lang in fields if lang != QPS)


def shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) for every text a player sees in ``root``'s visible widgets and its
    menus (labels, buttons, tabs, boxes' items, hints of empty fields, tooltips)."""
    out: list[tuple[str, str]] = []

    def add(w: QWidget, what: str, text: str) -> None:
        if text and text.strip():
            out.append((f"{type(w).__name__}#{w.objectName()}.{what}", text))

    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or isinstance(w, QMenu) or _qt_own(w) or _other_language(w):
            continue
        add(w, "toolTip", w.toolTip())
        add(w, "accessibleName", w.accessibleName())
        if isinstance(w, QLabel | QAbstractButton):
            add(w, "text", w.text())
        if isinstance(w, QGroupBox):
            add(w, "title", w.title())
        if isinstance(w, QLineEdit | QPlainTextEdit):
            add(w, "placeholder", w.placeholderText())
        if isinstance(w, QComboBox):
            for i in range(w.count()):
                add(w, f"item{i}", w.itemText(i))
        if isinstance(w, QTabBar):
            for i in range(w.count()):
                add(w, f"tab{i}", w.tabText(i))
                add(w, f"tabtip{i}", w.tabToolTip(i))
    menus = [a.menu() for a in root.menuBar().actions()] if hasattr(root, "menuBar") else []
    while menus:
        menu = menus.pop()
        add(menu, "title", menu.title())
        for a in menu.actions():
            add(menu, "action", a.text().split("\t")[0])  # the key's name is Qt's
            add(menu, "actiontip", a.toolTip() if a.toolTip() != a.text() else "")
            if a.menu() is not None:
                menus.append(a.menu())
    return out


def clipped(root: QWidget) -> list[str]:
    """Visible one-line labels and buttons whose text is wider than their room."""
    out = []
    for w in root.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, QLabel) and not w.wordWrap() and w.text() and _plain(w.text()):
            room = w.contentsRect().width() - 2 * max(0, w.margin()) - max(0, w.indent())
            need = max(w.fontMetrics().horizontalAdvance(line) for line in w.text().split("\n"))
        elif isinstance(w, QPushButton) and w.text() and not isinstance(w, WrapButton):
            # the words, with the button's padding and border (its style sheet's) around them
            text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            words = max(w.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
            icon = w.iconSize().width() + 4 if not w.icon().isNull() else 0
            opt = QStyleOptionButton()
            w.initStyleOption(opt)
            room = w.width()
            need = w.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, opt,
                                              QSize(words + icon, w.height()), w).width()
        else:
            continue
        if need > room + 1:
            out.append(f"{type(w).__name__}#{w.objectName()} {w.text()!r}: "
                       f"{need} px in {room} px")
    return out


def findings(win: QWidget, root: QWidget | None = None) -> list[str]:
    """What in ``root`` (the window, its log and board by default) is untranslated or
    clipped, one line each."""
    texts = shown_texts(root or win)
    if root is None:
        texts += [("log", win.log.item(i).text()) for i in range(win.log.count())]
        texts += [("log tip", win.log.item(i).toolTip()) for i in range(win.log.count())]
        texts += [("board", t) for t in win.scene.all_texts()]
    # a player's name as typed, and each language by its own name (the language menu)
    names = frozenset(w for p in (win.controller.game.players if win.controller.game else ())
                      for w in plain_words(p.name or ""))
    allowed = NOT_WORDS | names | frozenset(w for name in LANGUAGES.values()
                                            for w in plain_words(name))
    bad = [f"{where}: {text!r} {plain_words(words_shown(text), allowed)}"
           for where, text in texts if plain_words(words_shown(text), allowed)]
    return sorted(set(bad)) + clipped(root or win)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_every_shown_text_is_translated_and_fits(qps: Path, new_window, qtbot,  # type: ignore[no-untyped-def]
                                                 size: tuple[int, int]) -> None:
    win = new_window(size)
    win.set_language(QPS)
    qtbot.wait(10)
    seen = findings(win)
    win.start_game(Setup(players=4), 5, [HUMAN, HUMAN, COMPUTER, COMPUTER])
    for _ in range(24):
        win.controller.play_bots_now()
        if win.controller.needs_handover():
            seen += findings(win)
            win.controller.unlock()
        qtbot.wait(1)
        seen += findings(win)
        g = win.controller.game
        if g.outcome is not None or not g.pending.options:
            break
        win.controller.choose(g.pending.options[0])
    seen += findings(win)
    assert not sorted(set(seen)), "\n".join(sorted(set(seen)))


def test_a_lesson_its_editor_and_the_dialogs_are_translated_and_fit(  # type: ignore[no-untyped-def]
        qps: Path, new_window, qtbot) -> None:
    from bsg_desktop.bots import make_bot
    from bsg_desktop.engine import new_game
    from bsg_desktop.ui.cardview import CardViewer
    from bsg_desktop.ui.dialogs import GameOverDialog, NewGameDialog, RulesDialog
    from bsg_desktop.ui.lesson_screen import LessonScreen
    from bsg_desktop.ui.print_pack import PrintDialog
    from bsg_desktop.ui.review import SaveLessonDialog

    win = new_window((1280, 720))
    win.set_language(QPS)
    first = sorted(Path(LessonScreen.demo_dir).glob("*.yaml"))[0]
    assert win.open_demo(first)
    win.review_tools.act_editor.setChecked(True)  # beside the lesson: the panel is narrower
    qtbot.wait(10)
    editor = win.review_tools.editor
    assert sorted(editor.title) == sorted(LANGUAGES)  # a title field for each language
    editor.title[QPS].setText("[Ţĥé ƒíŕšţ]")
    editor.intro["hu"].setPlainText("")  # left empty: it saves the English
    saved = yaml.safe_load(editor.file_text())
    assert saved["title"][QPS] == "[Ţĥé ƒíŕšţ]" and saved["intro"]["hu"] == saved["intro"]["en"]
    seen = findings(win)
    for _ in range(3):
        win.act_lesson_forward.trigger()
        qtbot.wait(5)
        seen += findings(win)
    over = new_game(Setup(players=5), 4, components=win.comp)
    bots = [make_bot("random", seed=s) for s in range(5)]
    while over.outcome is None and over.pending is not None:
        over.apply(bots[over.pending.seat].choose(over.view(over.pending.seat), over.pending))
    for dialog in (NewGameDialog(win.comp, win), PrintDialog(win.settings, win),
                   RulesDialog(win), SaveLessonDialog(5, 20, win), CardViewer(win.comp, win),
                   GameOverDialog(win.comp, over.view(None), win, me=2)):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        seen += [f"{type(dialog).__name__}: {f}" for f in findings(win, dialog)]
        dialog.close()
    assert not sorted(set(seen)), "\n".join(sorted(set(seen)))


def test_the_checks_catch_plain_text_and_a_cut_label(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The two checks above can fail: a hard-coded English label is reported, and so is
    a label narrower than its words."""
    root = QWidget()
    qtbot.addWidget(root)
    hard_coded = QLabel("Pass the screen", root)
    hard_coded.move(0, 0)
    narrow = QLabel(pseudo("Pass the screen"), root)
    narrow.setGeometry(0, 30, 40, 20)
    root.resize(400, 80)
    root.show()
    qtbot.waitExposed(root)
    assert [plain_words(t) for _w, t in shown_texts(root)] == [["Pass", "the", "screen"], []]
    assert len(clipped(root)) == 1 and "40 px" in clipped(root)[0]
