"""Initiative (X2): instead of contributing, reroll the active dice (or one rolled die).

Lee Adama: once per turn, all active dice. The parameters make others: ``per``
(turn or game) and ``dice`` (``all`` active dice, or ``one`` rolled die of the
player's choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.core import Choice

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine

INITIATIVE = Choice("initiative")


class Initiative(Ability):
    name = "initiative"
    rule = "X2"
    verbs = frozenset({"initiative"})
    PARAMS = {"per": ("turn", "game"), "dice": ("all", "one"), "brig": (True, False)}

    def contribute_choices(self, g: Machine, seat: int,
                           rolled: list[tuple[int, str, int]]) -> list[Choice]:
        if not self.usable(g, seat):
            return []
        if self.params["dice"] == "one":
            return [Choice("initiative", (die,)) for die, _kind, _value in rolled]
        return [INITIATIVE]

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        self.use(g, seat)
        g.emit("initiative", self.rule_for(g, seat), seat=seat)
        if choice.args:
            g.roll_dice(seat, [g.die(int(choice.args[0]))], self.rule_for(g, seat))
        else:
            g.roll_dice(seat, g.players[seat].active_dice, self.rule_for(g, seat))
