"""The board as a player reads it (issue 42), at 1024×640, 1280×720 and 1920×1080, in
English and Hungarian: the seal's parts of characters not in the game are greyed and
marked unused on the window and the table page (the printed board keeps them all);
spent dice show the faces the log named when they were contributed, and only those
(the public view's, the same in every twin world); no two words the board paints
overlap; your own loyalty card opens large, legible (its smallest words at least
12 px), and never outlives the view that showed it."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QRect, Qt  # noqa: E402
from PySide6.QtGui import QPainterPath  # noqa: E402
from PySide6.QtWidgets import QToolButton  # noqa: E402
from test_ui_board_text import play  # noqa: E402

from bsg_desktop.art import board as board_art  # noqa: E402
from bsg_desktop.art.shapes import labels  # noqa: E402
from bsg_desktop.companion.table import art_document, board_state  # noqa: E402
from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.engine import SPENT, Setup, new_game  # noqa: E402
from bsg_desktop.engine.twins import twin  # noqa: E402
from bsg_desktop.i18n import set_language, text, tr  # noqa: E402
from bsg_desktop.present.layout import BoardLayout  # noqa: E402
from bsg_desktop.ui.loyalty_view import (  # noqa: E402
    MIN_CARD_PX,
    loyalty_drawing,
    smallest_text_mm,
)
from bsg_desktop.ui.qtart import merge_text_runs  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
COMP = load_components()


@pytest.fixture
def window(new_window):  # type: ignore[no-untyped-def]
    """conftest's window, made in the language asked for."""
    def make(size: tuple[int, int], lang: str) -> MainWindow:
        set_language(lang)
        return new_window(size)  # type: ignore[no-any-return]

    return make


def board_words(win: MainWindow) -> list[tuple[str, QPainterPath]]:
    """Every run of words the board view paints now, as the outlines of its letters on
    the screen (a turned name's box would cover its neighbours' letters it never
    touches)."""
    out = []
    view = win.board_view
    board = win.scene._board_item
    assert board is not None
    to_screen = view.viewportTransform()
    for op in merge_text_runs(board.shown_ops()):
        if op.texts:
            out.append((" ".join(op.texts), to_screen.map(board.mapToScene(op.path))))
    for tok in win.scene.tokens.values():
        if tok.isVisible() and tok.look[0] == "spent":
            for child, op in tok.text_parts:
                if child.isVisible():
                    out.append((" ".join(op.texts),
                                to_screen.map(child.mapToScene(child.path()))))
    return out


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_absent_characters_parts_are_marked_unused_and_no_words_overlap(  # type: ignore[no-untyped-def]
        window, qtbot, lang) -> None:
    win = window(SIZES[0], lang)
    play(win, 3, seed=11, steps=30)  # three of five characters: two parts unused
    assert any(t.look[0] == "spent" for t in win.scene.tokens.values())  # values shown
    for size in SIZES:
        win.resize(*size)
        qtbot.wait(5)
        win.board_view.fit()
        assert (win.width(), win.height()) == size
        check_board_words(win, lang)


def check_board_words(win: MainWindow, lang: str) -> None:
    g = win.controller.game
    assert g is not None
    playing = {p.character for p in g.players}
    absent = [ch for ch in COMP.characters if ch.id not in playing]
    assert len(absent) == 2
    note = tr("print.seal.absent", lang)
    words = board_words(win)
    marks = [path.boundingRect().toRect() for w, path in words if w == note]
    assert len(marks) == len(absent), [w for w, _b in words]
    # each mark lies in its character's part of the seal, none in a part in play
    for ch in COMP.characters:
        gold = win.board_view.mapFromScene(*win.scene.board.anchor(f"seal.{ch.id}.gold"))
        near = [m for m in marks if (m.center() - gold).manhattanLength()
                < 0.5 * (marks[0].width() + marks[0].height())]
        assert len(near) == (ch.id not in playing), ch.id
    for box in marks:
        assert box.height() >= 12, box  # words a player needs, at the words size
    # no two runs of words overlap (a spent die's value included)
    for i, (a, pa) in enumerate(words):
        for b, pb in words[i + 1:]:
            if pa.boundingRect().intersects(pb.boundingRect()):  # only then the letters
                assert not pa.intersects(pb), (a, b, pa.boundingRect(), pb.boundingRect())


def test_the_table_page_greys_the_same_parts_and_print_keeps_them_all() -> None:
    g = new_game(Setup(players=4), 5)
    playing = {p.character for p in g.players}
    absent = [ch for ch in COMP.characters if ch.id not in playing]
    assert len(absent) == 1
    for lang in ("en", "hu"):
        note = tr("print.seal.absent", lang)
        art = art_document(board_state(g.c, g.view(None), lang)["art"])
        assert art is not None and json.loads(art)["board"]["svg"].count(f">{note}<") == 1
        printed = board_art.sections(COMP, lang)[1]  # print: every part, none marked
        assert note not in labels(printed)
        assert all(any(t == text(ch.short, lang) for t in labels(printed))
                   for ch in COMP.characters)
        full = BoardLayout(COMP, 5, lang, tuple(ch.id for ch in COMP.characters))
        assert note not in labels(full.board)


def _last_contributions(record) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Each die's face in the last public contribution that names it."""
    out: dict[int, int] = {}
    for e in record:
        if e.to is None and e.kind == "dice_contributed":
            for did, _kind, value in e.get("dice"):
                out[int(did)] = int(value)
    return out


def test_spent_dice_show_the_faces_the_log_named_and_the_same_in_twin_worlds() -> None:
    shown = steps = 0
    for players, seed in ((3, 21), (4, 22), (5, 23)):
        g = new_game(Setup(players=players), seed)
        rng = random.Random(seed)
        lay = BoardLayout(g.c, players, "en", tuple(p.character for p in g.players))
        while g.outcome is None and g.turn < 25:
            view = g.view(None)
            named = _last_contributions(view.record)
            spent = {d.id: d for sv in view.seats for d in sv.dice if d.state == SPENT}
            for tok in lay.place(view):
                did = int(tok.key.split(".")[1]) if tok.key.startswith("die.") else -1
                if did in spent:
                    if tok.look[0] == "spent":
                        # a face only the public log gave, and the last one it gave
                        assert tok.look[1:] == (spent[did].kind, named[did]), (seed, tok)
                        shown += 1
                    else:
                        assert tok.look == ("blank", spent[did].kind, True)
            if steps % 7 == 0:
                for who in [None, *range(players)]:
                    t = twin(g, who, rng)
                    assert t.view(None).spent_faces == view.spent_faces
                    if who is not None:
                        assert t.view(who).spent_faces == g.view(who).spent_faces
            before = g.view(None)
            events = g.apply(rng.choice(g.pending.options))
            steps += 1
            if any(e.kind == "dice_spent" for e in events):
                # a check ended: every die it took (its contributions) lies face up
                after = g.view(None)
                faces = dict(after.spent_faces)
                for seat, did, _kind, value, _counts in (before.check.entries
                                                         if before.check else ()):
                    if any(d.id == did and d.state == SPENT for d in after.seats[seat].dice):
                        assert faces[did] == value
    assert shown > 100 and steps > 300, (shown, steps)


def _thumb(win: MainWindow) -> QToolButton:
    thumbs = [b for b in win.panel.findChildren(QToolButton)
              if b.objectName() == "loyalty_card" and b.isVisible()]
    assert thumbs, "the deciding player's loyalty card is in the side panel"
    return thumbs[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_your_loyalty_card_opens_large_and_legible(window, qtbot, size, lang) -> None:  # type: ignore[no-untyped-def]
    win = window(size, lang)
    play(win, 4, seed=9, steps=5)
    win.refresh()
    thumb = _thumb(win)
    assert thumb.width() < 200  # the thumbnail alone cannot be read
    qtbot.wait(20)  # the new table's first choice takes the focus first
    thumb.setFocus()
    qtbot.waitUntil(thumb.hasFocus)
    qtbot.keyClick(thumb, Qt.Key.Key_Return)
    view = win.panel.card_view
    assert view is not None and view.isVisible()
    assert view.smallest_px() >= MIN_CARD_PX, view.smallest_px()
    # every loyalty card of the deck at that size: the Cylon ones carry the finest print
    for card in COMP.loyalty_ids:
        smallest = smallest_text_mm(loyalty_drawing(COMP, card, lang)) * view.face_px
        assert smallest >= MIN_CARD_PX, (card, smallest)
    assert view.geometry() == win.rect()
    # the face, the title, the words and Close lie inside the window, none over another
    parts = [view.face, view.title, view.body, view.close_button]
    boxes = [QRect(p.mapTo(view, p.rect().topLeft()), p.size()) for p in parts]
    for p, box in zip(parts, boxes, strict=True):
        assert view.rect().contains(box), (p, box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.intersects(b), (a, b)
    for label in (view.title, view.body):
        assert label.font().pixelSize() >= 12 or label.font().pointSizeF() * 96 / 72 >= 12
        assert label.height() >= label.heightForWidth(label.width())  # wrapped, not cut
    # a number key does not choose an option unseen under the card
    n = len(win.controller.game.choices)  # type: ignore[union-attr]
    qtbot.keyClick(view.close_button, Qt.Key.Key_1)
    assert len(win.controller.game.choices) == n  # type: ignore[union-attr]
    qtbot.keyClick(view.close_button, Qt.Key.Key_Escape)
    assert not view.isVisible()
    qtbot.waitUntil(thumb.hasFocus)  # the keyboard is back where it was


def test_an_open_loyalty_card_closes_with_the_hand_over(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window((1280, 720), "en")
    play(win, 4, seed=9, steps=5)
    win.refresh()
    qtbot.mouseClick(_thumb(win), Qt.MouseButton.LeftButton)
    view = win.panel.card_view
    assert view is not None and view.isVisible()
    c = win.controller
    seat = c.game.pending.seat  # type: ignore[union-attr]
    for _ in range(40):  # until another seat decides: the hand-over covers the screen
        c.choose(c.game.pending.options[0])  # type: ignore[union-attr]
        if c.game.pending is None or c.game.pending.seat != seat:  # type: ignore[union-attr]
            break
        c.unlock()
    win.refresh()
    assert not view.isVisible(), "a card seen before the hand-over is left for the next"


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_board_fills_its_part_of_a_wide_window(window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """No empty bands beside the board: it is drawn as tall as its part of the window
    and that part is no wider than the board; the side panel takes the rest."""
    win = window(size, "en")
    play(win, 4, seed=3, steps=2)
    win.resize(*size)
    view = win.board_view

    def filled() -> bool:
        drawn = view.mapFromScene(win.scene.sceneRect()).boundingRect()
        port = view.viewport().rect()
        slack = 4  # fitInView keeps a 2-pixel margin of its own
        return (abs(drawn.left() - port.left()) <= slack
                and abs(drawn.right() - port.right()) <= slack
                and abs(drawn.height() - port.height()) <= slack)

    qtbot.waitUntil(filled)
    assert win.right.width() >= 0.2 * size[0]
    win.act_side.trigger()  # the side panel folded away (F9) and back: the same again
    win.act_side.trigger()
    qtbot.waitUntil(filled)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_start_screen_shows_the_seal_over_stars_clear_of_its_words(window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.start import SEAL_HALO

    win = window(SIZES[0], lang)
    win.start_game(Setup(players=5), 3)
    desk = win.controller.save_data()["desktop"]
    win.show_start()
    page = win.start_page
    for summary in (None, dict(desk["summary"], kinds=desk["seats"])):  # Continue: less room
        page.set_summary(summary)
        for size in SIZES:
            win.resize(*size)
            qtbot.wait(5)
            seal = page.seal_rect()
            if seal.isEmpty():
                # left out only where the smallest window also shows Continue above the
                # four ways in: the words and buttons come first
                assert size == SIZES[0] and summary is not None, size
                continue
            pad = round(seal.width() * (SEAL_HALO - 1) / 2)
            halo = seal.adjusted(-pad, -pad, pad, pad)
            words = [page.title, page.subtitle, page.solo_button, page.new_button,
                     page.open_button, page.learn_button, page.continue_button]
            for w in words:
                if w.isVisible():
                    assert not halo.intersects(w.geometry()), (size, w.objectName(), halo)
            image = page.grab().toImage()
            # the rim's gold within a few pixels of the seal's top: the rim is drawn a
            # little outside the rectangle, more so at the smallest seal (with Continue,
            # Play solo and Play with friends all on the page)
            rim = [image.pixelColor(seal.center().x(), y) for y in range(seal.top() - 5,
                                                                         seal.top() + 4)]
            assert any(c.red() > 180 and c.green() > 140 and c.blue() < 120 for c in rim), \
                [c.name() for c in rim]  # the gold rim
            dark = image.pixelColor(seal.center().x(), seal.center().y() + seal.height() // 3)
            assert max(dark.red(), dark.green(), dark.blue()) < 90, dark.name()  # navy disc
            sky = [image.pixelColor(x, y).lightness() for x in range(0, image.width(), 7)
                   for y in range(0, image.height(), 7)]
            assert sum(v > 120 for v in sky) > 20, "stars in the sky"
