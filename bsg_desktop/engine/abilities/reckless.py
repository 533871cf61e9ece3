"""Recklessness (X4): after contributing a number of dice to one check, take them back.

Kara Thrace: once per turn, after contributing 3 or 4 dice; they still count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, Choice, Decision

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine

RECLAIM_KEEP = (Choice("reclaim"), Choice("keep"))


class Reckless(Ability):
    name = "reckless"
    rule = "X4"
    verbs = frozenset({"reclaim"})
    KIND = "reckless"  # named after the part; saves hold only choices
    public_kinds = frozenset({KIND})  # it asks about dice already in the check
    PARAMS = {"per": ("turn", "game"), "least": (3, 1, 2, 4), "most": (4, 1, 2, 3),
              "brig": (False, True)}

    def after_contributing(self, g: Machine, seat: int, dice: int) -> Decision | None:
        if self.usable(g, seat) and self.params["least"] <= dice <= self.params["most"]:
            return g.ask(seat, self.KIND, RECLAIM_KEEP, self.rule_for(g, seat))
        return None

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        self.use(g, seat)
        for e in g.check.entries:
            if e.seat == seat:
                d = g.die(e.die)
                if d.state == CONTRIBUTED:
                    d.state, d.value = ACTIVE, None
        g.emit("reckless_reclaim", self.rule_for(g, seat), seat=seat)
