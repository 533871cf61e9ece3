"""Refit the strong bot's position model (``bots/value.py``) by heuristic self-play.

    python -m bsg_desktop.bots.fit_value --games 6000

prints the held-out log loss of the refit, of a constant guess and of the shipped
WEIGHTS, then the new WEIGHTS to paste into ``value.py``. A module of its own, not
part of ``value.py``: the bots package imports ``value`` for every strong bot, and
running an already-imported module with ``-m`` makes Python warn; the fitting code
(and numpy) is also no part of playing.
"""

from __future__ import annotations

import argparse
import math

from bsg_desktop.bots.value import FEATURES, WEIGHTS, features, model_chance


def collect(games: int, seed: int) -> tuple[list[list[float]], list[int]]:
    """Turn-start positions of heuristic self-play games, labelled 1 if humans won."""
    from bsg_desktop.bots.heuristic import HeuristicBot
    from bsg_desktop.engine import Setup, new_game

    xs: list[list[float]] = []
    ys: list[int] = []
    for i in range(games):
        players = 3 + i % 3
        g = new_game(Setup(players=players), seed=seed + i)
        bots = [HeuristicBot((seed + i) * 31 + s) for s in range(players)]
        rows = []
        turn = -1
        while g.outcome is None and not g.stalled:
            if g.turn != turn:
                turn = g.turn
                rows.append(features(g))
            d = g.pending
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        if g.outcome is None:
            continue
        y = int(g.outcome.winner == "humans")
        xs += rows
        ys += [y] * len(rows)
    return xs, ys


def fit(xs: list[list[float]], ys: list[int], l2: float = 1e-3) -> tuple[float, ...]:
    """Logistic regression by Newton's method (a light L2 keeps rare features tame)."""
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    w = np.zeros(x.shape[1])
    reg = l2 * len(y) * np.eye(x.shape[1])
    reg[0, 0] = 0.0
    for _ in range(30):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + reg @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return tuple(round(float(v), 4) for v in w)


def log_loss(xs: list[list[float]], ys: list[int], w: tuple[float, ...]) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(1 - 1e-9, max(1e-9, model_chance(x, w)))
        total -= math.log(p) if y else math.log(1 - p)
    return total / max(1, len(ys))


def main() -> None:
    p = argparse.ArgumentParser(description="Refit the strong bot's position value model.")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=100_000)
    a = p.parse_args()
    xs, ys = collect(a.games, a.seed)
    cut = int(len(ys) * 0.8)
    w = fit(xs[:cut], ys[:cut])
    const = (math.log(sum(ys[:cut]) / cut) - math.log(1 - sum(ys[:cut]) / cut),) + (0.0,) * (
        len(FEATURES) - 1)
    print(f"{len(ys)} positions; held-out log loss {log_loss(xs[cut:], ys[cut:], w):.4f} "
          f"(constant model {log_loss(xs[cut:], ys[cut:], const):.4f}, "
          f"shipped WEIGHTS {log_loss(xs[cut:], ys[cut:], WEIGHTS):.4f})")
    print("WEIGHTS: tuple[float, ...] = (")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"    {v},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
