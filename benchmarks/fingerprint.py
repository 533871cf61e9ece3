"""Behaviour fingerprint: proof that a speed-up changed nothing a player can see.

    python benchmarks/fingerprint.py [--seeds 300] > fingerprint.txt

For fixed seeds it plays complete games and prints one line per game: the
outcome, the number of choices and a hash over every choice, every event the
game recorded (private ones too) and every view handed to a bot. Optimising
the engine, the views or the bots must leave this output byte for byte the
same; ``diff`` two runs to see which game first differs. Strong bots run with a
fixed number of sampled worlds, so their games are reproducible too. The ``all-views``
games also build every seat's view and the public one after each step, so a
view cache is checked against every call pattern, not just the bots'.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

from bsg_desktop.bots import make_bot
from bsg_desktop.engine import Setup, new_game


def _event_key(e: Any) -> str:
    """An event as plain data, so a change of Event's class would not hide in its repr."""
    to = None if e.to is None else sorted(e.to)
    return repr((e.kind, e.rule, tuple(e.data), to))


def _view_repr(v: Any) -> str:
    """A view as its named tuple's repr would write it, less its components (the game's
    cards: the same object in every view of a game, and a long text)."""
    fields = v._asdict()
    del fields["components"]
    body = ", ".join(f"{name}={value!r}" for name, value in fields.items())
    return f"PlayerView({body})"


def _view_key(v: Any) -> str:
    """A view minus its record (the record is checked once per game, in full, and by
    length per view: it only ever grows by appending)."""
    return _view_repr(v._replace(record=())) + f"#{len(v.record)}"


def play(players: int, level: str, seed: int, all_views: bool, record: bool = True) -> str:
    g = new_game(Setup(players=players), seed=seed, record=record)
    opts: dict[str, Any] = {"worlds": 4} if level == "strong" else {}
    bots = [make_bot(level, seed * 10 + s, **opts) for s in range(players)] if level else []
    h = hashlib.sha256()
    steps = 0
    while g.outcome is None and not g.stalled:
        d = g.pending
        if all_views:
            for s in [*range(players), None]:
                h.update(_view_key(g.view(s)).encode())
        if bots:
            v = g.view(d.seat)
            h.update(_view_key(v).encode())
            c = bots[d.seat].choose(v, d)
        else:
            c = d.options[(seed * 7919 + steps * 104729) % len(d.options)]
        h.update(repr((d, c)).encode())
        g.apply(c)
        steps += 1
    for e in g.events:
        h.update(_event_key(e).encode())
    if bots:
        final = g.view(None)
        h.update(_view_repr(final).encode())
    out = g.outcome
    result = "stalled" if out is None else f"{out.winner}/{out.condition}"
    return f"{players}p {level or 'norecord'} {'all-views ' if all_views else ''}" \
        f"seed {seed}: {result} turn {g.turn} choices {steps} {h.hexdigest()[:20]}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seeds", type=int, default=300)
    p.add_argument("--all-view-seeds", type=int, default=30)
    p.add_argument("--strong-seeds", type=int, default=4)
    a = p.parse_args()
    total = hashlib.sha256()
    for players in (3, 4, 5):
        for level in ("heuristic", "random"):
            for seed in range(a.seeds):
                line = play(players, level, seed, False)
                total.update(line.encode())
                print(line)
        for seed in range(a.all_view_seeds):
            line = play(players, "heuristic", seed, True)
            total.update(line.encode())
            print(line)
        for seed in range(a.all_view_seeds):
            line = play(players, "", seed, False, record=False)
            total.update(line.encode())
            print(line)
    for seed in range(a.strong_seeds):
        line = play(4, "strong", seed, False)
        total.update(line.encode())
        print(line)
    print(f"total {total.hexdigest()}")


if __name__ == "__main__":
    main()
