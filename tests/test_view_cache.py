"""Views built from the view cache equal views built from scratch, whatever happens.

`make_view` reuses the SeatViews and the public record of earlier views (see
`ViewCache`). These tests hold it to the plain definition below, step by step,
for every seat, through copies and through state changed behind the engine's
back, so a cache that could ever show a stale or a foreign value fails here.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loops import bounded

from bsg_desktop.bots import make_bot
from bsg_desktop.engine import (
    CONTRIBUTED,
    SPENT,
    Game,
    PlayerView,
    SeatView,
    Setup,
    abilities,
    new_game,
)
from bsg_desktop.engine.core import Entry
from bsg_desktop.engine.view import CheckView, DieView, make_view

FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reference_view(g: Game, seat: int | None) -> PlayerView:
    """The view by its definition: every part built anew, by keyword."""
    over = g.outcome is not None
    seats = []
    for p in g.players:
        dice = tuple(DieView(d.id, d.kind, d.state,
                             d.value if seat == p.seat or d.state == CONTRIBUTED else None)
                     for d in p.dice)
        seats.append(SeatView(p.seat, p.character, p.name, p.in_brig, p.revealed,
                              tuple(p.revealed_cards), g.admiral == p.seat,
                              p.character in g.demoralized_out, dice, len(p.loyalty),
                              abilities.spent(g, p.seat)))
    check = None
    if g.check is not None:
        ch = g.check
        check = CheckView(ch.kind, ch.difficulty, ch.caller, tuple(ch.entries), ch.compute(),
                          ch.counts_as)
    pending = g.pending
    deciding = pending is not None and seat is not None and pending.seat == seat
    me = g.players[seat] if seat is not None else None
    return PlayerView(
        seat=seat, players=g.n, morale_variant=g.setup.morale_variant, turn=g.turn,
        active=g.active, seats=tuple(seats),
        dradis_monitor=tuple(sorted(g.dradis_monitor)), dradis_pile=len(g.dradis_pile),
        dradis_destroyed=len(g.dradis_box), dradis_drawn=tuple(g.dradis_drawn),
        damage=tuple(g.damage_placed), damage_pile=len(g.damage_pile),
        demoralized=tuple(g.demoralized_out), demoralized_pile=len(g.demoralized_pile),
        jump_track=g.jump_track, distance=g.distance, jump_bonus=g.jump_bonus,
        loyalty_deck=len(g.loyalty_deck), loyalty_dealt=g.loyalty_dealt,
        crisis_dice=tuple(g.crisis_dice), crisis=g.crisis, crisis_source=g.crisis_source,
        check=check,
        my_loyalty=tuple(me.loyalty) if me is not None else (),
        known=tuple(sorted(me.known.items())) if me is not None else (),
        pending_seat=pending.seat if pending else None,
        pending_kind=pending.kind if pending else None,
        pending_rule=pending.rule if pending else None,
        options=pending.options if deciding else (),
        info=pending.info if deciding else (),
        outcome=g.outcome,
        all_loyalty=tuple(tuple(p.loyalty) for p in g.players) if over else (),
        record=tuple(e for e in g.events if e.to is None),
        cylon=me.is_cylon if me is not None else False,
        spent_faces=tuple((d.id, d.shown) for p in g.players for d in p.dice
                          if d.state == SPENT and d.shown is not None),
        components=g.c,
    )


def same(a: Any, b: Any) -> None:
    """Equal, and of the same named-tuple types all the way down (equal tuples are not enough)."""
    assert a == b
    assert type(a) is type(b)
    if isinstance(a, PlayerView):
        assert type(a.check) is type(b.check)
        for x, y in zip(a.seats, b.seats, strict=True):
            assert type(x) is type(y) is SeatView
            assert all(type(d) is DieView for d in x.dice + y.dice)


def check_all_seats(g: Game) -> None:
    for seat in [*range(g.n), None]:
        same(make_view(g, seat), reference_view(g, seat))


@FAST
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000),
       policy=st.integers(0, 10_000))
def test_cached_views_equal_fresh_views_at_every_step(players: int, seed: int,
                                                      policy: int) -> None:
    g = new_game(Setup(players=players), seed)
    rng = random.Random(policy)
    copies: list[Game] = []
    for _ in bounded():
        if not (g.outcome is None and not g.stalled):
            break
        # the order of seats changes which cache entries are hit, so vary it
        order = [*range(g.n), None]
        rng.shuffle(order)
        for seat in order:
            same(make_view(g, seat), reference_view(g, seat))
        if rng.random() < 0.05:
            copies.append(g.copy())
        d = g.pending
        g.apply(d.options[rng.randrange(len(d.options))])
    check_all_seats(g)
    for c in copies:  # a copy's cache went its own way: still right for its own state
        check_all_seats(c)
        d = c.pending
        if d is not None:
            c.apply(d.options[0])
            check_all_seats(c)


def test_heuristic_game_views_equal_fresh_views() -> None:
    g = new_game(Setup(players=4), 11)
    bots = [make_bot("heuristic", s) for s in range(4)]
    for _ in bounded():
        if not (g.outcome is None and not g.stalled):
            break
        d = g.pending
        v = g.view(d.seat)
        same(v, reference_view(g, d.seat))
        g.apply(bots[d.seat].choose(v, d))
    check_all_seats(g)


def test_state_changed_behind_the_engine_shows_at_once() -> None:
    """A scenario or a test may set state directly: no view may stay stale."""
    g = new_game(Setup(players=4), 5)
    check_all_seats(g)
    p = g.players[1]
    p.dice[2].state, p.dice[2].value = CONTRIBUTED, 3
    check_all_seats(g)
    p.dice[0].value = -2  # a private roll: only seat 1 may see it
    check_all_seats(g)
    assert g.view(0).seats[1].dice[0].value is None
    assert g.view(1).seats[1].dice[0].value == -2
    p.dice[3].state = SPENT
    p.in_brig = True
    p.revealed_cards.append("cylon_three")
    p.loyalty.append("not_cylon_9")
    g.ability_used[1] = g.turn
    g.admiral = 1
    g.demoralized_out.append(p.character)
    g.players[0].known[1] = tuple(p.loyalty)
    check_all_seats(g)
    p.character = g.players[2].character
    p.name = "Renamed"
    check_all_seats(g)
    g.events = g.events[:3]  # a rebuilt world starts its record again
    check_all_seats(g)


def test_players_with_other_than_four_dice_take_the_plain_path() -> None:
    """The fast path unpacks four dice; a player with more or fewer (changed by hand)
    is viewed by the plain path, and a change back and forth never shows a stale seat."""
    g = new_game(Setup(players=4), 8)
    check_all_seats(g)
    removed = g.players[2].dice.pop()
    check_all_seats(g)
    g.players[2].dice[0].state, g.players[2].dice[0].value = CONTRIBUTED, 2
    check_all_seats(g)
    g.players[2].dice.append(removed)
    check_all_seats(g)
    g.players[1].dice.append(g.players[3].dice.pop())
    check_all_seats(g)


def test_check_view_follows_the_check_changed_behind_the_engine() -> None:
    """The CheckView is kept while the check's key stands; any change shows at once,
    and a total set by hand is set back as compute() would, cached or not."""
    g = new_game(Setup(players=4), 3)
    bots = [make_bot("heuristic", s) for s in range(4)]
    for _ in bounded():
        if not (g.check is None or not g.check.entries):
            break
        d = g.pending
        g.apply(bots[d.seat].choose(g.view(d.seat), d))
    ch = g.check
    check_all_seats(g)
    ch.total = 99
    g.view(0)
    assert ch.total == ch.compute() != 99
    ch.entries.append(Entry(1, 5, "weak", -1, True))
    check_all_seats(g)
    ch.counts_as = () if ch.counts_as else ((-1, 0),)  # X1 turns the -1 into 0
    check_all_seats(g)
    ch.entries[-1] = Entry(1, 5, "weak", -1, False)
    check_all_seats(g)
    ch.difficulty += 1
    ch.caller = (ch.caller + 1) % 4
    ch.kind = "vote" if ch.kind == "crisis" else "crisis"
    check_all_seats(g)
    g.check = None
    check_all_seats(g)


def test_views_are_immutable_and_share_nothing_mutable() -> None:
    g = new_game(Setup(players=4), 2)
    v = g.view(0)

    def walk(x: Any) -> None:
        assert not isinstance(x, (list, dict, set)), type(x)
        if isinstance(x, tuple):
            for y in x:
                walk(y)
    walk(v._replace(record=(), crisis=None, outcome=None))
