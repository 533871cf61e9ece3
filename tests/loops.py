"""Every loop in the tests has a bound, so a loop whose condition never turns (a game
that does not end, a button that stays enabled) fails with a message instead of
running until the suite's timeout."""

from __future__ import annotations

from collections.abc import Iterator

STEPS = 20_000  # more than any game or lesson here takes, far less than for ever


def bounded(limit: int = STEPS) -> Iterator[int]:
    """``for _ in bounded(): if not cond: break`` instead of ``while cond:``."""
    yield from range(limit)
    raise AssertionError(f"a loop did not end within {limit:,} steps")
