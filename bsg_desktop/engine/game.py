"""A whole game: how one is built (setup, S1–S6) and replayed from its recipe.

The decision loop and the state live in ``engine/machine.py``, below the rule
modules; this module sits above them all, because building a game means dealing
it (``engine/setup.py``) and pushing the first turn.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from bsg_desktop.data import Components
from bsg_desktop.engine.core import Choice, Setup
from bsg_desktop.engine.machine import ALWAYS_ASK, MAX_TURNS, Machine, ScriptError, Task
from bsg_desktop.engine.setup import apply_setup
from bsg_desktop.engine.undo import UNDO, step_undoable

__all__ = ["ALWAYS_ASK", "MAX_TURNS", "Game", "ScriptError", "Task", "fresh_seed", "new_game",
           "replay"]


class Game(Machine):
    """A game of BSG: Express. Build it with `new_game`."""

    def _rebuild_undo(self) -> None:
        """The state before the last decision, from the recipe, for a game that kept none:
        an ``undo`` in a save must replay in every driver, not only in one that keeps undo."""
        if not self.choices or self.choices[-1] == UNDO or self.outcome is not None:
            return
        skill, crisis = self.script
        before = replay(self.setup, self.seed, self.choices[:-1], self.c, self.overrides,
                        skill, crisis)
        before.turn_limit = self.turn_limit
        n = len(before.events)
        if before.pending is not None and step_undoable(before, self, before.pending[0],
                                                        self.events[n:]):
            self._undo, self._undo_seat, self._undo_events = before, before.pending[0], n


def fresh_seed() -> int:
    """A new game's seed: 64 bits from the operating system's secure randomness.

    The seed is the whole game (every loyalty card, roll and pile order), so it must
    not be guessable: a seed from a small range is found again from one seat's start
    view and the first turn's public record in minutes. 2**64 seeds cannot be tried.
    """
    return secrets.randbits(64)


def new_game(setup: Setup | None = None, seed: int = 0, components: Components | None = None,
             record: bool = True, overrides: dict[str, Any] | None = None,
             script_skill: Sequence[int] = (), script_crisis: Sequence[int | str] = ()) -> Game:
    """Set up a game (rules S1–S6) deterministically from (setup, seed).

    ``overrides`` start from a chosen position (scenarios); ``script_skill`` and
    ``script_crisis`` fix the next skill die values and crisis faces (an index on the
    die, or a face code such as ``dradis/4/2/jump`` that holds whatever cards.yaml says).
    """
    setup = setup or Setup()
    g = Game(setup, seed, components, record)
    g.overrides = dict(overrides or {})
    g.script = (tuple(script_skill), tuple(script_crisis))
    g.script_skill.extend(script_skill)
    g.script_crisis.extend(script_crisis)
    apply_setup(g, overrides)
    g._advance()
    return g


def replay(setup: Setup, seed: int, choices: Sequence[Choice | str],
           components: Components | None = None, overrides: dict[str, Any] | None = None,
           script_skill: Sequence[int] = (), script_crisis: Sequence[int | str] = ()) -> Game:
    """(setup, seed, choices) reproduces a game exactly."""
    g = new_game(setup, seed, components, overrides=overrides, script_skill=script_skill,
                 script_crisis=script_crisis)
    for _ in g.play(choices):
        pass
    # a replayed game starts behind a hand-over: nothing before it can be taken back
    g._undo = g._undo_seat = None
    return g

