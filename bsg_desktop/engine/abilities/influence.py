"""Political Influence (X3): when its seat called a vote, remove one contributed die.

Laura Roslin: after the dice are in, before the vote's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.core import Choice, Decision

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine


class Influence(Ability):
    name = "influence"
    rule = "X3"
    verbs = frozenset({"remove_die"})
    KIND = "influence"  # named after the part; saves hold only choices
    public_kinds = frozenset({KIND})  # it asks about dice already in the check
    PARAMS = {"brig": (True, False)}

    def before_result(self, g: Machine, seat: int) -> Decision | None:
        ch = g.check
        if ch.kind != "vote" or ch.caller != seat or not self.usable(g, seat):
            return None
        opts = [Choice("remove_die", (e.die,)) for e in ch.entries if e.counts]
        if not opts:
            return None
        return g.ask(seat, self.KIND, [*opts, Choice("keep")], self.rule_for(g, seat),
                     total=ch.compute(), difficulty=ch.difficulty)

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        self.use(g, seat)
        die_id = int(choice.args[0])
        ch = g.check
        ch.entries = [e._replace(counts=False) if e.die == die_id else e for e in ch.entries]
        ch.compute()
        g.emit("die_removed_from_vote", self.rule_for(g, seat), seat=seat, die=die_id)
