"""Cylon Detector (X5): an action to look at another player's loyalty cards.

Gaius Baltar: once per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.core import Choice

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine


class Detector(Ability):
    name = "detector"
    rule = "X5"
    verbs = frozenset({"a1"})
    PARAMS = {"per": ("game", "turn"), "brig": (True, False)}

    def action_choices(self, g: Machine, seat: int) -> list[Choice]:
        if not self.usable(g, seat):
            return []
        return [Choice("a1", (q.seat,)) for q in g.players if q.seat != seat]

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        self.use(g, seat)
        target = int(choice.args[0])
        p = g.players[seat]
        p.known[target] = tuple(g.players[target].loyalty)
        g.emit("cylon_detector", self.rule_for(g, seat), seat=seat, target=target)
        g.emit("loyalty_seen", self.rule_for(g, seat), to=(seat,), seat=seat, target=target,
               cards=list(g.players[target].loyalty))
