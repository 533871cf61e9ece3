"""Jumping (rules J2–J6, W1, I11, I16) and the second loyalty deal (L1, I7)."""

from __future__ import annotations

from bsg_desktop.engine.core import HUMANS, Choice, Decision
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.markers import PlaceMarkers
from bsg_desktop.engine.retrieve import Retrieve

JUMP_DICE = (Choice("jump_die", ("strong",)), Choice("jump_die", ("weak",)))


class Jump(Task):
    __slots__ = ("phase", "rolls", "penalty")

    def __init__(self) -> None:
        self.phase = "start"
        self.rolls: tuple[int, ...] = ()  # (strong, weak), the Admiral's until chosen
        self.penalty = 0

    def run(self, g: Machine) -> Decision | None:
        if self.phase == "start":
            g.jump_track = 0  # J2
            g.emit("fleet_jumped", "J2", distance=g.distance)
            if g.distance >= g.c.distance_win:  # J6
                g.win(HUMANS, "jump", "W1")
                return None
            self.phase = "admiral"
            # J3: everyone retrieves; demoralized or brigged players choose one.
            for seat in reversed([g.active] + g.order_from_left(g.active)[:-1]):
                p = g.players[seat]
                limited = p.in_brig or g.is_demoralized(seat)
                g.push(Retrieve(seat, 1 if limited else len(p.spent_dice), "J3"))
            return None
        if self.phase == "admiral":  # J4, I11
            adm = g.admiral if g.admiral is not None else g.active
            self.rolls = (g.roll_skill("strong"), g.roll_skill("weak"))
            g.emit("jump_roll", "J4", seat=adm)
            g.emit("jump_roll_result", "J4", to=(adm,), seat=adm, strong=self.rolls[0],
                   weak=self.rolls[1])
            self.phase = "choose"
            # I16: both dice are offered even when they show the same value; asking only
            # when they differ would tell every seat that they were equal
            return g.ask(adm, "jump_die", JUMP_DICE, "J4", strong=self.rolls[0],
                         weak=self.rolls[1])
        if self.phase == "penalty":
            adm = g.admiral if g.admiral is not None else g.active
            self.phase = "loyalty"
            return g.ask(adm, "jump_penalty", [Choice("split", (k,)) for k in
                                               range(self.penalty + 1)], "J4", points=self.penalty)
        if self.phase == "loyalty":
            g.pop()
            deal_loyalty(g)
            return None
        return None

    def secret(self) -> tuple[int, ...]:
        return self.rolls

    def apply(self, g: Machine, choice: Choice) -> None:
        if choice.verb == "jump_die":
            v = self.rolls[0] if choice.args[0] == "strong" else self.rolls[1]
            self.rolls = ()  # the other die stays the Admiral's secret (like K1's)
            g.distance += abs(v)
            adm = g.admiral if g.admiral is not None else g.active
            g.emit("distance_advanced", "J4", seat=adm, kind=str(choice.args[0]), value=v,
                   distance=g.distance)
            if v < 0:
                self.penalty = -v
                self.phase = "penalty"
            else:
                self.phase = "loyalty"
        elif choice.verb == "split":
            damage = int(choice.args[0])
            g.emit("jump_penalty", "J4", damage=damage, demoralize=self.penalty - damage)
            g.push(PlaceMarkers("demoralize", self.penalty - damage, "J4"))
            g.push(PlaceMarkers("damage", damage, "J4"))


def deal_loyalty(g: Machine) -> None:
    """L1/I7: the first time distance reaches 4+, deal one more card each."""
    if g.loyalty_dealt or g.distance < g.c.distance_loyalty:
        return
    g.loyalty_dealt = True
    g.emit("loyalty_round", "L1")
    for seat in g.order_from_left(g.active):
        p = g.players[seat]
        if p.revealed or not g.loyalty_deck:
            continue
        card = g.loyalty_deck.pop()
        p.loyalty.append(card)
        g.emit("loyalty_card_given", "L1", seat=seat)
        g.emit("loyalty_dealt", "L1", to=(seat,), seat=seat, cards=list(p.loyalty))
