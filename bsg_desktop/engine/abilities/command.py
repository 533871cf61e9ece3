"""Command (X1): on crisis checks in its seat's turn, a contributed value counts as another.

William Adama: every contributed −1 counts as 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine


class Command(Ability):
    name = "command"
    rule = "X1"
    PARAMS = {"value": (-1, -2, -3, -4), "counts_as": (0, 1, -1),
              "checks": ("crisis", "vote", "any"), "brig": (False, True)}

    def counts_as(self, g: Machine, seat: int, check: str) -> tuple[tuple[int, int], ...]:
        if seat != g.active or self.params["checks"] not in (check, "any"):
            return ()
        if not self.usable(g, seat):
            return ()
        return ((self.params["value"], self.params["counts_as"]),)

    def contributed(self, g: Machine, seat: int, values: list[int]) -> None:
        n = values.count(self.params["value"])
        if n:
            g.emit("command_applies", self.rule_for(g, seat), seat=seat, count=n)
