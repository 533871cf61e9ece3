"""Placing markers one at a time (rules I8, K3, K5, K7–K9), for crises, jumps and reveals.

After each marker the Cylon win conditions are checked (W2), and after each
DRADIS marker the Raider rule (K8) runs until it no longer applies.
"""

from __future__ import annotations

from bsg_desktop.engine.core import RAIDER, SHIP, Choice, Decision
from bsg_desktop.engine.machine import Machine, Task

PENALTIES = (Choice("penalty", ("damage",)), Choice("penalty", ("demoralize",)))  # K8


class PlaceMarkers(Task):
    """Place ``count`` markers of one kind one at a time (I8).

    DRADIS markers are all drawn first and then placed one at a time (K7, K9):
    a Raider that K8 sends back mid-way is shuffled into the pile, but cannot be
    drawn again by the same consequence, exactly as in the rulebook's example.
    """

    __slots__ = ("kind", "count", "rule", "drawn")

    def __init__(self, kind: str, count: int, rule: str) -> None:
        self.kind = kind  # demoralize | damage | dradis
        self.count = count
        self.rule = rule
        self.drawn = False

    def run(self, g: Machine) -> Decision | None:
        if self.kind == "dradis" and not self.drawn:
            self.drawn = True
            g.draw_dradis_hand(self.count, self.rule)
            self.count = len(g.dradis_drawn)
        if self.count <= 0:
            g.pop()
            return None
        self.count -= 1
        if self.kind == "dradis":
            g.place_drawn_dradis(self.rule)
            g.push(RaiderRule())
        elif self.kind == "damage":
            g.place_damage(self.rule)
        else:
            g.place_demoralized(self.rule)
        return None


class RaiderRule(Task):
    """K8: two Raiders and a Colonial Ship: the ship is lost, a Raider goes back, a penalty."""

    __slots__ = ()

    def run(self, g: Machine) -> Decision | None:
        if g.raiders() >= 2 and g.ships() >= 1:
            g.dradis_monitor.remove(SHIP)
            g.dradis_box.append(SHIP)
            g.dradis_monitor.remove(RAIDER)
            g.dradis_pile.append(RAIDER)
            g.reshuffle(g.dradis_pile)
            g.emit("ship_destroyed", "K8", raiders=g.raiders(), ships=g.ships(),
                   destroyed=len(g.dradis_box))
            return g.ask(g.active, "k8_penalty", PENALTIES, "K8")
        g.pop()
        return None

    def apply(self, g: Machine, choice: Choice) -> None:
        if choice.args[0] == "damage":
            g.place_damage("K8")
        else:
            g.place_demoralized("K8")
