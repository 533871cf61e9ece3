"""The decision loop and the state it runs on, below every rule module.

At every moment the game waits for one decision from one seat (``pending``),
offers the legal choices, and applies one choice at a time (``apply``). The
procedure in progress is a stack of small tasks (a turn, a skill check, a
marker placement …), each in a rule module; a task either asks a decision or
pushes sub-tasks, so every rule that asks a player something is a real decision
and the whole state, stack included, can be copied for a bot's sampled world.

The rule modules import this one and never the other way round: a task pushes
the next task by importing its module, which sits below it (turn → actions →
dice → machine), so the engine's imports form no circle.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from bsg_desktop.data import Components, load_components
from bsg_desktop.engine.abilities import Ability, parts_of
from bsg_desktop.engine.copies import copied, copy_slots
from bsg_desktop.engine.core import (
    ACTIVE,
    CONTRIBUTED,
    CYLONS,
    RAIDER,
    SHIP,
    SPENT,
    Choice,
    Decision,
    Event,
    Outcome,
    Setup,
)
from bsg_desktop.engine.state import Die, Player
from bsg_desktop.engine.undo import UNDO, step_undoable
from bsg_desktop.engine.view import PlayerView, make_view
from bsg_desktop.errors import IllegalChoiceError, UserError

MAX_TURNS = 400  # a safety net for the simulator; no real game comes near it

# Decisions asked even with a single option, because how many options they have
# depends on a secret: a Cylon may always reveal (A9), so if a human's lone "skip"
# went through silently while a Cylon's game paused, everyone would know.
ALWAYS_ASK = frozenset({"action"})


class ScriptError(UserError):
    """Scripted dice (a scenario's) that the real dice cannot show."""


class Task:
    """A procedure in progress. ``run`` asks a Decision or changes the stack."""

    __slots__ = ()

    def run(self, g: Machine) -> Decision | None:
        raise NotImplementedError

    def apply(self, g: Machine, choice: Choice) -> None:
        raise NotImplementedError

    def secret(self) -> tuple[Any, ...]:
        """What this task holds that some seat may not see (the jump roll, markers
        drawn for one seat); part of ``undo.hidden_facts``. Most tasks hold nothing."""
        return ()

    def copy(self) -> Task:
        return copy_slots(self)  # type: ignore[no-any-return]


class Machine:
    """The state of a game and its decision loop; `game.Game` adds how a game is built."""

    # Shared, not copied, by ``copy``: the components and setup are frozen, the
    # abilities hold no game state, and the undo snapshot is a past state nobody
    # changes (a snapshot never holds one of its own).
    SHARED = frozenset({"c", "setup", "parts", "_undo"})

    def __init__(self, setup: Setup, seed: int, components: Components | None = None,
                 record: bool = True) -> None:
        self.setup = setup
        self.seed = seed
        self.c = components or load_components()
        # character id -> its ability part (engine/abilities), read from the cards once
        # per game; a bad part is a DataError here, before anything is dealt
        self.parts: dict[str, Ability] = parts_of(self.c)
        self.rng = random.Random(seed)
        self.record = record
        self.events: list[Event] = []
        self.choices: list[Choice] = []  # every real decision taken, for saves and replays
        self.players: list[Player] = []
        self.n = setup.players
        self.active = 0
        self.turn = 0
        self.turn_over = False
        self.admiral: int | None = None
        self.dradis_pile: list[str] = []
        self.dradis_monitor: list[str] = []
        self.dradis_box: list[str] = []
        self.dradis_drawn: list[str] = []  # drawn by a consequence, not yet placed (I8)
        self.damage_pile: list[str] = []
        self.damage_placed: list[str] = []
        self.demoralized_pile: list[str] = []
        self.demoralized_out: list[str] = []
        self.jump_track = 0
        self.distance = 0
        self.jump_bonus = False  # A5 / I3
        self.loyalty_deck: list[str] = []
        self.loyalty_box: list[str] = []  # unused Cylon cards (S5)
        self.loyalty_dealt = False  # L1 happens once
        self.crisis_dice: tuple[str, ...] = ()
        # face index per die (or a scripted face), secret to the roller
        self.crisis_rolled: tuple[Any, ...] = ()
        self.crisis: Any = None  # the chosen CrisisFace (public)
        self.crisis_source = ""  # die id, or "cylon" (Y6)
        self.check: Any = None  # the skill check in progress (public contributions)
        # each seat's ability: the turn it was last used (engine/abilities), the one place
        # an ability's once-per-turn or once-per-game is kept
        self.ability_used: dict[int, int] = {}
        self.stack: list[Task] = []
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self.script_skill: deque[int] = deque()  # scenario-scripted skill die results
        self.script_crisis: deque[int | str] = deque()  # scripted face indexes or face codes
        self.stalled = False
        # Simulations and bots' rollouts stop a runaway game here; the window lifts it,
        # since a game people play must never stop without a result.
        self.turn_limit: int | None = MAX_TURNS
        self.overrides: dict[str, Any] = {}
        self.script: tuple[tuple[int, ...], tuple[int | str, ...]] = ((), ())
        # view.ViewCache: parts of recent views to hand out again (made on the first view)
        self.view_cache: Any = None
        # Undo (engine/undo.py): drivers that offer it set keep_undo; the game then keeps
        # the state before the last decision while that decision may be taken back.
        self.keep_undo = False
        self._undo: Machine | None = None
        self._undo_seat: int | None = None
        self._undo_events = 0  # how many events there were before the step undo takes back

    # ------------------------------------------------------------------ door
    @property
    def current_seat(self) -> int | None:
        return self.pending.seat if self.pending else None

    def legal_choices(self) -> tuple[Choice, ...]:
        return self.pending.options if self.pending else ()

    def apply(self, choice: Choice | str) -> list[Event]:
        """Apply one choice; an illegal one raises IllegalChoiceError and changes nothing.

        ``undo`` (as a replay or a save spells it) takes back the pending seat's last
        decision, exactly as ``undo(seat)`` does.
        """
        if isinstance(choice, str):
            choice = Choice.parse(choice)
        if self.outcome is not None:
            raise IllegalChoiceError("the game is over")
        if choice == UNDO:
            if self._undo is None and not self.keep_undo:
                self._rebuild_undo()  # a recipe applied step by step (a review, a lesson)
            return self.undo(self.pending[0] if self.pending is not None else -1)
        if self.pending is None or choice not in self.pending.options:
            legal = ", ".join(str(c) for c in self.legal_choices())
            raise IllegalChoiceError(f"{choice} is not a legal choice now; legal: {legal}")
        start = len(self.events)
        seat = self.pending.seat
        before = self._snapshot() if self.keep_undo else None
        self.choices.append(choice)
        self.pending = None
        self.stack[-1].apply(self, choice)
        self._advance()
        if before is not None and step_undoable(before, self, seat, self.events[start:]):
            self._undo, self._undo_seat, self._undo_events = before, seat, start
        else:
            self._undo = self._undo_seat = None
        return self.events[start:]

    def play(self, choices: Sequence[Choice | str]) -> Iterator[list[Event]]:
        """Apply recorded choices (a save's, a review's) one by one, yielding each step's
        events. An ``undo`` among them takes back the step before it: the state for that
        is kept exactly before the steps an undo follows, so whatever the driver (a
        replay, a review, a lesson) a save's undos play the same.

        Time is linear in the number of choices: an undo puts back the very state the
        step started from, so a step taken back and then taken again from there (a save
        can hold 100,000 choices of one step and its undo) is known to be legal and
        undoable without playing it once more (``tried``: those steps' events)."""
        keep = self.keep_undo
        parsed = [Choice.parse(c) if isinstance(c, str) else c for c in choices]
        tried: dict[Choice, list[Event]] = {}
        last: list[Event] = []  # the events of the step before
        again = False  # the choice is the undo of a step taken back again
        try:
            for i, ch in enumerate(parsed):
                if again:
                    again = False
                    yield self.events[-1:]
                    continue
                undone_next = i + 1 < len(parsed) and parsed[i + 1] == UNDO
                if undone_next and ch in tried:
                    self._taken_back_again(ch)
                    again = True
                    yield list(tried[ch])
                    continue
                self.keep_undo = keep or undone_next
                try:
                    events = self.apply(ch)
                except IllegalChoiceError as e:
                    raise IllegalChoiceError(f"choice {i + 1} ({ch}): {e}") from None
                if ch == UNDO:
                    tried[parsed[i - 1]] = last
                elif not undone_next:
                    tried.clear()  # a step kept: a new state, nothing tried from it yet
                last = events
                yield events
        finally:
            self.keep_undo = keep

    # ------------------------------------------------------------------ undo
    def _snapshot(self) -> Machine:
        """The state an undo returns to, without the history (events and choices), which
        only grows: an undo cuts the events back to their count before the step
        (``_undo_events``) instead, so keeping undo costs the same at every step."""
        events, choices = self.events, self.choices
        self.events, self.choices = [], []
        try:
            snap = self.copy()
        finally:
            self.events, self.choices = events, choices
        snap._undo = None  # one step back only: snapshots never chain
        return snap

    def _taken_back_again(self, choice: Choice) -> None:
        """``choice`` and its undo, from the state the same step was taken back to
        before: the game's state stays as it is, only the record grows (``play``)."""
        assert self.pending is not None
        self.choices += [choice, UNDO]
        self.emit("decision_taken_back", self.pending[3], seat=self.pending[0],
                  decision=self.pending[1])
        self._undo = self._undo_seat = None

    def _rebuild_undo(self) -> None:
        """The state before the last decision, for a game that kept none (see Game)."""

    def undoable(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last decision now (rule: engine/undo.py)."""
        return (self._undo is not None and seat is not None and seat == self._undo_seat
                and self.pending is not None and self.pending[0] == seat
                and self.outcome is None)

    def undo(self, seat: int | None) -> list[Event]:
        """Take back ``seat``'s last decision; IllegalChoiceError if it may not be.

        The game returns to the state before that decision, and a public event says
        who took a decision back, so nobody at the table misses an undo.
        """
        if not self.undoable(seat):
            raise IllegalChoiceError("nothing to take back: only your own last decision, "
                                     "before anyone else decides and before anything "
                                     "hidden is known")
        before = self._undo
        assert before is not None and before.pending is not None
        kind, rule = before.pending[1], before.pending[3]
        events, choices, kept = self.events, self.choices, self._undo_events
        # a copy: ``copy`` shares the snapshot between a game and its copies (SHARED)
        self.__dict__.update(before.copy().__dict__)
        del events[kept:]  # the taken-back step's own events go with it
        choices.append(UNDO)
        self.events, self.choices = events, choices
        self._undo = self._undo_seat = None
        start = len(self.events)
        self.emit("decision_taken_back", rule, seat=seat, decision=kind)
        return self.events[start:]

    def _advance(self) -> None:
        while self.outcome is None and self.pending is None:
            if self.turn_limit is not None and self.turn > self.turn_limit:
                self.stalled = True
                return
            task = self.stack[-1]
            decision = task.run(self)
            if decision is None:
                continue
            options = decision.options
            if len(options) == 1 and decision.kind not in ALWAYS_ASK:
                # A forced move is not a decision: apply it and go on (not recorded).
                task.apply(self, options[0])
                continue
            self.pending = decision

    # ------------------------------------------------------------- plumbing
    def push(self, task: Task) -> None:
        self.stack.append(task)

    def pop(self) -> None:
        self.stack.pop()

    def emit(self, kind: str, rule: str, /, to: Iterable[int] | None = None, **data: Any) -> None:
        """Record an event; ``to`` names the seats that may see it (None: everyone)."""
        if self.record:
            self.events.append(Event(kind, rule, tuple(data.items()),
                                     None if to is None else frozenset(to)))

    def ask(self, seat: int, kind: str, options: Sequence[Choice], rule: str, /,
            **info: Any) -> Decision:
        """The decision ``seat`` faces; ``info`` is what only that seat sees to choose."""
        return Decision(seat, kind, tuple(options), rule, tuple(info.items()))

    def win(self, winner: str, condition: str, rule: str) -> None:
        if self.outcome is None:
            self.outcome = Outcome(winner, condition, rule)
            self.pending = None
            self.emit("game_over", rule, winner=winner, condition=condition,
                      cylons=[p.seat for p in self.players if p.is_cylon],
                      loyalty={p.seat: list(p.loyalty) for p in self.players})

    def copy(self) -> Machine:
        """A full independent copy (for bots' sampled worlds and undo snapshots).

        Every attribute the game has is copied by what it holds (``copied``), so a
        field added to ``__init__`` is never shared between a bot's sampled world and
        the real game; only the values named in ``SHARED`` are the same object in both.
        """
        g = object.__new__(type(self))
        for name, value in vars(self).items():
            setattr(g, name, value if name in self.SHARED else copied(value))
        return g

    # -------------------------------------------------------------- seating
    def order_from_left(self, seat: int) -> list[int]:
        """D3/K2: clockwise from the player left of ``seat``, ``seat`` last."""
        return [(seat + i) % self.n for i in range(1, self.n + 1)]

    def die(self, die_id: int) -> Die:
        """Dice are numbered four per seat at setup (S4), so the id locates the die."""
        d = self.players[die_id // 4].dice[die_id % 4]
        if d.id != die_id:
            raise KeyError(die_id)
        return d

    def character_seat(self, cid: str) -> int | None:
        for p in self.players:
            if p.character == cid:
                return p.seat
        return None

    def is_demoralized(self, seat: int) -> bool:
        """K4: a marker on a revealed Cylon has no effect."""
        p = self.players[seat]
        return p.character in self.demoralized_out and not p.revealed

    def damaged(self, disables: str) -> bool:
        """K6: is the thing a damage location disables (an action, a retrieval) out?"""
        return not self.c.disabled_by.get(disables, frozenset()).isdisjoint(self.damage_placed)

    # ---------------------------------------------------------------- dice
    def roll_skill(self, kind: str) -> int:
        faces = self.c.skill(kind).faces
        if self.script_skill:
            v = self.script_skill.popleft()
            if v not in faces:
                # a scenario's mistake: say so rather than roll something else silently
                raise ScriptError(f"scripted skill die value {v:+d} cannot be rolled on a "
                                  f"{kind} die (faces {', '.join(f'{f:+d}' for f in faces)})")
            return v
        return faces[int(self.rng.random() * 6)]

    def roll_dice(self, seat: int, dice: list[Die], rule: str) -> None:
        """D1/D2: roll every given die; values are for the roller only."""
        for d in dice:
            d.value = self.roll_skill(d.kind)
        if self.record:  # a game without a record has no use for the values list
            self.emit("dice_rolled", rule, seat=seat, count=len(dice))
            self.emit("roll_result", rule, to=(seat,), seat=seat,
                      values=[(d.id, d.kind, d.value) for d in dice])

    def spend_contributed(self, rule: str = "D10") -> None:
        moved = False
        for p in self.players:
            for d in p.dice:
                if d.state == CONTRIBUTED:
                    d.state = SPENT
                    d.value = None
                    moved = True
        if moved:
            self.emit("dice_spent", rule)

    def clear_rolled(self, seat: int) -> None:
        """Uncontributed rolled dice go back to plain active dice; their values are forgotten."""
        for d in self.players[seat].dice:
            if d.state == ACTIVE:
                d.value = None

    def retrieve(self, seat: int, kind: str | None, rule: str) -> bool:
        p = self.players[seat]
        for d in p.dice:
            if d.state == SPENT and (kind is None or d.kind == kind):
                d.state = ACTIVE
                d.value = d.shown = None
                self.emit("die_retrieved", rule, seat=seat, kind=d.kind)
                return True
        return False

    def pass_retrieval(self, seat: int, forced: bool, vote: bool) -> int:
        """How many spent dice a passing player takes back (D4, D5, A7, B2, K4, K6, Y5, I9)."""
        p = self.players[seat]
        if vote:
            return 0  # A7
        if p.revealed:
            n = len(p.spent_dice)  # Y5
        else:
            n = 2 if forced else 1  # D4 / D5
            if p.in_brig or self.is_demoralized(seat):
                n = min(n, 1)  # B2 / K4
        if self.damaged("pass_retrieve"):
            n -= 1  # K6 Armory, I9
        return max(0, n)

    # ------------------------------------------------------------- markers
    def reshuffle(self, pile: list[str]) -> None:
        self.rng.shuffle(pile)

    def raiders(self) -> int:
        return self.dradis_monitor.count(RAIDER)

    def ships(self) -> int:
        return self.dradis_monitor.count(SHIP)

    def draw_dradis_hand(self, count: int, rule: str) -> None:
        """K7: draw ``count`` DRADIS markers from the pile (fewer if it runs out)."""
        for _ in range(count):
            if not self.dradis_pile:
                self.emit("dradis_pile_empty", rule)
                break
            self.dradis_drawn.append(self.dradis_pile.pop())

    def place_drawn_dradis(self, rule: str) -> str:
        """I8: place the next drawn marker on the monitor, then the Raider win check (W2)."""
        m = self.dradis_drawn.pop(0)
        self.dradis_monitor.append(m)
        self.emit("dradis_placed", rule, marker=m, raiders=self.raiders(), ships=self.ships())
        if m == RAIDER and self.raiders() >= 6:
            self.win(CYLONS, "raiders", "W2")
        return m

    def place_damage(self, rule: str, location: str | None = None) -> None:
        """K5/I8: one damage marker on Galactica; the 6th destroys it (W2)."""
        if location is None:
            if not self.damage_pile:
                return
            location = self.damage_pile.pop()
        else:
            self.damage_pile.remove(location)
        self.damage_placed.append(location)
        self.emit("damage_placed", rule, location=location, count=len(self.damage_placed))
        if len(self.damage_placed) >= len(self.c.damage_locations):
            self.win(CYLONS, "damage", "W2")

    def place_demoralized(self, rule: str, character: str | None = None) -> None:
        """K3/I8: one demoralized marker; the fifth (``morale_limit`` in cards.yaml) wins
        for the Cylons (W2), however many characters the cards file has."""
        if character is None:
            if not self.demoralized_pile:
                return
            character = self.demoralized_pile.pop()
        else:
            self.demoralized_pile.remove(character)
        self.demoralized_out.append(character)
        # seat None: the character is not in the game and the marker lies on an unused
        # section (K3); on a revealed Cylon it has no effect (K4, Y1). Either way the
        # log must not say that somebody is demoralized.
        seat = self.character_seat(character)
        revealed = seat is not None and self.players[seat].revealed
        self.emit("demoralized_placed", rule, character=character, seat=seat,
                  count=len(self.demoralized_out), revealed=revealed)
        if len(self.demoralized_out) >= self.c.morale_limit or not self.demoralized_pile:
            self.win(CYLONS, "morale", "W2")

    def pass_admiral(self) -> None:
        """I13: the title goes down the rank ladder from the current holder.

        Called when the holder is brigged (A6) or reveals (I4); the change cites I13,
        the rule that picks who receives the title.

        The next eligible player (not revealed, not in the brig) below the holder
        takes it, wrapping round to the top; a released Admiral does not get it back.
        With nobody eligible: the highest-ranked player not revealed, and failing
        that the highest-ranked player.
        """
        rank = {c.id: c.rank for c in self.c.characters}
        by_rank = sorted(self.players, key=lambda p: rank[p.character])
        if self.admiral is not None:
            at = next(i for i, p in enumerate(by_rank) if p.seat == self.admiral)
            ladder = by_rank[at + 1:] + by_rank[:at + 1]  # below the holder, then wrap
        else:
            ladder = by_rank
        new = by_rank[0].seat
        for pool in ([p for p in ladder if not p.revealed and not p.in_brig],
                     [p for p in by_rank if not p.revealed]):
            if pool:
                new = pool[0].seat
                break
        if new != self.admiral:
            self.admiral = new
            self.emit("admiral_changed", "I13", seat=new)

    # ---------------------------------------------------------------- view
    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know (None: the public view); see engine/view.py."""
        return make_view(self, seat)
