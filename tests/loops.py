"""Every loop in the tests has a bound, so a loop whose condition never turns (a game
that does not end, a button that stays enabled) fails with a message instead of
running until the suite's timeout."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

STEPS = 20_000  # more than any game or lesson here takes, far less than for ever


def bounded(limit: int = STEPS) -> Iterator[int]:
    """``for _ in bounded(): if not cond: break`` instead of ``while cond:``."""
    yield from range(limit)
    raise AssertionError(f"a loop did not end within {limit:,} steps")


def random_step(c: Any, rng: random.Random) -> None:
    """One step of a hot-seat game at the window's controller ``c`` with random
    answers: a roll on show is seen, a hand-over is made, or else a legal choice is
    picked at random."""
    if c.roll_to_see() is not None:
        c.acknowledge_roll()
    elif c.needs_handover():
        c.unlock()
    else:
        c.choose(rng.choice(c.game.pending.options))


def play_solo_to_the_end(c: Any, rng: random.Random) -> None:
    """A solo game at the window's controller ``c`` played out: seat 0 answers at
    random, the computer seats at once (no release hold)."""
    for _ in bounded():
        g = c.game
        if g.outcome is not None:
            return
        if g.pending.seat == 0:
            c.choose(rng.choice(g.pending.options))
        else:
            c.play_bots_now(1)


def next_taps(seed: int) -> int:
    """The seed of a page's next tap after one it took (a Lehmer step): the browser
    tests' pages tap from seeds that follow from the first alone, so a game is the same
    every run however fast the frames come."""
    return seed * 48271 % 2147483647
