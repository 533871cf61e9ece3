"""Taking back a decision: the one place that says whether a step may be undone.

A decision can be taken back only

- by the seat that took it,
- while that seat still decides (before any hand-over or another seat's
  decision: the game's next pending decision is that seat's again), and
- if the step made nothing hidden known to anyone: no roll, no draw from a pile
  whose order is secret (damage, demoralized, DRADIS, loyalty deck), no crisis
  die chosen (the other die's face would become guessable), no die's value
  shown, no card seen.

The last condition is tested on the state itself, not on a list of "safe"
choices: `hidden_facts` collects every fact some seat may not see (the random
generator, every secret-order pile, loyalty cards, rolled values, crisis faces,
what Baltar saw, scripted dice, what a task holds such as the jump roll), and a
step is clean when those facts are the
same after it as before and every event it caused is public. A rule that makes a
hidden fact public must therefore also move it out of the hidden facts (a
contributed die changes state, the chosen crisis face and the used jump roll
are forgotten); the pair-world tests (``tests/test_secrets.py``) check that no
undoable step lets any seat see more than before. A clean step may still be
refused (a die spent by "stop" forgets its value): refusing is always safe.

Drivers only ask: ``g.undoable(seat)`` and ``g.undo(seat)``; a game keeps the
state needed for it only when ``g.keep_undo`` is set (the window and the phone
companion set it; simulations do not pay for a copy per step). An undo is a
public event (``decision_taken_back``) and is recorded among the choices as
``undo``, so a save replays it and nobody undoes unseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bsg_desktop.engine.core import Choice

if TYPE_CHECKING:
    from bsg_desktop.engine.core import Event
    from bsg_desktop.engine.machine import Machine as Game

UNDO = Choice("undo")  # how an undo is spelled among a game's choices (saves, replays)


def hidden_facts(g: Game) -> tuple[Any, ...]:
    """Every fact hidden from at least one seat, in a form that compares with ``==``.

    Rolled but uncontributed dice are listed with their state, so contributing one
    (its value becomes public) changes the facts just as rolling it did; a die
    without a value (spent, retrieved, never rolled) hides nothing.
    """
    players = tuple(
        (tuple(p.loyalty), tuple(p.revealed_cards), tuple(sorted(p.known.items())),
         tuple((d.id, d.state, d.value) for d in p.dice if d.value is not None))
        for p in g.players)
    return (g.rng.getstate(), tuple(g.script_skill), tuple(g.script_crisis),
            tuple(g.dradis_pile), tuple(g.damage_pile), tuple(g.demoralized_pile),
            tuple(g.loyalty_deck), tuple(g.loyalty_box), tuple(g.crisis_rolled), players,
            tuple(t.secret() for t in g.stack))


def revealed_nothing(before: Game, after: Game, events: Sequence[Event]) -> bool:
    """True when the step from ``before`` to ``after``, which caused ``events``, made
    nothing hidden known."""
    if not after.record:
        return False  # without events a private event could not be seen: refuse
    for e in events:
        if e.to is not None:
            return False  # a roll's values, a card seen, markers drawn for one seat
    return hidden_facts(before) == hidden_facts(after)


def step_undoable(before: Game, after: Game, seat: int, events: Sequence[Event]) -> bool:
    """The whole rule for the step ``seat`` took from ``before`` to ``after``."""
    pending = after.pending
    return (after.outcome is None and pending is not None and pending.seat == seat
            and revealed_nothing(before, after, events))


def as_played(choices: Sequence[Choice]) -> tuple[list[Choice], list[int]]:
    """A game's choices without the steps taken back (each ``undo`` and the decision it
    took back), and where each of the game's positions falls among them: the game as
    it is shown when what was taken back is left out (a lesson)."""
    kept: list[Choice] = []
    where = [0]
    for c in choices:
        if c == UNDO:
            if kept:
                kept.pop()
        else:
            kept.append(c)
        where.append(len(kept))
    return kept, where
