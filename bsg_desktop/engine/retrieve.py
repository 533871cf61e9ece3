"""Taking back spent dice (rules T1, D4, D5, J3, A8): the player chooses strong or weak
when both are spent and not all come back."""

from __future__ import annotations

from bsg_desktop.engine.core import Choice, Decision
from bsg_desktop.engine.machine import Machine, Task

# one choice per die kind (S4), made once: turns and passes retrieve all game long
RETRIEVE = {k: Choice("retrieve", (k,)) for k in ("strong", "weak")}


class Retrieve(Task):
    """Take back ``count`` spent dice, the player choosing strong or weak when it matters."""

    __slots__ = ("seat", "count", "rule")

    def __init__(self, seat: int, count: int, rule: str) -> None:
        self.seat = seat
        self.count = count
        self.rule = rule

    def run(self, g: Machine) -> Decision | None:
        if self.count <= 0:  # most passes take nothing back: no list of spent dice
            g.pop()
            return None
        spent = g.players[self.seat].spent_dice
        if not spent:
            g.pop()
            return None
        kinds = sorted({d.kind for d in spent})
        if self.count >= len(spent) or len(kinds) == 1:
            for _ in range(min(self.count, len(spent))):
                g.retrieve(self.seat, None, self.rule)
            g.pop()
            return None
        return g.ask(self.seat, "retrieve", [RETRIEVE[k] for k in kinds], self.rule,
                     left=self.count)

    def apply(self, g: Machine, choice: Choice) -> None:
        g.retrieve(self.seat, str(choice.args[0]), self.rule)
        self.count -= 1
