"""The turn sequence (T0): retrieve, action, crisis, jump, loyalty; and retrieval.

T1 retrieve · A* action · K1 crisis choice · K2–K9 resolve · J1 jump prep ·
J2–J6 jump · L1 loyalty. Crisis, jump and loyalty are pushed by the crisis step
itself so that a reveal (A9) or the brig (B3) can simply skip them.
"""

from __future__ import annotations

from bsg_desktop.engine.actions import ActionStep
from bsg_desktop.engine.core import Decision
from bsg_desktop.engine.crises import CrisisStep
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.retrieve import Retrieve


class Turn(Task):
    """One player's turn; replaces itself with the next player's when done."""

    __slots__ = ("seat", "stage", "started")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = 0  # 0 retrieve, 1 action, 2 crisis, 3 end (a scenario may start later)
        self.started = False

    def run(self, g: Machine) -> Decision | None:
        p = g.players[self.seat]
        if not self.started:
            self.started = True
            self._start(g)
        if self.stage == 0:  # T1
            self.stage = 1
            spent = len(p.spent_dice)
            limited = p.in_brig or g.is_demoralized(self.seat)
            g.push(Retrieve(self.seat, min(1, spent) if limited else spent, "T1"))
            return None
        if self.stage == 1:
            self.stage = 2
            g.push(ActionStep(self.seat, ordered=False))
            return None
        if self.stage == 2:
            self.stage = 3
            if g.turn_over:  # A9: the turn ends at once, with no crisis die (I3)
                if g.jump_bonus:
                    g.emit("jump_bonus_waits", "I3")
            elif p.in_brig:
                g.emit("no_crisis_in_brig", "B3", seat=self.seat)
                if g.jump_bonus:
                    g.emit("jump_bonus_waits", "I3")
            else:
                g.push(CrisisStep(self.seat))
            return None
        g.pop()
        nxt = (self.seat + 1) % g.n
        g.emit("turn_ended", "T0", seat=self.seat)
        g.push(Turn(nxt))
        return None

    def _start(self, g: Machine) -> None:
        g.turn += 1
        g.active = self.seat
        g.turn_over = False
        g.crisis = None
        g.crisis_source = ""
        # I21: the first seat starts a game; every later turn passes to the left (T0).
        # A scenario that starts another seat or mid-turn is not at a game's first turn.
        first = g.turn == 1 and self.seat == 0 and not ({"active", "step"} & g.overrides.keys())
        g.emit("turn_started", "I21" if first else "T0", seat=self.seat, turn=g.turn)
