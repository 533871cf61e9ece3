"""Win rates with honest error bars (Wilson score intervals) for the league and reports."""

from __future__ import annotations

import math


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion; (0, 1) when there are no games.

    Wilson rather than the normal approximation because it stays inside [0, 1] and
    behaves at 0 and 100% wins, which short test runs do produce.
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def diff_interval(w1: int, n1: int, w2: int, n2: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of p1 − p2 (Newcombe's method from two Wilson intervals)."""
    p1, p2 = w1 / max(1, n1), w2 / max(1, n2)
    l1, u1 = wilson(w1, n1, z)
    l2, u2 = wilson(w2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return lo, hi


def paired_interval(pairs: list[tuple[int, int]], z: float = 1.96) -> tuple[float, float]:
    """95% interval of the mean of x − y over paired games (same seed, same deal).

    The league plays both levels on the same seeds, so the two games of a pair share
    the characters, seats and loyalty deal; the paired difference removes that
    shared luck, which Newcombe's interval (for independent samples) cannot. Normal
    approximation of the mean difference, fine for the hundred-plus pairs a
    verdict needs.
    """
    n = len(pairs)
    if n < 2:
        return -1.0, 1.0
    ds = [x - y for x, y in pairs]
    mean = sum(ds) / n
    var = sum((d - mean) ** 2 for d in ds) / (n - 1)
    half = z * math.sqrt(var / n)
    return max(-1.0, mean - half), min(1.0, mean + half)


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"
