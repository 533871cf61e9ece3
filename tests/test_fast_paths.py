"""The engine's fast constructors give exactly the values the plain ones give.

`Game.emit` sets an Event's slots through their descriptors and `Game.ask`
builds a Decision with ``tuple.__new__``; both skip a Python-level constructor
on the hot path. Here every event and decision of real games is compared with
one built the ordinary way: same type, equal, same repr, still frozen.
"""

from __future__ import annotations

import dataclasses

from bsg_desktop.bots import make_bot
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
