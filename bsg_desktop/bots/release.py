"""When a computer player's answer is shown: on a schedule no hidden fact decides.

Watching the table, a player must not learn a seat's loyalty from how long its
computer player took. The window holds every answer to a release time fixed
before thinking starts: the window's release hold, the pace the last move's public
changes ask (`present.pace`, Settings -> Pace), or the strong level's `think_floor`
for any decision some holder of the seat would search, whichever is longer. The
strong search ends `strong.SEARCH_MARGIN` of its budget before that time, so in
practice every answer is released exactly at it. An answer that is later still
(a machine under load) waits for the next whole `TICK` after it, so even then
the table sees only a few fixed times, not the length of the search.

``benchmarks/leaks.py --timing`` compares these release times of humans and
hidden Cylons in twin worlds.
"""

from __future__ import annotations

import math

TICK = 0.25  # seconds between the release times an answer later than its hold may take


def release_after(hold: float, elapsed: float) -> float:
    """Seconds after thinking started at which an answer found after ``elapsed`` is
    shown, for a decision held ``hold`` seconds (0: no pause asked, shown at once)."""
    if hold <= 0.0:
        return elapsed
    if elapsed <= hold:
        return hold
    return hold + math.ceil((elapsed - hold) / TICK) * TICK
