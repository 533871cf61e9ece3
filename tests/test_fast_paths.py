"""The engine's fast constructors give exactly the values the plain ones give.

`Game.emit` sets an Event's slots through their descriptors and `Game.ask`
builds a Decision with ``tuple.__new__``; both skip a Python-level constructor
on the hot path. Here every event and decision of real games is compared with
one built the ordinary way: same type, equal, same repr, still frozen. The bots'
shortcuts (the one-card belief, reading the record without dicts) are held to
their plain definitions the same way.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bsg_desktop.bots import make_bot
from bsg_desktop.bots.suspicion import Record, _enumerated, _unknown_cards, belief
from bsg_desktop.engine import Decision, Event, Setup, new_game


def test_emitted_events_are_ordinary_events() -> None:
    for players in (3, 4, 5):
        g = new_game(Setup(players=players), players)
        bots = [make_bot("heuristic", s) for s in range(players)]
        decisions = []
        while g.outcome is None and not g.stalled:
            d = g.pending
            decisions.append(d)
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        assert g.events
        for e in g.events:
            plain = Event(e.kind, e.rule, e.data, e.to)
            assert type(e) is Event
            assert e == plain and repr(e) == repr(plain)
            assert dataclasses.astuple(e) == dataclasses.astuple(plain)
            try:
                e.kind = "x"  # type: ignore[misc]
            except dataclasses.FrozenInstanceError:
                pass
            else:
                raise AssertionError("a recorded event must stay frozen")
        for d in decisions:
            plain_d = Decision(d.seat, d.kind, d.options, d.rule, d.info)
            assert type(d) is Decision and d == plain_d and repr(d) == repr(plain_d)


def _played_views(players: int, seed: int) -> list[Any]:
    """Every decider's view of one heuristic game, with a bot's record read up to it."""
    g = new_game(Setup(players=players), seed)
    bots = [make_bot("heuristic", seed * 10 + s) for s in range(players)]
    out = []
    while g.outcome is None and not g.stalled:
        d = g.pending
        v = g.view(d.seat)
        out.append(v)
        g.apply(bots[d.seat].choose(v, d))
    return out


def test_one_card_belief_is_the_enumerated_belief_bit_for_bit() -> None:
    # belief() takes a shortcut when one Cylon card is unplaced; the enumeration
    # over every placement is the definition, and the floats must match exactly
    # (a bot's choices, and so every simulated game, hang on them)
    shortcuts = 0
    for players, seed in ((3, 1), (4, 2), (4, 5), (5, 3)):
        record = Record()
        for v in _played_views(players, seed):
            record.update(v)
            for perspective in ("self", None):
                me = v.seat if perspective == "self" else None
                prob, slots, left = _unknown_cards(v, record, me)
                if left == 0 or not slots:
                    continue
                shortcuts += left == 1
                ref = _enumerated(dict(prob), dict(slots), left, record)
                got = belief(v, record, perspective)
                assert got == ref and list(got) == list(ref)
    assert shortcuts > 100


def test_record_reads_engine_events_as_their_data_says() -> None:
    # Record.update unpacks the engine's (seat, count) and (seat, dice) data without
    # building a dict; a record whose events carry the same data in another order
    # takes the dict path, and both must read the same evidence.
    for players, seed in ((4, 2), (5, 3)):
        views = _played_views(players, seed)
        last = views[-1]
        flipped = last._replace(record=tuple(
            Event(e.kind, e.rule, tuple(reversed(e.data)), e.to) for e in last.record))
        fast, plain = Record(), Record()
        for v in views[::7]:  # incrementally, as a bot reads it
            fast.update(v)
        fast.update(last)
        plain.update(flipped)
        assert fast.llr and fast.llr == plain.llr
        assert fast.negatives == plain.negatives and fast.revealed == plain.revealed
        assert (fast.rolled, fast.contrib, fast.check_kind, fast.vote) == (
            plain.rolled, plain.contrib, plain.check_kind, plain.vote)


# The data keys, in order, of the events emitted through ``Game.emit_data``: the order
# the keyword calls they replaced gave (saves, replays and the fingerprint hold it).
EMIT_DATA_KEYS = {
    "dice_rolled": ("seat", "count"), "roll_result": ("seat", "values"),
    "dice_spent": (), "die_retrieved": ("seat", "kind"),
    "dice_contributed": ("seat", "dice"), "passed": ("seat", "forced"),
    "joined": ("seat",), "check_started": ("kind", "difficulty", "caller"),
    "check_result": ("kind", "total", "difficulty", "success"),
    "turn_started": ("seat", "turn"), "turn_ended": ("seat",),
}

# Likewise the info keys of the decisions a skill check builds without Game.ask.
ASK_INFO_KEYS = {
    ("join", "D3"): ("check", "difficulty", "total"),
    ("contribute", "D7"): ("rolled", "total", "difficulty", "check"),
    ("reroll", "D8"): ("total", "difficulty"),
}


def test_emit_data_gives_the_events_emit_gives() -> None:
    g = new_game(Setup(players=4), 1)
    g.emit("x", "R", to=(2, 1), seat=2, values=[(8, "strong", 3)])
    g.emit_data("x", "R", (("seat", 2), ("values", [(8, "strong", 3)])), (2, 1))
    g.emit("y", "R")
    g.emit_data("y", "R", ())
    a, b, c, d = g.events[-4:]
    assert a == b and repr(a) == repr(b) and type(b.to) is frozenset
    assert c == d and d.to is None
    seen = set()
    asked = set()
    for players in (3, 4, 5):
        g = new_game(Setup(players=players), players)
        bots = [make_bot("heuristic", s) for s in range(players)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            if (d.kind, d.rule) in ASK_INFO_KEYS:
                assert tuple(k for k, _ in d.info) == ASK_INFO_KEYS[d.kind, d.rule], d
                assert type(d.options) is tuple and d.seat == g.stack[-1].seat
                asked.add((d.kind, d.rule))
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        for e in g.events:
            if e.kind in EMIT_DATA_KEYS:
                assert tuple(k for k, _ in e.data) == EMIT_DATA_KEYS[e.kind], e
                seen.add(e.kind)
    assert seen == set(EMIT_DATA_KEYS)
    assert asked == set(ASK_INFO_KEYS)


def test_roll_dice_draws_what_roll_skill_draws() -> None:
    # roll_dice rolls without a roll_skill call per die (faces looked up once per kind
    # in a row); the values and the random state after must be roll_skill's, die by die
    for seed in range(20):
        g = new_game(Setup(players=4), seed)
        plain = g.copy()
        for seat in range(4):
            for dice in (g.players[seat].dice, g.players[seat].dice[::-1],
                         g.players[seat].dice[1:3], []):
                ids = [d.id for d in dice]
                g.roll_dice(seat, dice, "D2")
                expected = []
                for i in ids:
                    d = plain.die(i)
                    d.value = plain.roll_skill(d.kind)
                    expected.append(d.value)
                assert [d.value for d in dice] == expected
                assert g.rng.getstate() == plain.rng.getstate()


def test_scripted_rolls_still_go_through_roll_skill() -> None:
    g = new_game(Setup(players=4), 1, script_skill=[2, -1])
    p = g.players[0]
    kinds = [d.kind for d in p.dice]
    assert kinds.count("strong") >= 1
    strong = [d for d in p.dice if d.kind == "strong"][:1]
    g.roll_dice(0, strong, "D2")
    assert strong[0].value == 2
    g.roll_dice(0, strong, "D2")
    assert strong[0].value == -1
    g.roll_dice(0, strong, "D2")  # the script is used up: the real dice again
    assert strong[0].value in g.c.skill("strong").faces


# The events Game.emit_shared hands out from its store, and the one type each data
# value has at its call site (a stored event is found by an equal key, and 1 == True).
SHARED_TYPES = {
    "dice_rolled": {"seat": int, "count": int}, "dice_spent": {},
    "die_retrieved": {"seat": int, "kind": str}, "passed": {"seat": int, "forced": bool},
    "joined": {"seat": int}, "turn_ended": {"seat": int},
}


def test_shared_events_are_the_events_emit_data_builds() -> None:
    g = new_game(Setup(players=4), 1)
    for kind, rule, data in (("joined", "D3", (("seat", 2),)), ("dice_spent", "D10", ()),
                             ("passed", "D5", (("seat", 1), ("forced", False)))):
        g.emit_data(kind, rule, data)
        g.emit_shared(kind, rule, data)
        g.emit_shared(kind, rule, data)
        a, b, c = g.events[-3:]
        assert a == b == c and repr(a) == repr(b) and b is c
        assert type(b) is Event and b.to is None
    g.record = False
    n = len(g.events)
    g.emit_shared("joined", "D3", (("seat", 2),))
    assert len(g.events) == n
    seen = set()
    for players in (3, 4, 5):
        g = new_game(Setup(players=players), players + 7)
        bots = [make_bot("heuristic", s) for s in range(players)]
        while g.outcome is None and not g.stalled:
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        for e in g.events:
            if e.kind in SHARED_TYPES:
                assert e.to is None
                assert {k: type(v) for k, v in e.data} == SHARED_TYPES[e.kind], e
                seen.add(e.kind)
    assert seen == set(SHARED_TYPES)


def test_damaged_reads_what_each_location_disables() -> None:
    # damaged() keeps what each location disables; it must answer as the plain search
    g = new_game(Setup(players=4), 5)
    kinds = {loc.disables for loc in g.c.damage_locations}
    for loc in [x.id for x in g.c.damage_locations]:
        g.damage_placed.append(loc)
        for what in kinds | {"nothing"}:
            plain = any(g.c.damage(x).disables == what for x in g.damage_placed)
            assert g.damaged(what) == plain
    assert g.copy().damaged(next(iter(kinds)))


def test_dice_loops_give_what_the_comprehensions_gave() -> None:
    """Player.dice_in/active_dice/spent_dice, subsets and the crisis face lookup, made
    plain loops, answer as their comprehension definitions on every state of real games."""
    from bsg_desktop.engine.dice import _subsets, subsets

    for players in (3, 4, 5):
        g = new_game(Setup(players=players), players + 7)
        bots = [make_bot("heuristic", s) for s in range(players)]
        while g.outcome is None and not g.stalled:
            for p in g.players:
                for state in ("active", "contributed", "spent", "removed"):
                    assert p.dice_in(state) == [d for d in p.dice if d.state == state]
                assert p.active_dice == [d for d in p.dice if d.state == "active"]
                assert p.spent_dice == [d for d in p.dice if d.state == "spent"]
                rolled = [(d.id, d.kind, 1) for d in p.dice]
                assert subsets(rolled, 0, 4) == list(
                    _subsets(tuple(sorted(d[0] for d in rolled)), 0, 4))
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
    from bsg_desktop.engine.crises import CrisisStep

    g = new_game(Setup(players=4), 1)
    step = object.__new__(CrisisStep)  # _face reads only the game
    for die in g.c.crisis_dice:
        for i in range(len(die.faces)):
            g.crisis_dice, g.crisis_rolled = (die.id,), [i]
            plain = next(d for d in g.c.crisis_dice if d.id == g.crisis_dice[0]).faces[i]
            assert step._face(g, 0) is plain
