"""Skill checks and dice contribution (rules D1–D11, K2, A6–A7, X1–X4, Y3, Y5, I15).

A check asks each player in turn, clockwise from the left of the player who
started it (D3), to join or pass. A joining player rolls all active dice (D2),
contributes at least one (D7), and may reroll the rest and contribute again
(D8). Only contributed dice are public (D1): the values a player rolled and
kept are forgotten when they stop.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from bsg_desktop.engine import abilities
from bsg_desktop.engine.copies import copy_slots
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, Choice, Decision, Entry
from bsg_desktop.engine.machine import Machine, Task
from bsg_desktop.engine.retrieve import Retrieve

JOIN_PASS = (Choice("join"), Choice("pass"))
REROLL_STOP = (Choice("reroll"), Choice("stop"))


class Check:
    """The public record of a check in progress: who contributed which value."""

    __slots__ = ("kind", "difficulty", "caller", "entries", "total", "success", "counts_as",
                 "counted_by")

    def __init__(self, kind: str, difficulty: int, caller: int,
                 counts_as: tuple[tuple[int, int], ...] = (), counted_by: int = -1) -> None:
        self.kind = kind  # "crisis" | "vote"
        self.difficulty = difficulty
        self.caller = caller
        self.entries: list[Entry] = []
        self.total = 0
        self.success: bool | None = None
        # X1: (value, what it counts as) pairs an ability puts in force for this check,
        # and the seat whose ability it is
        self.counts_as = counts_as
        self.counted_by = counted_by

    def copy(self) -> Check:
        return copy_slots(self)  # type: ignore[no-any-return]

    def value_of(self, value: int) -> int:
        """What a contributed die showing ``value`` counts for (X1)."""
        for shown, counted in self.counts_as:
            if value == shown:
                return counted
        return value

    def add(self, seat: int, die: int, kind: str, value: int) -> None:
        """A contributed die joins the check and its total (D9); ``compute`` adds them
        all up again when an entry stops counting (X3) or the entries are set anew."""
        self.entries.append(Entry(seat, die, kind, value, True))
        self.total += self.value_of(value)

    def compute(self) -> int:
        """The check's total: every die that still counts, as X1 values it (D10, X3)."""
        self.total = sum(self.value_of(e.value) for e in self.entries if e.counts)
        return self.total


def subsets(dice: list[tuple[int, str, int]], lo: int, hi: int) -> list[Choice]:
    """Every legal 'contribute' choice: lo..hi of the rolled dice (D7, A2–A5, Y3)."""
    return list(subset_choices(dice, lo, hi))


def subset_choices(dice: list[tuple[int, str, int]], lo: int, hi: int) -> tuple[Choice, ...]:
    """``subsets`` as the cached tuple itself: a check's options use it without a copy."""
    return _subsets(tuple(sorted([d[0] for d in dice])), lo, hi)


@lru_cache(maxsize=4096)
def _subsets(ids: tuple[int, ...], lo: int, hi: int) -> tuple[Choice, ...]:
    # the same few dice sets recur all game long: build their choices once
    out: list[Choice] = []
    for k in range(lo, min(hi, len(ids)) + 1):
        out.extend(Choice("contribute", combo) for combo in combinations(ids, k))
    return tuple(out)


def rolled(g: Machine, seat: int) -> list[tuple[int, str, int]]:
    return [(d.id, d.kind, d.value) for d in g.players[seat].dice
            if d.state == ACTIVE and d.value is not None]


def contribute(g: Machine, seat: int, die_ids: tuple[int | str, ...], rule: str) -> list[int]:
    """Move the named rolled dice to the player's gold section (D9); returns their values."""
    dice = [g.die(int(did)) for did in die_ids]  # every die found before any moves
    check = g.check
    values = [d.value if d.value is not None else 0 for d in dice]
    for d, v in zip(dice, values, strict=True):
        d.state = CONTRIBUTED
        d.shown = v  # public: the log names it (D9)
        if check is not None:
            check.add(seat, d.id, d.kind, v)
    if g.players[seat].revealed:
        rule = "Y3"  # a revealed Cylon contributes exactly one die
    if g.record:
        g.emit("dice_contributed", rule, seat=seat,
               dice=[(d.id, d.kind, v) for d, v in zip(dice, values, strict=True)])
    if check is not None and check.counts_as:
        abilities.ability_of(g, check.counted_by).contributed(g, check.counted_by, values)
    return values


def pass_rule(g: Machine, seat: int, forced: bool) -> str:
    """The rule that decides what a pass retrieves, cited by the pass and its retrieval.

    In a vote nobody retrieves anything (A7), revealed Cylons included (I15); outside
    a vote a revealed Cylon retrieves all spent dice (Y5), anyone else two when
    forced (D4) or one when passing by choice (D5). A limit that changes the count
    is cited instead: the brig (B2) or a demoralized marker (K4) cuts a forced pass
    to one, and a damaged Armory takes one off every pass (K6; I9 for a revealed
    Cylon, whom K6 alone does not name), so "[D4] … retrieves a die" never reads.
    """
    p = g.players[seat]
    if g.check is not None and g.check.kind == "vote":
        return "I15" if p.revealed else "A7"
    if g.damaged("pass_retrieve"):
        return "I9" if p.revealed else "K6"
    if p.revealed:
        return "Y5"
    if forced:
        if p.in_brig:
            return "B2"
        if g.is_demoralized(seat):
            return "K4"
        return "D4"
    return "D5"


# A check's steps, in the order it goes through them for each seat and then once:
ASK = "ask"  # the next seat in D3 order joins or passes
CONTRIBUTE = "contribute"  # a joined seat contributes some of its rolled dice (D7)
REROLL = "reroll"  # … and may reroll the rest and contribute again (D8)
AFTER = "after"  # a part's question once the seat stopped contributing (X4)
CALLER = "caller"  # every seat asked: the caller's part before the result (X3)
RESOLVE = "resolve"  # the total against the difficulty; contributed dice are spent (D10)
RESULT = "result"  # each seat's part, in D3 order, once the result is known
DONE = "done"


class SkillCheck(Task):
    """A crisis check (K2) or a vote (A6): everyone may join, in turn."""

    __slots__ = ("order", "idx", "phase", "rule", "after_idx")

    def __init__(self, g: Machine, kind: str, difficulty: int, caller: int, rule: str) -> None:
        g.check = Check(kind, difficulty, caller, abilities.counts_as(g, kind), g.active)
        # D3: left of the active player first, the active player last, even when an
        # ordered player (A8) called the vote.
        self.order = g.order_from_left(g.active)
        self.idx = 0
        self.phase = ASK
        self.rule = rule
        self.after_idx = 0  # the seat the RESULT step asks next (an index into ``order``)
        g.emit("check_started", rule, kind=kind, difficulty=difficulty, caller=caller)

    @property
    def seat(self) -> int:
        return self.order[self.idx]

    def run(self, g: Machine) -> Decision | None:
        ch = g.check
        if self.phase == ASK:
            if self.idx >= len(self.order):
                self.phase = CALLER
                return None
            seat = self.seat
            if not g.players[seat].active_dice:
                rule = pass_rule(g, seat, True)
                g.emit("passed", rule, seat=seat, forced=True)
                n = g.pass_retrieval(seat, forced=True, vote=ch.kind == "vote")
                self.idx += 1
                g.push(Retrieve(seat, n, rule))
                return None
            return g.ask(seat, "join", JOIN_PASS, "D3", check=ch.kind,
                         difficulty=ch.difficulty, total=ch.total)
        if self.phase == CONTRIBUTE:
            seat = self.seat
            p = g.players[seat]
            dice = rolled(g, seat)
            opts = subset_choices(dice, 1, 1 if p.revealed else len(dice))  # Y3
            extra = abilities.contribute_choices(g, seat, dice)  # X2
            if extra:  # most seats add none: the cached subsets go out as they are
                opts = (*opts, *extra)
            return g.ask(seat, "contribute", opts, "D7", rolled=dice, total=ch.total,
                         difficulty=ch.difficulty, check=ch.kind)
        if self.phase == REROLL:
            return g.ask(self.seat, "reroll", REROLL_STOP, "D8", total=ch.total,
                         difficulty=ch.difficulty)
        if self.phase == AFTER:  # X4, once the seat has stopped contributing
            after = abilities.after_contributing(g, self.seat, self._contributed(g))
            if after is None:
                self._next()
            return after
        if self.phase == CALLER:  # X3
            self.phase = RESOLVE
            return abilities.before_result(g, ch.caller)
        if self.phase == RESOLVE:
            total = ch.compute()
            ch.success = total >= ch.difficulty
            g.emit("check_result", "K2" if ch.kind == "crisis" else "A6", kind=ch.kind,
                   total=total, difficulty=ch.difficulty, success=ch.success)
            g.spend_contributed()
            self.phase = RESULT
            return None
        if self.phase == RESULT:
            while self.after_idx < len(self.order):
                seat = self.order[self.after_idx]
                asked = abilities.after_result(g, seat, bool(ch.success))
                if asked is not None:
                    return asked
                self.after_idx += 1
            self.phase = DONE
        g.pop()
        return None

    def apply(self, g: Machine, choice: Choice) -> None:
        if self.phase == RESULT:  # a part's question after the result: answered, next
            seat = self.order[self.after_idx]
            if choice.verb != "keep" and abilities.owns(g, seat, choice):
                abilities.apply(g, seat, choice)
            self.after_idx += 1
            return
        seat = self.order[self.idx] if self.idx < len(self.order) else g.check.caller
        p = g.players[seat]
        v = choice.verb
        if v == "join":
            g.emit("joined", "D3", seat=seat)
            g.roll_dice(seat, p.active_dice, "D2")
            self.phase = CONTRIBUTE
        elif v == "pass":
            rule = pass_rule(g, seat, False)
            g.emit("passed", rule, seat=seat, forced=False)
            n = g.pass_retrieval(seat, forced=False, vote=g.check.kind == "vote")
            self.idx += 1
            g.push(Retrieve(seat, n, rule))
        elif v == "contribute":
            contribute(g, seat, choice[1], "D7")
            if p.revealed:
                self._finish(g, seat)
            elif p.active_dice:
                self.phase = REROLL
            else:
                self._finish(g, seat)
        elif v == "reroll":
            g.roll_dice(seat, p.active_dice, "D8")
            self.phase = CONTRIBUTE
        elif v == "stop":
            self._finish(g, seat)
        elif v == "keep":
            if self.phase == AFTER:
                self._next()
        elif abilities.owns(g, seat, choice):
            abilities.apply(g, seat, choice)
            if self.phase == AFTER:
                self._next()

    def _finish(self, g: Machine, seat: int) -> None:
        g.clear_rolled(seat)
        self.phase = AFTER

    def _contributed(self, g: Machine) -> int:
        """How many dice the deciding seat has contributed to this check."""
        return sum(1 for e in g.check.entries if e.seat == self.seat)

    def _next(self) -> None:
        self.idx += 1
        self.phase = ASK
