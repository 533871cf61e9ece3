"""Actions, one per turn (rules A1–A9, B1, I2, I5, K6, V1–V2, X5).

`legal_actions` is the one source of which actions a seat may take; the window,
the bots and the tests all ask it (through the pending decision).
"""

from __future__ import annotations

from bsg_desktop.engine import abilities
from bsg_desktop.engine.core import CONTRIBUTED, Choice, Decision
from bsg_desktop.engine.cylon import Reveal
from bsg_desktop.engine.dice import SkillCheck, contribute, rolled, subsets
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.retrieve import Retrieve

VOTE_DIFFICULTY = 4  # A6

# The choices an action step offers, made once rather than at every action step: the
# plain ones, and the targeted ones per seat (a game has five at most) and die kind (S4).
SKIP, A2, A3, A4, A5 = (Choice(v) for v in ("skip", "a2", "a3", "a4", "a5"))
ORDERED = (Choice("act"), Choice("retrieve2"))  # A8
BRIG = {s: Choice("a6", ("brig", s)) for s in range(5)}
RELEASE = {s: Choice("a6", ("release", s)) for s in range(5)}
ORDER = {(s, k): Choice("a8", (s, k)) for s in range(5) for k in ("strong", "weak")}


def legal_actions(g: Machine, seat: int, ordered: bool) -> list[Choice]:
    p = g.players[seat]
    opts = [SKIP]  # I5
    dice = p.active_dice
    active = len(dice)
    opts += abilities.action_choices(g, seat)  # X5
    if not p.in_brig and active >= 1:  # B1, I2
        if g.dradis_monitor and not g.damaged("a2"):
            opts.append(A2)
        if g.damage_placed:
            opts.append(A3)
        if not g.damaged("a4") and (g.setup.morale_variant or _morale_targets(g)):
            opts.append(A4)
        if active >= 2 and not p.revealed and not g.damaged("a5"):  # I2; Y3 allows one die
            opts.append(A5)
    if not g.damaged("a6"):
        opts += [BRIG[q.seat] for q in g.players
                 if q.seat != seat and not q.in_brig and not q.revealed]
        opts += [RELEASE[q.seat] for q in g.players if q.in_brig]
    if not ordered and active >= 1 and not g.damaged("a8"):
        kinds = sorted({d.kind for d in dice})
        opts += [ORDER[q.seat, k] for q in g.players if q.seat != seat for k in kinds]
    if not ordered and not p.revealed:
        opts += [Choice("a9", (card,)) for card in p.loyalty
                 if card in g.c.cylon_ids]
    return opts


def _morale_targets(g: Machine) -> list[str]:
    """A4: markers on a player's section (the player's own or another's)."""
    in_game = {p.character for p in g.players}
    return [ch for ch in g.demoralized_out if ch in in_game]


class ActionStep(Task):
    """Ask for the (optional) action and start it."""

    __slots__ = ("seat", "ordered", "done")

    def __init__(self, seat: int, ordered: bool) -> None:
        self.seat = seat
        self.ordered = ordered
        self.done = False

    def run(self, g: Machine) -> Decision | None:
        if self.done:
            g.pop()
            return None
        # the question cites the turn's action step (T0: one action, or none), not A1,
        # which is the character action only; an ordered player's, the order (A8)
        return g.ask(self.seat, "action", legal_actions(g, self.seat, self.ordered),
                     "A8" if self.ordered else "T0", ordered=self.ordered)

    def apply(self, g: Machine, choice: Choice) -> None:
        self.done = True
        v, seat = choice.verb, self.seat
        if v == "skip":
            g.emit("action_skipped", "I5", seat=seat)
        elif abilities.owns(g, seat, choice):
            abilities.apply(g, seat, choice)
        elif v in ("a2", "a3", "a4", "a5"):
            g.push(RollAction(seat, v))
        elif v == "a6":
            mode, target = str(choice.args[0]), int(choice.args[1])
            g.emit("vote_called", "A6", seat=seat, mode=mode, target=target)
            g.push(VoteResult(mode, target))
            g.push(SkillCheck(g, "vote", VOTE_DIFFICULTY, seat, "A6"))
        elif v == "a8":
            target, kind = int(choice.args[0]), str(choice.args[1])
            die = next(d for d in g.players[seat].active_dice if d.kind == kind)
            die.state = CONTRIBUTED
            g.emit("order_issued", "A8", seat=seat, target=target, kind=kind)
            g.spend_contributed()  # D10 decides where the order's die goes, not A8
            g.push(Order(target))
        elif v == "a9":
            g.push(Reveal(seat, str(choice.args[0])))


def action_dice(action: str, active: int, revealed: bool) -> tuple[int, int]:
    """How many of the dice it rolls an action A2–A5 puts in, at least and at most, for a
    seat with ``active`` active dice: A2 one to four, A3 and A4 one, A5 two, a revealed
    Cylon one (Y3), never more than it rolled (D2: it rolls them all). The rest stay
    active for the crisis that follows; the window says so when the action is offered."""
    lo, hi = RollAction.LIMITS[action]
    if revealed:
        hi = 1  # Y3
    return min(lo, active), min(hi, active)


class RollAction(Task):
    """A2–A5: roll all active dice, contribute a fixed number, no reroll."""

    __slots__ = ("seat", "action", "phase", "left", "values")

    LIMITS = {"a2": (1, 4), "a3": (1, 1), "a4": (1, 1), "a5": (2, 2)}

    def __init__(self, seat: int, action: str) -> None:
        self.seat = seat
        self.action = action
        self.phase = "roll"
        self.left = 0
        self.values: tuple[int, ...] = ()

    def run(self, g: Machine) -> Decision | None:
        seat, a = self.seat, self.action
        rule = a.upper()
        if self.phase == "roll":
            g.emit("action_started", rule, seat=seat, action=a)
            g.roll_dice(seat, g.players[seat].active_dice, rule)
            self.phase = "contribute"
        if self.phase == "contribute":
            p = g.players[seat]
            lo, hi = action_dice(a, len(rolled(g, seat)), p.revealed)
            return g.ask(seat, "contribute", subsets(rolled(g, seat), lo, hi), rule,
                         rolled=rolled(g, seat), action=a)
        if self.phase == "resolve":
            if a == "a2" and self.left > 0 and g.dradis_monitor:
                kinds = sorted(set(g.dradis_monitor))
                return g.ask(seat, "remove_ship", [Choice("remove", (k,)) for k in kinds], "A2",
                             left=self.left)
            if a == "a3" and self.left > 0 and g.damage_placed:
                return g.ask(seat, "repair", [Choice("repair", (loc,)) for loc in
                                              g.damage_placed], "A3")
            if a == "a4" and self.left > 0:
                targets = _morale_targets(g)
                if targets:
                    return g.ask(seat, "boost", [Choice("boost", (c,)) for c in targets], "A4")
            g.spend_contributed()  # D10: the action is done, its dice become spent
            g.pop()
        return None

    def apply(self, g: Machine, choice: Choice) -> None:
        a = self.action
        if choice.verb == "contribute":
            self.values = tuple(contribute(g, self.seat, choice.args, a.upper()))
            g.clear_rolled(self.seat)
            self.phase = "resolve"
            positives = sum(1 for v in self.values if v > 0)
            if a == "a2":
                self.left = positives
            elif a in ("a3", "a4"):
                self.left = positives
                if a == "a4" and positives == 0 and g.setup.morale_variant:
                    if len(g.demoralized_out) < g.c.morale_limit - 1:  # V2: not the last
                        g.emit("speech_backfired", "V1", seat=self.seat)
                        g.place_demoralized("V1")
                    else:
                        g.emit("speech_backfire_spared", "V2", seat=self.seat)
                if a in ("a3", "a4") and positives == 0:
                    g.emit("action_failed", a.upper(), seat=self.seat, action=a)
            elif a == "a5":
                if sum(self.values) > 0:
                    g.jump_bonus = True
                    g.emit("jump_prepared", "A5", seat=self.seat)
                else:
                    g.emit("action_failed", "A5", seat=self.seat, action=a)
        elif choice.verb == "remove":
            kind = str(choice.args[0])
            g.dradis_monitor.remove(kind)
            g.dradis_pile.append(kind)
            g.reshuffle(g.dradis_pile)
            self.left -= 1
            g.emit("ship_removed", "A2", seat=self.seat, marker=kind)
        elif choice.verb == "repair":
            loc = str(choice.args[0])
            g.damage_placed.remove(loc)
            g.damage_pile.append(loc)
            g.reshuffle(g.damage_pile)
            self.left = 0
            g.emit("damage_repaired", "A3", seat=self.seat, location=loc)
        elif choice.verb == "boost":
            ch = str(choice.args[0])
            g.demoralized_out.remove(ch)
            g.demoralized_pile.append(ch)
            g.reshuffle(g.demoralized_pile)
            self.left = 0
            g.emit("morale_boosted", "A4", seat=self.seat, character=ch,
                   target=g.character_seat(ch))


class VoteResult(Task):
    """A6: after the vote's check, flip the target's card on success."""

    __slots__ = ("mode", "target")

    def __init__(self, mode: str, target: int) -> None:
        self.mode = mode
        self.target = target

    def run(self, g: Machine) -> Decision | None:
        ok = bool(g.check and g.check.success)
        g.check = None
        g.pop()
        t = g.players[self.target]
        if not ok:
            g.emit("vote_failed", "A6", mode=self.mode, target=self.target)
            return None
        if self.mode == "brig" and not t.revealed:
            t.in_brig = True
            g.emit("sent_to_brig", "A6", target=self.target)
            if g.admiral == self.target:
                g.pass_admiral()
        elif self.mode == "release":
            t.in_brig = False
            g.emit("released_from_brig", "A6", target=self.target)
        return None


class Order(Task):
    """A8: the ordered player takes one action or retrieves 2 spent dice."""

    __slots__ = ("target", "done")

    def __init__(self, target: int) -> None:
        self.target = target
        self.done = False

    def run(self, g: Machine) -> Decision | None:
        if self.done:
            g.pop()
            return None
        return g.ask(self.target, "ordered", ORDERED, "A8")

    def apply(self, g: Machine, choice: Choice) -> None:
        self.done = True
        if choice.verb == "act":
            g.emit("order_accepted", "A8", seat=self.target)
            g.push(ActionStep(self.target, ordered=True))
        else:
            # I20: two dice even in the brig or demoralized (B2 and K4 limit the start
            # of a turn and passing, not an order)
            limited = g.players[self.target].in_brig or g.is_demoralized(self.target)
            rule = "I20" if limited else "A8"
            # the line says how many come back: two, or fewer when fewer are spent
            count = min(2, len(g.players[self.target].spent_dice))
            g.emit("order_retrieve", rule, seat=self.target, count=count)
            g.push(Retrieve(self.target, 2, rule))

