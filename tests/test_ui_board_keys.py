"""The board by keyboard and screen reader: F6 (or Tab) reaches the board, the arrow
keys step through its cards and tokens with a visible focus ring, screen readers hear
each item (Qt's accessibility interface), Enter opens it large and Escape comes back to
the same item; nothing the board offers names a hidden card during a hand-over."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import cylon_seed, play_until_damage  # noqa: E402
from PySide6.QtCore import QRect, Qt  # noqa: E402
from PySide6.QtGui import QAccessible, QColor  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language, text  # noqa: E402
from bsg_desktop.present.board import board_items  # noqa: E402
from bsg_desktop.present.words import card_words  # noqa: E402
from bsg_desktop.ui.boardkeys import RING, item_rect  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

DIGITS = [getattr(Qt.Key, f"Key_{n}") for n in range(1, 10)]


@pytest.fixture
def win(new_window):  # type: ignore[no-untyped-def]
    return new_window((1280, 720))


def key(qtbot, k: Qt.Key) -> None:  # type: ignore[no-untyped-def]
    """A key press where a keyboard player's press goes: the focused widget."""
    QApplication.processEvents()
    target = QApplication.focusWidget()
    assert target is not None, "something must have the keyboard focus"
    qtbot.keyClick(target, k)
    QApplication.processEvents()


def acc_name(widget) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    i = QAccessible.queryAccessibleInterface(widget)
    assert i is not None and i.isValid()
    return i.text(QAccessible.Text.Name), i.text(QAccessible.Text.Description)


def walk_to(win: MainWindow, qtbot, wanted: str) -> None:  # type: ignore[no-untyped-def]
    """Right arrow until the board's focus is on ``wanted`` (at most once round)."""
    for _ in range(len(win.board_view.items_) + 1):
        if win.board_view.current == wanted:
            return
        key(qtbot, Qt.Key.Key_Right)
    raise AssertionError(f"{wanted} not reached: {[i.key for i in win.board_view.items_]}")


def hungarian_game_at_its_choices(win: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A Hungarian 4-player game (seed 3), unlocked, the keyboard on its first choices."""
    set_language("hu")
    win.set_language("hu")
    win.start_game(Setup(players=4), seed=3)
    win.controller.unlock()
    qtbot.waitUntil(lambda: QApplication.focusWidget() in win.panel.keyed)


def ring_pixels(win: MainWindow, item: str) -> int:
    """Pixels of the focus ring's yellow in a band just outside the item's outline."""
    bv = win.board_view
    r = bv.mapFromScene(item_rect(win.scene, item)).boundingRect()  # type: ignore[arg-type]
    img = bv.viewport().grab().toImage()
    ring, n = QColor(RING), 0
    band = r.adjusted(-12, -12, 12, 12)
    for x in range(band.left(), band.right(), 2):
        for y in range(band.top(), band.bottom(), 2):
            if QRect(r).adjusted(2, 2, -2, -2).contains(x, y) or not img.rect().contains(x, y):
                continue
            c = img.pixelColor(x, y)
            if abs(c.red() - ring.red()) + abs(c.green() - ring.green()) + \
                    abs(c.blue() - ring.blue()) < 40:
                n += 1
    return n


def open_and_close(win: MainWindow, qtbot, item: str, title: str, body: str) -> None:  # type: ignore[no-untyped-def]
    walk_to(win, qtbot, item)
    key(qtbot, Qt.Key.Key_Return)
    v = win.card_viewer
    assert v is not None and v.isVisible() and QApplication.focusWidget() in (
        v, *v.findChildren(type(QApplication.focusWidget())))
    assert v.title.text() == title and body in v.body.text()
    key(qtbot, Qt.Key.Key_Escape)
    assert not v.isVisible()
    assert QApplication.focusWidget() is win.board_view
    assert win.board_view.current == item


def test_board_by_keys_cards_admiral_and_damage_open_large(win, qtbot):  # type: ignore[no-untyped-def]
    loc = play_until_damage(win)
    g = win.controller.game
    bv = win.board_view
    qtbot.waitUntil(lambda: QApplication.focusWidget() in win.panel.keyed)
    key(qtbot, Qt.Key.Key_F6)  # Help → Cards and tokens on the board
    assert QApplication.focusWidget() is bv and bv.current == "card.0"
    order = [i.key for i in bv.items_]
    seats = [f"card.{s}" for s in range(4)]
    assert order[:4] == seats and order.index(f"damage.{loc}") < order.index("admiral") \
        < order.index("jump") < order.index("distance")
    name, desc = acc_name(bv)
    assert name.startswith("Player 1, character card: ") and "Item 1 of" in desc
    # the ring shows on the focused card, and leaves with the focus
    assert ring_pixels(win, "card.0") > 40

    ch = win.comp.character(g.players[1].character)  # type: ignore[union-attr]
    open_and_close(win, qtbot, "card.1", text(ch.name), text(ch.brig))
    name, desc = acc_name(bv)
    assert name.startswith("Player 2, character card: " + text(ch.name))
    assert text(ch.ability) in desc and "Enter" in desc
    assert ring_pixels(win, "card.1") > 40 and ring_pixels(win, "card.0") == 0

    d = win.comp.damage(loc)
    open_and_close(win, qtbot, f"damage.{loc}", text(d.name), text(d.text))
    assert acc_name(bv)[0] == f"Damage marker: {text(d.name)}"
    open_and_close(win, qtbot, "admiral", text(win.comp.admiral_title),
                   text(win.comp.admiral_text))
    assert acc_name(bv)[0].startswith("Admiral card, held by ")
    # the tracks have names but nothing to open; Home goes back to the first seat
    walk_to(win, qtbot, "jump")
    assert acc_name(bv)[0] == f"FTL jump track: {g.jump_track} of 3"  # type: ignore[union-attr]
    key(qtbot, Qt.Key.Key_Return)
    assert not win.card_viewer.isVisible()  # type: ignore[union-attr]
    key(qtbot, Qt.Key.Key_Home)
    assert bv.current == "card.0"

    # Escape goes back to the choices, the board is the whole board again for a reader
    key(qtbot, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is win.panel.keyed[0]
    assert acc_name(bv)[0] == "The board" and ring_pixels(win, "card.0") == 0
    # the decision panel keeps its keys: Enter presses the focused choice there
    before = len(g.choices)  # type: ignore[union-attr]
    key(qtbot, Qt.Key.Key_Return)
    assert len(win.controller.game.choices) == before + 1  # type: ignore[union-attr]


def test_board_keys_in_hungarian_and_number_keys_still_choose(win, qtbot):  # type: ignore[no-untyped-def]
    hungarian_game_at_its_choices(win, qtbot)
    win.act_board.trigger()
    assert win.act_board.text() == "Kártyák és jelzők a &táblán"
    bv = win.board_view
    assert QApplication.focusWidget() is bv
    key(qtbot, Qt.Key.Key_Right)
    name, desc = acc_name(bv)
    assert name.startswith("2. játékos karakterkártyája: ") and "A táblán: 2 /" in desc
    assert "Esc: vissza a választáshoz" in desc
    # Tab reaches the board too: Shift+Tab from the first choice gets there
    win.panel.focus_first()
    for _ in range(20):
        key(qtbot, Qt.Key.Key_Backtab)
        if QApplication.focusWidget() is bv:
            break
    assert QApplication.focusWidget() is bv and bv.reading
    key(qtbot, Qt.Key.Key_Home)
    key(qtbot, Qt.Key.Key_Right)
    # a refresh (a bot's move, the language) keeps the player's place on the board
    win.refresh()
    qtbot.wait(5)
    assert QApplication.focusWidget() is bv and bv.current == "card.1"
    # the lesson's Left/Right/Home do not take the board's arrows; 1-9 still choose
    g = win.controller.game
    before = len(g.choices)  # type: ignore[union-attr]
    key(qtbot, Qt.Key.Key_1)
    assert len(win.controller.game.choices) == before + 1  # type: ignore[union-attr]


def test_the_board_keeps_its_reader_while_computers_play(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=4), seed=3, seat_kinds=[HUMAN, COMPUTER, COMPUTER, COMPUTER])
    c = win.controller
    qtbot.waitUntil(lambda: c.pending_seat == 0 and QApplication.focusWidget() in win.panel.keyed)
    key(qtbot, Qt.Key.Key_F6)
    bv = win.board_view
    assert bv.current == "card.0" and "Deciding now" in acc_name(bv)[0]
    heard: list[str] = []
    bv.item_focused.connect(heard.append)
    for _ in range(40):  # the player's decisions, made elsewhere, till a computer's turn
        if c.pending_seat != 0:
            break
        c.choose(c.game.pending.options[0])  # type: ignore[union-attr]
    assert c.pending_seat != 0
    # the board is redrawn: the reader stays on the same card, its words follow the
    # game, and it is not announced again as if the focus had moved
    assert "Deciding now" not in acc_name(bv)[0]
    qtbot.wait(30)  # the computers play on
    assert QApplication.focusWidget() is bv and bv.current == "card.0"
    assert not heard
    key(qtbot, Qt.Key.Key_Right)
    assert heard and heard[-1].startswith("Player 2") and bv.current == "card.1"


def test_board_items_name_no_hidden_card_during_the_hand_over(win, qtbot):  # type: ignore[no-untyped-def]
    seed, cylon = cylon_seed()
    win.start_game(Setup(players=4), seed)
    c = win.controller
    g = c.game
    secret = card_words(win.comp, g.players[cylon].loyalty[0])  # type: ignore[union-attr]
    bv = win.board_view
    rng = random.Random(4)
    handovers = 0
    for _ in range(80):
        g = c.game
        if g.outcome is not None or g.players[cylon].revealed:  # type: ignore[union-attr]
            break
        if win.handing_over():
            handovers += 1
            words = bv.item_texts() + list(acc_name(bv))
            assert words and not any(secret in w for w in words)
            public = board_items(win.comp, g.view(None))  # type: ignore[union-attr]
            assert [(i.name, i.text) for i in bv.items_] == \
                [(i.name, i.text) for i in public if i.key in {j.key for j in bv.items_}]
            win.act_board.trigger()  # F6: the public board beside the cover is readable
            assert QApplication.focusWidget() is bv
            win.act_board.trigger()  # and F6 again is back on the cover's Continue
            assert QApplication.focusWidget() is win.handover.button
            key(qtbot, Qt.Key.Key_Space)
            continue
        if c.unlocked != cylon:
            assert not any(secret in w for w in bv.item_texts())
        # choose from the board: focus it, then the number key picks the choice
        opts = g.pending.options  # type: ignore[union-attr]
        n = rng.randrange(min(len(opts), 9))
        keyed = win.panel.keyed
        if win.panel.contribute_button is None and n < len(keyed) and keyed[n].isVisible():
            win.act_board.trigger()
            assert QApplication.focusWidget() is bv
            key(qtbot, Qt.Key.Key_Right)
            key(qtbot, DIGITS[n])
        else:
            c.choose(rng.choice(opts))
        QApplication.processEvents()
    assert handovers > 5


def test_a_new_game_or_lesson_on_the_board_names_the_focused_item_anew(win, qtbot):  # type: ignore[no-untyped-def]
    hungarian_game_at_its_choices(win, qtbot)
    key(qtbot, Qt.Key.Key_F6)
    bv = win.board_view
    walk_to(win, qtbot, "card.3")
    before = bv.focused_item().name  # type: ignore[union-attr]
    assert win.statusBar().currentMessage().startswith(before)
    # F5: the presenter view opens the first lesson; the ring stays on the fourth seat
    key(qtbot, Qt.Key.Key_F5)
    assert win.lesson is not None and QApplication.focusWidget() is bv and bv.reading
    assert bv.current == "card.3"
    now = bv.focused_item().name  # type: ignore[union-attr]
    assert now != before  # another character sits there in the lesson
    assert win.statusBar().currentMessage().startswith(now)
    assert acc_name(bv)[0] == now
    # the lesson's own steps are moves on the same table: no new announcement
    heard: list[str] = []
    bv.item_focused.connect(heard.append)
    win.lesson_forward()
    assert not heard and acc_name(bv)[0] == bv.focused_item().name  # type: ignore[union-attr]
    win.toggle_presenter()


def test_the_board_follows_the_scene_only_while_a_keyboard_player_is_on_it(win, qtbot):  # type: ignore[no-untyped-def]
    """While anything listens to the scene's ``changed``, Qt repaints the whole scene for
    every item taken out of it (a seat panel on each move): the board listens, for its
    ring on a gliding token, only while it has the focus."""
    from PySide6.QtCore import SIGNAL

    win.start_game(Setup(players=4), seed=3, seat_kinds=[HUMAN, COMPUTER, COMPUTER, COMPUTER])
    c = win.controller
    qtbot.waitUntil(lambda: c.pending_seat == 0 and QApplication.focusWidget() in win.panel.keyed)
    scene = win.board_view.scene()

    def listeners() -> int:
        return scene.receivers(SIGNAL("changed(QList<QRectF>)"))

    assert listeners() == 0
    key(qtbot, Qt.Key.Key_F6)
    assert QApplication.focusWidget() is win.board_view and listeners() == 1
    assert ring_pixels(win, "card.0") > 40
    key(qtbot, Qt.Key.Key_Escape)
    assert listeners() == 0 and ring_pixels(win, "card.0") == 0
    c.choose(c.game.pending.options[0])  # type: ignore[union-attr]
    QApplication.processEvents()
    assert listeners() == 0
