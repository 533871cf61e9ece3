"""A move shows what changed on the board (a die sliding into the check, a marker set
down, a track advancing) within 400 ms, cosmetically: the motion ends exactly where a
redraw without motion puts everything, a redraw mid-motion jumps to that end, and
nobody's input waits for it."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.engine.core import CONTRIBUTED  # noqa: E402
from bsg_desktop.ui.scene import ANIM_MS, BoardScene  # noqa: E402


def _state(scene: BoardScene) -> dict[str, tuple[object, ...]]:
    """Every token as a redraw leaves it: place, scale, opacity, turn, look, stacking."""
    return {k: (round(t.pos().x(), 6), round(t.pos().y(), 6), round(t.scale(), 6),
                round(t.opacity(), 6), t.rotation(), t.look, t.zValue(), t.where)
            for k, t in scene.tokens.items()}


def test_a_move_moves_and_ends_as_a_still_redraw(qapp: Any) -> None:
    assert 150 <= ANIM_MS <= 400
    comp = load_components()
    moving = BoardScene(comp, 4, "en", animate=True)
    still = BoardScene(comp, 4, "en", animate=False)
    g = new_game(Setup(players=4), 11)
    rng = random.Random(11)
    moving.sync(g.view(None))
    assert not moving.animating  # the first view of a table is drawn still
    still.sync(g.view(None))
    glides = set_down = into_check = tracks = mid_redraws = 0
    for step in range(260):
        if g.outcome is not None:
            break
        before = {k: (t.pos(), t.where) for k, t in moving.tokens.items()}
        g.apply(rng.choice(g.pending.options))
        view = g.view(None)
        moving.sync(view)
        still.sync(view)
        if moving.animating:
            for m in moving._moves:
                if m.tok.key not in before:
                    set_down += 1
                    assert m.tok.opacity() == 0.0  # its first frame: not yet there
                    continue
                glides += 1
                if m.tok.role == "die" and f"/{CONTRIBUTED}/" in m.tok.where:
                    into_check += 1
                if m.tok.role in ("jump", "distance"):
                    tracks += 1
            # half way: a gliding token is between its old place and its new one
            moving._anim.setCurrentTime(ANIM_MS // 2)
            for m in moving._moves:
                if m.start != m.end:
                    assert m.tok.pos() not in (m.start, m.end)
        if step % 2 and moving.animating:
            mid_redraws += 1  # the next move comes before this one's motion has ended
            continue
        moving.finish_animations()
        assert _state(moving) == _state(still)
    moving.finish_animations()
    assert _state(moving) == _state(still)
    assert glides > 20 and set_down > 5 and into_check > 3 and tracks >= 1 and mid_redraws > 5, \
        (glides, set_down, into_check, tracks, mid_redraws)


def test_a_new_table_and_another_seats_view_are_drawn_still(qapp: Any) -> None:
    comp = load_components()
    scene = BoardScene(comp, 4, "en", animate=True)
    g = new_game(Setup(players=4), 2)
    scene.sync(g.view(None))
    other = new_game(Setup(players=4), 3)
    scene.still_next()
    scene.sync(other.view(None))
    assert not scene.animating
    scene.sync(other.view(other.pending.seat))  # the hand-over: that seat's own view
    assert not scene.animating


def test_input_is_not_delayed_by_an_animation(new_window: Any, qtbot: Any) -> None:
    """While the board still moves, the decision panel already holds the next choices
    and a click on one is applied at once; the board then jumps to the motion's end."""
    win = new_window()
    win.animate = win.scene.animate = True
    win.start_game(Setup(players=3), 5)
    c = win.controller
    rng = random.Random(5)
    caught = 0
    for _ in range(200):
        g = c.game
        if g is None or g.outcome is not None or caught >= 3:
            break
        c.unlock()
        if win.handing_over():
            win.handover.button.click()
        n = len(g.choices)
        win.panel.click_choice(rng.choice(g.pending.options))
        assert len(g.choices) == n + 1
        if win.scene.animating and g.pending is not None and not win.handing_over() \
                and c.roll_to_see() is None and c.is_human(g.pending.seat):
            caught += 1
            # the choices on screen are the pending decision's, and they work now
            choice = g.pending.options[0]
            win.panel.click_choice(choice)
            assert len(g.choices) == n + 2 and g.choices[-1] == choice
    assert caught >= 3


def test_a_hot_seat_move_moves_on_the_public_board_from_the_public_view(
        new_window: Any, qtbot: Any) -> None:
    """A move made behind a hand-over ends on the public board, which shows the move's
    motion too: it starts from the public view before the move, never from where the
    deciding seat's own view had the tokens."""
    win = new_window()
    win.animate = win.scene.animate = True
    win.start_game(Setup(players=3), 6)
    c = win.controller
    rng = random.Random(6)
    seen = 0
    for _ in range(150):
        g = c.game
        if g is None or g.outcome is not None or seen >= 4:
            break
        c.unlock()
        if win.handing_over():
            win.handover.button.click()
        public = {p.key: p for p in win.scene.layout.place(g.view(None))}
        shown = win.scene._last
        c.choose(rng.choice(g.pending.options))
        if win.handing_over() and shown is not None and shown.seat is not None \
                and win.scene.animating:
            seen += 1
            for m in win.scene._moves:
                p = public.get(m.tok.key)
                if p is not None:
                    assert (m.start.x(), m.start.y(), m.scale0) == \
                        pytest.approx((p.pos[0], p.pos[1], p.scale))
    assert seen >= 4
