"""The bots' shortcuts give exactly what their plain definitions give.

The one-card belief and reading the record without dicts are held to their
plain definitions on every view of real games.
"""

from __future__ import annotations

from typing import Any

from bsg_desktop.bots import make_bot
from bsg_desktop.bots.suspicion import Record, _enumerated, _unknown_cards, belief
from bsg_desktop.engine import Event, Setup, new_game


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
