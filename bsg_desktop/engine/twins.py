"""Twin worlds: a copy of a game that differs only in facts hidden from one seat.

The leak tests and ``benchmarks/secrets.py`` play a game and its twins side by
side: whatever a seat can tell apart between two worlds it cannot tell apart
from its own view is a leak. ``twin(g, seat, rng)`` redraws every fact hidden
from ``seat`` (``None``: hidden from the public, so everything secret to anyone):
the random generator, the order of every secret pile, the loyalty cards of seats
whose cards ``seat`` has not seen (dealt again from the same cards, the deck and
the box), other seats' rolled but uncontributed dice, the crisis faces and the
jump roll of another seat. The twin's view for ``seat`` is the game's.

``trace_step`` gives what the table sees of one step: its public events and then
who is asked which kind of question, so that the shape of the questions of two
worlds can be compared up to the first public event that tells them apart.
"""

from __future__ import annotations

import random
from typing import Any

from bsg_desktop.data import CrisisFace
from bsg_desktop.engine.core import ACTIVE, Event
from bsg_desktop.engine.game import Game


def twin(g: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of ``g`` whose facts hidden from ``seat`` are drawn anew."""
    t = g.copy()
    t._undo = t._undo_seat = None  # an undo in the twin must not bring back g's state
    t.rng = random.Random(rng.getrandbits(64))
    for pile in (t.dradis_pile, t.damage_pile, t.demoralized_pile):
        rng.shuffle(pile)
    me = t.players[seat] if seat is not None else None
    seen = set(me.known) if me is not None else set()
    hidden = [p for p in t.players if p is not me and not p.revealed and p.seat not in seen]
    pool = [c for p in hidden for c in p.loyalty] + t.loyalty_deck + t.loyalty_box
    rng.shuffle(pool)
    for p in hidden:
        p.loyalty, pool = pool[: len(p.loyalty)], pool[len(p.loyalty):]
    t.loyalty_deck, t.loyalty_box = pool[: len(t.loyalty_deck)], pool[len(t.loyalty_deck):]
    for p in t.players:
        if p is me:
            continue
        for d in p.dice:
            if d.state == ACTIVE and d.value is not None:
                d.value = rng.choice(t.c.skill(d.kind).faces)
    if t.crisis_rolled and seat != t.active:
        t.crisis_rolled = tuple(rng.randrange(6) if not isinstance(f, CrisisFace) else f
                                for f in t.crisis_rolled)
    admiral = t.admiral if t.admiral is not None else t.active
    for task in t.stack:
        if getattr(task, "rolls", None) and seat != admiral:  # jump.Jump, J4
            task.rolls = (rng.choice(t.c.skill("strong").faces),  # type: ignore[attr-defined]
                          rng.choice(t.c.skill("weak").faces))
    if t.pending is not None and t.pending.kind == "action":
        # the action step's options hold the decider's Cylon cards (A9): ask it anew
        t.pending = t.stack[-1].run(t)
    return t


def trace_step(g: Game, events: list[Event]) -> list[Any]:
    """What everyone sees of a step: its public events, then the question (or the end)."""
    out: list[Any] = [e for e in events if e.to is None]
    if g.pending is not None:
        out.append(("asks", g.pending.seat, g.pending.kind))
    else:
        out.append(("over", g.outcome))
    return out


def shape_leak(a: list[Any], b: list[Any]) -> bool | None:
    """Compare two worlds' traces of one step.

    None: the same, keep going. False: a public event differs first (the worlds
    are told apart by the rules, as a roll or a draw does), stop comparing. True:
    a question (or its absence) differs first: its shape depends on a secret.
    """
    for x, y in zip(a, b, strict=False):
        if x != y:
            return isinstance(x, tuple) or isinstance(y, tuple)
    if len(a) != len(b):
        return True  # one world asked where the other went on
    return None
