"""What keyboard and screen-reader players meet in the window: a picked die that has
the focus, the hand-over's number key, the names and roles readers announce, and log
lines that wrap (the AT-SPI reading under a real X server is tests/test_ui_atspi.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSize, Qt  # noqa: E402
from PySide6.QtGui import QAccessible, QColor, QIcon, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget  # noqa: E402

from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language, tr  # noqa: E402
from bsg_desktop.ui.decision import PANEL_CSS, DieButton  # noqa: E402
from bsg_desktop.ui.dialogs import NewGameDialog  # noqa: E402

SELECTED = QColor("#47d16c")  # a picked die's border (PANEL_CSS)
FOCUSED = QColor("#ffd84d")   # the focus ring


def count(img, colour: QColor, tol: int = 24) -> int:  # type: ignore[no-untyped-def]
    want = colour.getRgb()[:3]
    return sum(1 for x in range(img.width()) for y in range(img.height())
               if all(abs(a - b) <= tol for a, b in
                      zip(img.pixelColor(x, y).getRgb()[:3], want, strict=True)))


def test_a_picked_die_with_the_focus_shows_both_its_pick_and_the_ring(qtbot):  # type: ignore[no-untyped-def]
    host = QWidget(objectName="decision")
    host.setStyleSheet(PANEL_CSS)
    lay = QVBoxLayout(host)
    dice = []
    for _ in range(2):
        b = DieButton()
        b.setCheckable(True)
        face = QPixmap(54, 54)
        face.fill(QColor("#ffffff"))  # neither colour in the face itself
        b.setIcon(QIcon(face))
        b.setIconSize(QSize(54, 54))
        b.setText("1")
        lay.addWidget(b)
        dice.append(b)
    qtbot.addWidget(host)
    host.show()
    qtbot.waitExposed(host)
    host.activateWindow()
    die, other = dice
    die.setChecked(True)
    die.setFocus()
    qtbot.waitUntil(die.hasFocus)
    img = die.grab().toImage()
    assert count(img, FOCUSED) > 50, "the focus ring shows"
    assert count(img, SELECTED) > 50, "the die still shows it is picked"
    # picked without the focus, and focused without being picked, as before
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    picked = die.grab().toImage()
    assert count(picked, SELECTED) > 50 and count(picked, FOCUSED) == 0
    ringed = other.grab().toImage()
    assert count(ringed, FOCUSED) > 50 and count(ringed, SELECTED) == 0


def shown(iface, depth: int = 0) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(role, name) of every node a screen reader walks: Qt's accessibility tree, less
    what is not showing (as AT-SPI readers leave out nodes without SHOWING)."""
    if iface is None or not iface.isValid() or iface.state().invisible or depth > 60:
        return []
    out = [(iface.role().name, iface.text(QAccessible.Text.Name))]
    for i in range(iface.childCount()):
        out += shown(iface.child(i), depth + 1)
    return out


def test_the_hand_over_is_what_the_accessibility_tree_shows(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.start_game(Setup(players=3), 2)
    assert win.handing_over()
    prompt = win.panel.sentence.text()
    assert prompt, "the covered panel has a prompt to hide"
    nodes = shown(QAccessible.queryAccessibleInterface(win))
    names = [n for _r, n in nodes]
    assert tr("ui.handover.title") in names
    assert win.handover.text.text() in names
    assert ("Button", win.handover.button.accessibleName()) in nodes
    assert not any(prompt in n for n in names), "the covered prompt is not read out"
    win.handover.button.click()
    qtbot.waitUntil(lambda: not win.handing_over())
    names = [n for _r, n in shown(QAccessible.queryAccessibleInterface(win))]
    assert tr("ui.handover.title") not in names
    assert any(win.panel.sentence.text() in n for n in names)


def test_number_key_1_continues_the_hand_over_and_its_button_shows_it(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.start_game(Setup(players=3), 2)
    assert win.handing_over()
    hint = win.handover.key_hint
    assert hint.text() == "1" and hint.isVisible()
    assert win.handover.button.isAncestorOf(hint)
    n = len(win.controller.game.choices)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1)
    qtbot.waitUntil(lambda: not win.handing_over())
    assert len(win.controller.game.choices) == n, "1 continues: it chooses nothing yet"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_new_game_seat_boxes_are_named_for_readers(qtbot, lang):  # type: ignore[no-untyped-def]
    set_language(lang)
    try:
        dlg = NewGameDialog(load_components())
        qtbot.addWidget(dlg)
        for i, (label, name, kind, char) in enumerate(dlg.rows):
            seat = tr("ui.new.seat", n=i + 1)
            assert label.text() == seat
            for box, key in ((name, "ui.access.seat_name"), (kind, "ui.access.seat_kind"),
                             (char, "ui.access.seat_character")):
                said = tr(key, seat=seat)
                assert seat in said and box.accessibleName() == said, (i, box.accessibleName())
                # Linux readers take a combo box's label from its "labelled by" relation
                labels = QAccessible.queryAccessibleInterface(box).relations(
                    QAccessible.Relation.Label)
                assert [lb.text(QAccessible.Text.Name) for lb, _rel in labels] == [said]
            # the value is still read as the box's value
            value = QAccessible.queryAccessibleInterface(kind).text(QAccessible.Text.Value)
            assert value == kind.currentText()
    finally:
        set_language("en")


def test_the_board_and_its_items_have_a_meaningful_role(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.start_game(Setup(players=3), 2)
    win.controller.unlock()
    qtbot.waitUntil(lambda: QApplication.focusWidget() in win.panel.keyed)
    bv = win.board_view
    iface = QAccessible.queryAccessibleInterface(bv)
    assert iface.role() == QAccessible.Role.Graphic, iface.role()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F6)  # to the board's items
    qtbot.waitUntil(lambda: bv.hasFocus() and bv.reading)
    item = bv.focused_item()
    assert item is not None
    iface = QAccessible.queryAccessibleInterface(bv)
    assert iface.role() == QAccessible.Role.Graphic
    assert iface.text(QAccessible.Text.Name) == item.name
    assert iface.state().focused


def elided_lines(log) -> list[str]:  # type: ignore[no-untyped-def]
    """The log's lines drawn cut short with "…": those whose pixels change when Qt is
    told not to elide (the whole log is in view)."""
    QApplication.processEvents()
    log.setTextElideMode(Qt.TextElideMode.ElideNone)
    whole = log.viewport().grab().toImage()
    log.setTextElideMode(Qt.TextElideMode.ElideRight)
    drawn = log.viewport().grab().toImage()
    out = []
    for i in range(log.count()):
        r = log.visualItemRect(log.item(i)) & log.viewport().rect()
        assert r.height() > 10, "every line in view"
        if whole.copy(r) != drawn.copy(r):
            out.append(log.item(i).text())
    return out


def test_every_log_line_wraps_and_none_is_cut_short(qtbot):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QListWidgetItem

    from bsg_desktop.ui.log_panel import LogPanel

    # Hungarian runs long: the words of two log lines, cut after each word and with up
    # to three letters more, so that at some width a line only just needs one line more
    words = ("[W2]  A Cylonok győztek: a hatodik Raider is a DRADIS monitorra került. "
             "[D5]  William Adama visszavesz egy alacsony szakértelem kockát.").split()
    lines = [" ".join(words[:n]) + "x" * extra for n in range(4, len(words))
             for extra in range(3)]
    log = LogPanel()
    qtbot.addWidget(log)
    for text in lines:
        log.addItem(QListWidgetItem(text))
    log.resize(300, 2400)
    log.show()
    qtbot.waitExposed(log)
    for width in range(280, 310, 3):  # a side panel a little wider or narrower
        log.resize(width, 2400)
        qtbot.wait(10)  # laid out anew at this width
        assert elided_lines(log) == [], width


def test_a_new_log_line_is_measured_alone_and_a_new_width_measures_every_line(qtbot):  # type: ignore[no-untyped-def]
    """Laying out the log after a move reads the sizes its lines carry: only the new
    line is measured (a long game's moves cost no more than a short one's). A new
    width, and the scroll bar coming as the log grows, measure every line again, and
    each line then carries its size at the width it is painted at."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QListWidgetItem

    from bsg_desktop.ui.log_panel import LogPanel

    log = LogPanel()
    qtbot.addWidget(log)
    log.resize(300, 400)
    log.show()
    qtbot.waitExposed(log)
    measured: list[int] = []
    measure = log.lines.measure
    log.lines.measure = lambda index: (measured.append(index.row()), measure(index))[1]  # type: ignore[method-assign]

    def sized_for_its_width() -> bool:
        return all(log.item(i).data(Qt.ItemDataRole.SizeHintRole) == measure(
            log.indexFromItem(log.item(i))) for i in range(log.count()))

    line = "[D4]  Gaius Baltar visszavesz egy alacsony szakértelem kockát."
    bar = log.verticalScrollBar()
    while not bar.isVisible():  # the log grows until the scroll bar comes
        measured.clear()
        log.addItem(QListWidgetItem(f"{log.count()} {line}"))
        log._to_end()
        qtbot.wait(5)
        if not bar.isVisible():
            assert measured == [log.count() - 1]  # the new line alone
    assert log.count() > 5 and sized_for_its_width()  # measured again for the bar
    measured.clear()
    log.addItem(QListWidgetItem(line))
    log._to_end()
    qtbot.wait(5)
    assert measured == [log.count() - 1] and sized_for_its_width()
    measured.clear()
    log.resize(240, 400)
    qtbot.wait(5)
    assert sorted(set(measured)) == list(range(log.count())) and sized_for_its_width()
