"""The board's own text at laptop and projector sizes (issue 18, "no text under 9 pt"):
at 1024x640 and 1280x720, in English and Hungarian, nothing the board paints is under
12 px (9 pt at 96 dpi); the names, titles and seat states a player needs are painted;
detail hidden there (a room's effect, a card's ability) shows at 1600x1000 and is
reachable as a tooltip and in the card viewer at the small size.

The painted text is read from the scene's items as the view draws them: each visible
item's text parts (or, for the board, the operations its `paint` draws) with their
font size times the item's and the view's transform.
"""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QTransform  # noqa: E402

from bsg_desktop.art.emblems import emblem  # noqa: E402
from bsg_desktop.art.shapes import Path, walk  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language, text, tr  # noqa: E402
from bsg_desktop.ui.qtart import (  # noqa: E402
    MIN_PX,
    WORDS_MM,
    CachedDrawingItem,
    DrawingItem,
    merge_text_runs,
)
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def _k(t: QTransform) -> float:
    return math.sqrt(abs(t.determinant()))


def painted_texts(win: MainWindow) -> list[tuple[str, float]]:
    """(words, em in logical pixels) of every text the board view paints now."""
    view = win.board_view
    k_view = _k(view.transform())
    out: list[tuple[str, float]] = []
    for it in win.scene.items():
        if not it.isVisible() or it.opacity() == 0:
            continue
        k = _k(it.sceneTransform()) * k_view
        if isinstance(it, CachedDrawingItem):
            out += [(" ".join(op.texts), op.em * k) for op in merge_text_runs(it.shown_ops())
                    if op.em]
        elif isinstance(it, DrawingItem):
            out += [(" ".join(op.texts), op.em * k) for child, op in it.text_parts
                    if child.isVisible()]
    return out


def play(win: MainWindow, players: int, seed: int, steps: int) -> None:
    """A game some way in: dice on the seal and in the panels, an Admiral, damage."""
    win.start_game(Setup(players=players), seed)
    c = win.controller
    rng = random.Random(seed)
    for _ in range(steps):
        g = c.game
        if g is None or g.outcome is not None:
            break
        c.unlock()
        c.choose(rng.choice(g.pending.options))  # type: ignore[union-attr]
    c.unlock()
    win.scene.finish_animations()


def at_size(win: MainWindow, qtbot, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    win.resize(*size)
    qtbot.wait(5)
    win.board_view.fit()
    assert (win.width(), win.height()) == size


@pytest.mark.parametrize(("size", "lang", "players"), [
    ((1024, 640), "en", 5), ((1024, 640), "hu", 4),
    ((1280, 720), "en", 4), ((1280, 720), "hu", 5)])
def test_no_board_text_under_9_points(new_window, qtbot, size, lang, players):  # type: ignore[no-untyped-def]
    set_language(lang)
    win = new_window(size)
    win.set_language(lang)
    play(win, players, seed=11, steps=40)
    at_size(win, qtbot, size)
    painted = painted_texts(win)
    small = sorted({(t, round(px, 1)) for t, px in painted if px < MIN_PX - 1e-6})
    assert not small, f"board text under {MIN_PX} px at {size} ({lang}): {small[:12]}"
    # ... and nothing a player needs went with the small print
    words = {t for t, _px in painted}
    comp, view = win.comp, win.controller.view_for_screen()
    need = [tr(k, lang) for k in ("print.dradis.title", "print.seal.title",
                                  "print.monitor.title", "print.monitor.jump",
                                  "print.monitor.distance")]
    need += [text(loc.name, lang) for loc in comp.damage_locations]
    need += [text(ch.short, lang) for ch in comp.characters]
    need += [str(k) for k in (1, 2, 3)]
    need += [tr("ui.seat.turn", lang)]
    need += [tr("ui.seat.loyalty", lang, n=sv.loyalty_count) for sv in view.seats]
    missing = [n for n in need if not any(n in w for w in words)]
    assert not missing, f"not painted at {size} ({lang}): {missing}"


@pytest.mark.parametrize(("lang", "players"), [("en", 5), ("hu", 5), ("en", 3)])
def test_each_seat_panel_shows_its_character_card_emblem_name_and_ability_legibly(
        new_window, qtbot, lang, players):  # type: ignore[no-untyped-def]
    """At 1280x720 every seat's card in its panel carries the character's emblem, and
    their name and ability title at 12 px or more, inside the panel."""
    set_language(lang)
    win = new_window((1280, 720))
    win.set_language(lang)
    play(win, players, seed=7, steps=30)
    at_size(win, qtbot, (1280, 720))
    k_view = _k(win.board_view.transform())
    view = win.controller.view_for_screen()
    for sv in view.seats:
        ch = win.comp.character(sv.character)
        card = win.scene.tokens[f"card.{sv.seat}"]
        emblems = [it for it in walk(card.drawing.items) if isinstance(it, Path)]
        assert len(emblems) == 1 and emblems[0].ops == emblem(ch.emblem, 0, 0, 1,
                                                               "#000000").items[0].ops
        shown = [(w, op.em * _k(card.sceneTransform()) * k_view)
                 for child, op in card.text_parts if child.isVisible() for w in op.texts]
        assert [w for w, _px in shown] == [text(ch.short, lang), text(ch.ability_title, lang)]
        assert min(px for _w, px in shown) >= MIN_PX - 1e-6, shown
        x, y, w, h = win.scene.seat_rect(sv.seat)
        assert QRectF(x, y, w, h).contains(card.sceneBoundingRect()), sv.seat


def tooltip_at(win: MainWindow, scene_point) -> str:  # type: ignore[no-untyped-def]
    """The tooltip a hover at this scene point shows (the topmost item that has one)."""
    pos = win.board_view.mapFromScene(scene_point)
    for it in win.board_view.items(pos):
        for _ in bounded():
            if not (it is not None and not it.toolTip()):
                break
            it = it.parentItem()
        if it is not None:
            return it.toolTip()
    return ""


def test_detail_hidden_small_is_a_tooltip_and_shows_large(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    play(win, 4, seed=11, steps=0)
    at_size(win, qtbot, (1024, 640))
    loc = win.comp.damage_locations[0]
    effect = text(loc.text)
    assert not any(effect == t for t, _px in painted_texts(win)), "too small to paint"
    hint = next(h for h in win.scene.hints if effect in h.toolTip())
    assert tooltip_at(win, hint.sceneBoundingRect().center()) == \
        f"{text(loc.name)}: {effect}", "hovering the room reads its name and effect"
    # a character card in its seat panel: its name and ability title painted at the
    # words size, the ability itself not painted but in its tooltip (and a click opens
    # the card viewer, tests/test_ui_cards.py)
    ch = win.comp.character(win.controller.game.players[0].character)  # type: ignore[union-attr]
    card = win.scene.tokens["card.0"]
    assert text(ch.ability) in tooltip_at(win, card.sceneBoundingRect().center())
    shown = [w for child, op in card.text_parts if child.isVisible() for w in op.texts]
    assert shown == [text(ch.short), text(ch.ability_title)]
    assert all(op.em * card.scale() >= WORDS_MM - 1e-6 for _c, op in card.text_parts)

    at_size(win, qtbot, (1600, 1000))
    painted = painted_texts(win)
    assert any(effect == t for t, _px in painted), "the effect shows on a large view"
    assert min(px for _t, px in painted) >= MIN_PX - 1e-6
    dice = tr("ui.seat.dice", "en", active=4, contributed=0, spent=0)
    assert any(dice in t for t, _px in painted), "the seat's dice sentence shows too"


def legend_marks(win: MainWindow) -> int:
    """How many of the board's wordless legend marks (icons, swatches) are painted now."""
    return sum(1 for it in win.scene.items() if isinstance(it, CachedDrawingItem)
               for op in it.shown_ops() if op.em and not op.texts)


def test_legend_icons_go_and_come_with_their_words(new_window, qtbot):  # type: ignore[no-untyped-def]
    """A Raider icon or a gold swatch alone, its sentence too small to paint, says
    nothing: the marks show exactly where their legend's words do."""
    win = new_window((1024, 640))
    play(win, 4, seed=11, steps=0)
    at_size(win, qtbot, (1024, 640))
    win_note = tr("print.dradis.note_win", "en")
    assert not any(win_note in t for t, _px in painted_texts(win))
    assert legend_marks(win) == 0
    at_size(win, qtbot, (1600, 1000))
    assert any(win_note in t for t, _px in painted_texts(win))
    assert legend_marks(win) >= 5  # two DRADIS icons, three seal swatches (and their parts)
