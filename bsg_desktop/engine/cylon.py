"""Revealing and playing as a Cylon (rules A9, X7–X10, Y1–Y2, I4, I6, I10)."""

from __future__ import annotations

from bsg_desktop.engine.core import ACTIVE, REMOVED, SPENT, Choice, Decision
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.markers import PlaceMarkers

EFFECT_RULE = {"demoralize": "X7", "damage": "X8", "dradis": "X9", "steal_dice": "X10"}


class Reveal(Task):
    __slots__ = ("seat", "card", "phase", "gift")  # gift: "held" | "deck" | "" (I6)

    def __init__(self, seat: int, card: str) -> None:
        self.seat = seat
        self.card = card
        self.phase = "reveal"
        self.gift = ""

    def run(self, g: Machine) -> Decision | None:
        p = g.players[self.seat]
        if self.phase == "reveal":
            self.phase = "second"
            p.revealed = True
            p.revealed_cards.append(self.card)
            g.emit("cylon_revealed", "A9", seat=self.seat, card=self.card)
            if p.in_brig:
                p.in_brig = False
                g.emit("reveal_in_brig", "A9", seat=self.seat, card=self.card)
            else:
                g.push(Effect(self.seat, g.c.cylon(self.card).effect))
            _return_dice(g, self.seat)  # Y2
            if g.admiral == self.seat:
                g.pass_admiral()
            return None
        if self.phase == "second":
            self.phase = "end"
            box_cylons = [c for c in g.loyalty_box if c in g.c.cylon_ids]
            if g.n == 4 and box_cylons:
                card = box_cylons[g.rng.randrange(len(box_cylons))]
                g.loyalty_box.remove(card)
                p.revealed_cards.append(card)
                g.emit("second_cylon_card", "A9", seat=self.seat, card=card)
                g.push(Effect(self.seat, g.c.cylon(card).effect))
            elif g.n == 5:  # I6
                held = [c for c in p.loyalty if c not in p.revealed_cards]
                if held:
                    self.gift = "held"
                elif g.loyalty_deck:
                    self.gift = "deck"
                targets = [q.seat for q in g.players if q.seat != self.seat and not q.revealed]
                if self.gift and targets:
                    self.phase = "give"
                    return g.ask(self.seat, "give_card", [Choice("give", (s,)) for s in targets],
                                 "I6")
            return None
        g.turn_over = True  # A9: the turn ends at once
        g.pop()
        return None

    def apply(self, g: Machine, choice: Choice) -> None:
        target = int(choice.args[0])
        p = g.players[self.seat]
        if self.gift == "held":
            card = next(c for c in p.loyalty if c not in p.revealed_cards)
            p.loyalty.remove(card)
        else:
            card = g.loyalty_deck.pop()
        g.players[target].loyalty.append(card)
        g.emit("loyalty_card_passed", "I6", seat=self.seat, target=target)
        g.emit("loyalty_dealt", "I6", to=(target,), seat=target,
               cards=list(g.players[target].loyalty))
        self.gift = ""
        self.phase = "end"


def _return_dice(g: Machine, seat: int) -> None:
    """Y2/I22: keep one strong and one weak die; spent ones go to the box first."""
    p = g.players[seat]
    for kind in ("strong", "weak"):
        mine = [d for d in p.dice if d.kind == kind and d.state != REMOVED]
        mine.sort(key=lambda d: (d.state != SPENT, d.state != ACTIVE))
        for d in mine[: max(0, len(mine) - 1)]:
            d.state, d.value = REMOVED, None
            g.emit("die_returned_to_box", "Y2", seat=seat, kind=kind)


class Effect(Task):
    """One Cylon card's reveal effect."""

    __slots__ = ("seat", "effect", "phase", "drawn", "robbed")

    def __init__(self, seat: int, effect: str) -> None:
        self.seat = seat
        self.effect = effect
        self.phase = "start"
        self.drawn: list[str] = []
        self.robbed: list[int] = []

    def secret(self) -> tuple[str, ...]:
        return tuple(self.drawn)  # X8: the two damage markers only the revealer saw

    def run(self, g: Machine) -> Decision | None:
        e, rule = self.effect, EFFECT_RULE[self.effect]
        if e == "demoralize":  # X7, I10
            if self.phase == "done" or not g.demoralized_pile:
                g.pop()
                return None
            opts = [Choice("demoralize", (ch,)) for ch in sorted(g.demoralized_pile)]
            return g.ask(self.seat, "cylon_demoralize", opts, rule)
        if e == "damage":  # X8
            if self.phase == "done" or not g.damage_pile:
                g.pop()
                return None
            if not self.drawn:  # the top two stay in the pile until one is chosen
                self.drawn = list(reversed(g.damage_pile[-2:]))
                g.emit("damage_drawn", rule, to=(self.seat,), seat=self.seat,
                       locations=list(self.drawn))
            return g.ask(self.seat, "cylon_damage",
                         [Choice("damage", (loc,)) for loc in self.drawn], rule)
        if e == "dradis":  # X9
            g.pop()
            g.push(PlaceMarkers("dradis", 2, rule))
            return None
        # X10: one spent die from each of two different players
        if len(self.robbed) >= 2:
            g.pop()
            return None
        opts = sorted({Choice("steal", (q.seat, d.kind)) for q in g.players
                       if q.seat != self.seat and q.seat not in self.robbed
                       for d in q.spent_dice})
        if not opts:
            g.pop()
            return None
        return g.ask(self.seat, "cylon_steal", opts, rule)

    def apply(self, g: Machine, choice: Choice) -> None:
        rule = EFFECT_RULE[self.effect]
        if choice.verb == "demoralize":
            self.phase = "done"
            g.place_demoralized(rule, str(choice.args[0]))
        elif choice.verb == "damage":
            loc = str(choice.args[0])
            self.phase = "done"
            self.drawn = []
            g.place_damage(rule, loc)
            g.rng.shuffle(g.damage_pile)  # the other drawn marker goes back, reshuffled
        elif choice.verb == "steal":
            s, kind = int(choice.args[0]), str(choice.args[1])
            d = next(d for d in g.players[s].spent_dice if d.kind == kind)
            d.state = REMOVED
            self.robbed.append(s)
            g.emit("die_stolen", rule, seat=self.seat, target=s, kind=kind)
