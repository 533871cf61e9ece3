"""Salvage: after a check fails, take back one spent die (a part for a user's character).

No shipped character has it; a cards file gives it to one of its own (see
``docs/examples/galen_tyrol.yaml``). Once per turn by default, when a check has
failed and its dice are spent, its seat may take back one of its spent dice, of
the kind it chooses (``salvage:strong`` / ``salvage:weak``), or keep them spent.
Every spent die is public, so the question is asked on the shared screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bsg_desktop.engine.abilities.base import Ability
from bsg_desktop.engine.core import Choice, Decision

if TYPE_CHECKING:
    from bsg_desktop.engine.machine import Machine

KEEP = Choice("keep")


class Salvage(Ability):
    name = "salvage"
    rule = "T1"  # only when its character names no X line (every loaded one does)
    verbs = frozenset({"salvage"})
    KIND = "salvage"
    public_kinds = frozenset({KIND})
    PARAMS = {"per": ("turn", "game"), "after": ("failure", "any"), "brig": (True, False)}

    def after_result(self, g: Machine, seat: int, success: bool) -> Decision | None:
        if success and self.params["after"] == "failure":
            return None
        kinds = sorted({d.kind for d in g.players[seat].spent_dice})
        if not kinds or not self.usable(g, seat):
            return None
        return g.ask(seat, self.KIND, [*(Choice("salvage", (k,)) for k in kinds), KEEP],
                     self.rule_for(g, seat))

    def apply(self, g: Machine, seat: int, choice: Choice) -> None:
        self.use(g, seat)
        rule = self.rule_for(g, seat)
        g.emit("salvaged", rule, seat=seat)
        g.retrieve(seat, str(choice.args[0]), rule)
