"""The public record in PlayerView: every seat sees the same public events, no secrets."""

from __future__ import annotations

import random

from bsg_desktop.engine import Setup, new_game


def _play(seed: int, steps: int, players: int = 4):
    g = new_game(Setup(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.outcome is not None:
            break
        d = g.pending
        g.apply(d.options[rng.randrange(len(d.options))])
    return g


def test_record_is_the_public_log_only() -> None:
    for seed in range(5):
        g = _play(seed, 60)
        public = tuple(e for e in g.events if e.to is None)
        for seat in (None, *range(g.n)):
            v = g.view(seat)
            assert v.record == public
            assert all(e.to is None for e in v.record)
        kinds = {e.kind for e in g.view(0).record}
        assert not kinds & {"roll_result", "loyalty_dealt", "crisis_roll_result",
                            "loyalty_seen", "jump_roll_result", "damage_drawn"}


def test_record_grows_incrementally_and_survives_copies() -> None:
    g = _play(3, 30)
    before = g.view(1).record
    c = g.copy()
    rng = random.Random(9)
    for _ in range(20):
        if c.outcome is not None:
            break
        d = c.pending
        c.apply(d.options[rng.randrange(len(d.options))])
    assert c.view(1).record[: len(before)] == before
    assert g.view(1).record == before  # the original is untouched by the copy's play
    assert c.view(2).record == tuple(e for e in c.events if e.to is None)


def test_record_is_empty_without_events() -> None:
    g = new_game(Setup(players=3), seed=1, record=False)
    assert g.view(0).record == ()
