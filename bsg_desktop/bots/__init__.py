"""Computer players. A bot sees only its seat's PlayerView and the pending Decision.

    bot = make_bot("random", seed=1)
    choice = bot.choose(game.view(seat), game.pending)

Nothing else reaches a bot: not the Game, not another seat's view. The view and
the decision are frozen values, so a bot cannot change the game through them.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from bsg_desktop.engine import Choice, Decision, PlayerView

LEVELS: dict[str, type] = {}


class Bot(Protocol):
    def choose(self, view: PlayerView, decision: Decision) -> Choice: ...


class RandomBot:
    """Legal choices uniformly at random: the baseline level."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, decision: Decision) -> Choice:
        return decision.options[self.rng.randrange(len(decision.options))]


LEVELS["random"] = RandomBot

from bsg_desktop.bots.heuristic import HeuristicBot  # noqa: E402  (needs RandomBot's module)

LEVELS["heuristic"] = HeuristicBot

from bsg_desktop.bots.strong import StrongBot  # noqa: E402

LEVELS["strong"] = StrongBot
ORDER = ("random", "heuristic", "strong")  # weakest first: the league's ladder


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A fresh bot for one seat and one game. ``options`` go to the level's
    constructor (e.g. ``budget=0.1`` seconds per decision for ``strong``)."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; expected one of "
                         f"{', '.join(LEVELS)}") from None
    return cls(seed, **options)  # type: ignore[no-any-return]
