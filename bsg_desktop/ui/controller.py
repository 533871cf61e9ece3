"""The window's model: one QObject over the engine's door (pending / apply / view / outcome).

Widgets never touch the Game. They read frozen PlayerViews from here and ask
`choose(choice)` with a choice taken from the pending decision's own options; the
controller applies it and announces what happened with past-tense signals.
Computer seats think on a worker thread from their own view and the decision only
(`bots.make_bot`), so the window keeps painting while they think.

Hot-seat privacy lives here too: `unlocked` is the seat whose secrets the screen may
show. It is None until the deciding human confirms the hand-over, and falls back to
None as soon as another seat has to decide. `view_for_screen()` is therefore the
one place the screen gets its view from: the public view, or the unlocked seat's.
A human seat played on its own device (`phones`, the companion) is never unlocked:
its secrets stay on that device, and the table shows the public view while it decides.

Dice the game contributed for a human without asking (`present.rolls`) wait in `rolls`
until that seat has seen them: `roll_to_see()` is the roll the screen must show
before a hand-over to another player may come up, and a phone seat's roll goes
into its frame. A note is cleared when its seat acknowledges it or decides again.
A seat's new loyalty card waits in `own` the same way, for that seat's own screen (after
its hand-over) or its phone, and never shows on the shared screen.
"""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from bsg_desktop.bots import LEVELS, Bot, make_bot
from bsg_desktop.bots.release import release_after
from bsg_desktop.engine import Choice, Decision, Event, Game, PlayerView, Setup, new_game
from bsg_desktop.engine.save import from_json, read_save, sync_file, to_json, write_atomic
from bsg_desktop.errors import IllegalChoiceError, SaveError, UserError
from bsg_desktop.log import describer_for
from bsg_desktop.present.handover import hand_over_needed, shared_view
from bsg_desktop.present.moments import moment_for, new_loyalty
from bsg_desktop.present.pace import INSTANT, pause_after
from bsg_desktop.present.rolls import RollNote, forced_rolls

HUMAN, COMPUTER = "human", "computer"


class GameController(QObject):
    game_changed = Signal()            # a new or loaded game replaced the old one
    moved = Signal()                   # a choice was applied and saved: emitted first
    events_applied = Signal(list)      # events caused by one applied choice
    decision_pending = Signal()        # a new decision waits (maybe after a hand-over)
    unlock_changed = Signal()          # the seat whose secrets may show changed
    game_finished = Signal()           # the game has an outcome
    autosave_failed = Signal(str)

    def __init__(self, parent: QObject | None = None, bot_delay_ms: int = 350,
                 autosave_path: Path | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.seat_kinds: list[str] = []
        self.bot_level = "random"
        self.bots: dict[int, Any] = {}
        self.unlocked: int | None = None
        self.phones: set[int] = set()  # human seats played on their own device
        # every human decision behind a hand-over, public or not (benchmarks/handovers.py)
        self.every_decision = False
        # a human seat's roll the game contributed for it, until that seat has seen it
        self.rolls: dict[int, RollNote] = {}
        # a human seat's new loyalty card (L1, I6), until it has seen it on its own
        # screen or phone (`present.moments.loyalty_moment`)
        self.own: dict[int, Event] = {}
        self.generation = 0  # counts installed games (an undo keeps the game's generation)
        self.autosave_path = autosave_path
        self.bot_delay_ms = bot_delay_ms
        # Settings -> Pace (`present.pace`): how long a move's changes stay in sight
        # before a computer seat's next answer shows; the window sets it (instant: none)
        self.pace = INSTANT
        self.pace_hold = 0.0  # seconds the latest move's public changes ask for
        # the views the screen may show after the latest move, as they were before it
        # (the public one, the screen's seat's, a lone human's): the board's motion
        # starts from them when the screen passes from one view to another
        self.views_before: dict[int | None, PlayerView] = {}
        self.paused = False
        self.file_name = ""  # the user's own file for this game, named in the autosave
        self.file_path = ""  # ...and its full path, so Continue goes on under that file
        self.last_choice: Choice | None = None  # the choice behind the latest events
        self.last_events: list[Event] = []  # ...and those events (read on `moved`)
        # the dice the game put in without asking during the latest move, by seat (every
        # seat, computers too): the moment, its sound, the panel and the phones read this
        self.forced: dict[int, RollNote] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_step)
        self._thinking = False
        self._sink = _BotSink()
        self._sink.answered.connect(self._bot_answered)

    # ------------------------------------------------------------------ set up
    def start(self, setup: Setup, seed: int, seat_kinds: list[str] | None = None) -> None:
        """Start a new game; raises the engine's errors for a setup that cannot be played."""
        g = new_game(setup, seed)
        self._install(g, seat_kinds or [HUMAN] * setup.players)

    def adopt(self, g: Game, seat_kinds: list[str] | None = None) -> None:
        """Play on from a game made elsewhere (a lesson's position taken over by the
        teacher): it becomes the current game exactly as a loaded save would."""
        self.paused = False
        self._install(g, seat_kinds or [HUMAN] * g.n)

    def pause(self) -> None:
        """Hold the computer seats (a lesson covers the board; the game waits behind it)."""
        self.paused = True
        self._timer.stop()

    def resume(self) -> None:
        self.paused = False
        self._schedule_bot()

    def _computer(self, g: Game, seat: int) -> Bot:
        """The computer player for a seat, seeded from the game and seat alone, so a seat
        handed to a computer mid-game plays as one that started as a computer would."""
        return make_bot(self.bot_level, seed=g.seed * 10 + seat)

    def _install(self, g: Game, seat_kinds: list[str]) -> None:
        self._timer.stop()
        g.turn_limit = None  # people play to the end, however long it takes
        g.keep_undo = True  # the engine decides what may be taken back (engine/undo.py)
        self.game = g
        self.seat_kinds = (list(seat_kinds) + [HUMAN] * g.n)[: g.n]
        self.bots = {s: self._computer(g, s)
                     for s, k in enumerate(self.seat_kinds) if k == COMPUTER}
        self.unlocked = None
        self.phones = set()
        self.rolls = {}
        self.own = {}
        self.forced = {}
        self.pace_hold = 0.0
        self.views_before = {}
        self.generation += 1
        # the window names the user's file again if there is one
        self.file_name, self.file_path = "", ""
        self.game_changed.emit()
        # Saved before the first choice: a crash during turn 1 must offer back this game,
        # never whatever game the autosave held before it.
        self.autosave()
        self._after_change()

    # ----------------------------------------------------------------- reading
    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.seat_kinds) if k == HUMAN]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seat_kinds) and \
            self.seat_kinds[seat] == HUMAN

    @property
    def pending_seat(self) -> int | None:
        return self.game.pending.seat if self.game and self.game.pending else None

    def needs_handover(self) -> bool:
        """A human must decide, the screen is not yet theirs, and the decision shows
        them something hidden (`present.handover`: public decisions are taken on the
        shared screen)."""
        seat = self.pending_seat
        if seat is None or not self.is_human(seat) or self.unlocked == seat or \
                seat in self.phones:
            return False
        assert self.game is not None and self.game.pending is not None
        return len(self.humans) > 1 and (self.every_decision or
                                         hand_over_needed(self.game.pending.kind))

    def shared_decision(self) -> bool:
        """A table human decides in public on the shared screen (no hand-over)."""
        seat = self.pending_seat
        return (seat is not None and self.is_human(seat) and self.unlocked != seat
                and seat not in self.phones and not self.needs_handover())

    def view_for_screen(self) -> PlayerView | None:
        """The only view the screen may draw: the unlocked seat's, the public one, or
        the public one with a public decision's choices (`present.handover`)."""
        if self.game is None:
            return None
        if self.unlocked is None and self.game.outcome is None and self.shared_decision():
            assert self.game.pending is not None
            return shared_view(self.game.view(None), self.game.pending)
        return self.game.view(self.unlocked)

    def screen_seat(self) -> int | None:
        return self.unlocked

    def roll_to_see(self) -> RollNote | None:
        """The roll a player at the table has not seen yet, when the screen is about to
        pass to another player: the hand-over waits until it is acknowledged.

        It depends on public facts only (who is at the table, who decides next, and a
        contribution the log already shows), so the wait is the same for every loyalty.
        """
        if not self.needs_handover():
            return None
        seat = self.pending_seat
        for s, note in self.rolls.items():
            if s != seat and s not in self.phones and self.is_human(s):
                return note
        return None

    def table_roll(self) -> RollNote | None:
        """The unseen roll the table screen shows now: on the public screen, or on its
        own seat's; never on another seat's unlocked screen."""
        for s, note in self.rolls.items():
            if s not in self.phones and self.is_human(s) and self.unlocked in (None, s):
                return note
        return None

    @Slot()
    def acknowledge_roll(self) -> None:
        """The player at the table has seen the roll on screen (the hand-over may come)."""
        note = self.table_roll()
        if note is not None:
            del self.rolls[note.seat]
            self.unlock_changed.emit()

    def own_to_show(self) -> Event | None:
        """The new loyalty card the seat whose screen it is has not seen yet."""
        return self.own.get(self.unlocked) if self.unlocked is not None else None

    @Slot()
    def acknowledge_own(self) -> None:
        """The seat on screen has read its own moment."""
        if self.unlocked is not None:
            self.own.pop(self.unlocked, None)

    # ---------------------------------------------------------------- hot seat
    @Slot()
    def unlock(self) -> None:
        """The deciding human confirmed they alone see the screen."""
        seat = self.pending_seat
        if seat is not None and self.is_human(seat) and self.unlocked != seat and \
                seat not in self.phones:
            # the screen has passed on: another table player's roll went with the last one
            self.rolls = {s: n for s, n in self.rolls.items() if s == seat or s in self.phones}
            self.unlocked = seat
            self.unlock_changed.emit()

    def _relock_if_needed(self) -> None:
        seat = self.pending_seat
        keep = seat is not None and seat == self.unlocked and seat not in self.phones
        if len(self.humans) == 1 and self.is_human(seat) and seat not in self.phones:
            # Alone at the table with computers: the screen is that player's.
            keep, self.unlocked = True, seat
        if not keep and self.unlocked is not None:
            self.unlocked = None
            self.unlock_changed.emit()
        elif keep and len(self.humans) == 1:
            self.unlock_changed.emit()

    # ---------------------------------------------------------------- playing
    def choose(self, choice: Choice | str) -> list[Event]:
        """Apply a human's choice (it must be one of the pending options)."""
        g = self.game
        if g is None or g.pending is None:
            raise IllegalChoiceError("no decision is pending")
        if isinstance(choice, str):
            choice = Choice.parse(choice)
        return self._apply(g, choice)

    def _apply(self, g: Game, choice: Choice) -> list[Event]:
        """Apply one choice, a human's or a computer's: the one path, so what is noted
        about a choice (its verb, the rolls it forced) is the same whoever made it."""
        assert g.pending is not None
        seat = g.pending.seat
        if self.shared_decision():
            # chosen on the shared screen, in sight of the roll note it showed
            seen = self.table_roll()
            if seen is not None:
                del self.rolls[seen.seat]
        elif self.unlocked == seat or seat in self.phones:
            self.own.pop(seat, None)  # its own moment was on its own screen or phone
        screens = {None, self.unlocked, *(self.humans if len(self.humans) == 1 else ())}
        self.views_before = {s: g.view(s) for s in screens}
        events = g.apply(choice)
        self.last_choice = choice  # the window's moments ask what led to these events
        self.last_events = events
        self._note_rolls(seat, choice, events)
        self.pace_hold = self._pause(g, self.views_before[None], events)
        self._applied(events)
        return events

    def _pause(self, g: Game, before: PlayerView, events: list[Event]) -> float:
        """How long this move's changes stay in sight before a computer's next answer
        (`present.pace`): from the public views around it and its public moment only,
        so a seat's wait is the same whatever anyone holds."""
        if self.pace == INSTANT:
            return 0.0
        describe = describer_for(g).describe
        moment = moment_for(events, {}, None, describe)  # the public one, as banners say it
        return pause_after(self.pace, before, g.view(None), moment)

    def _note_rolls(self, seat: int, choice: Choice, events: list[Event]) -> None:
        """A seat that decides again has moved past its last roll; dice the game put in
        for a human seat are kept until that seat has seen them."""
        self.rolls.pop(seat, None)
        self.forced = forced_rolls(seat, choice, events)
        for s, e in new_loyalty(events).items():
            if self.is_human(s):
                self.own[s] = e
        for s, note in self.forced.items():
            if self.is_human(s):
                self.rolls[s] = note

    def _applied(self, events: list[Event]) -> None:
        # Saved before anything reacts to the move: a kill at any moment after a decision
        # loses nothing, and Continue comes back at exactly the decision that waits next.
        # The file is written and in place first (enough for a kill); the phones then get
        # the move (`moved`: their frames go to the server's thread), and only then does
        # the save wait for the disk's sync, which lets go of Python's lock: the server
        # seals and sends those frames meanwhile instead of after it. The window's
        # redraw, which holds that lock, comes last.
        self.autosave(sync=False)
        self.moved.emit()
        self.sync_autosave()
        self.events_applied.emit(events)
        self._after_change()

    def _after_change(self) -> None:
        g = self.game
        if g is None:
            return
        if g.outcome is not None:
            self.unlocked = None
            self.game_finished.emit()
            return
        self._relock_if_needed()
        self.decision_pending.emit()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        seat = self.pending_seat
        if seat is not None and seat in self.bots and not self.paused:
            # Thinking starts at once; the job holds its answer for the release hold
            # (`bot_hold`), so the pause a player sees between computer moves is the
            # longer of the hold and the thinking, not their sum. (The zero timer lets
            # the signals of this change finish first.)
            self._timer.start(0)

    @Slot()
    def _bot_step(self) -> None:
        """Let the computer seat think on a worker thread so the window keeps painting.

        The bot gets only frozen values (its view and the decision), so it can run
        beside the GUI; its answer is applied here, on the GUI thread, and only if
        the game is still waiting for exactly that decision.
        """
        g = self.game
        if g is None or g.pending is None or g.outcome is not None or self._thinking:
            return
        seat = g.pending.seat
        bot = self.bots.get(seat)
        if bot is None:
            return
        self._thinking = True
        QThreadPool.globalInstance().start(
            _BotJob(bot, g.view(seat), g.pending, (g, g.pending), self._sink,
                    self.bot_hold()))

    def bot_hold(self) -> float:
        """Seconds a computer seat's answer to the pending decision is held from the
        moment it starts thinking: the window's fixed release hold, or the pace the
        last move's public changes ask (`present.pace`), whichever is longer. Neither
        reads a hidden fact; the bot's own `think_floor` may lengthen it further."""
        return max(self.bot_delay_ms / 1000, self.pace_hold)

    @Slot(object, object)
    def _bot_answered(self, token: tuple[Game, Any], choice: Choice) -> None:
        self._thinking = False
        g, decision = token
        if g is not self.game or g.pending is not decision or self.paused:
            self._schedule_bot()  # the game moved on (undo, new game, lesson): think again
            return
        self._apply_bot(g, choice)

    def _apply_bot(self, g: Game, choice: Choice) -> None:
        if choice not in g.pending.options:  # a bot bug must not stop the game
            choice = g.pending.options[0]
        self._apply(g, choice)

    def play_bots_now(self, limit: int = 10_000) -> None:
        """Run computer seats synchronously until a human must decide (tests, screenshots)."""
        for _ in range(limit):
            g = self.game
            seat = self.pending_seat
            if g is None or seat is None or seat not in self.bots:
                return
            self._timer.stop()
            self._apply_bot(g, _ask_bot(self.bots[seat], g.view(seat), g.pending))

    # ------------------------------------------------------------------- undo
    def can_undo(self, phone: int | None = None) -> bool:
        """The engine says whether the deciding seat may take its last decision back;
        the window adds only where the request may come from: at the table the screen
        must be that seat's (never on a hand-over), and a seat played on a phone takes
        its decisions back only from that phone (``phone`` is then its seat)."""
        g = self.game
        if phone is not None:
            return g is not None and phone in self.phones and self.is_human(phone) and \
                g.undoable(phone)
        seat = self.pending_seat
        return (g is not None and self.is_human(seat) and self.unlocked == seat
                and seat not in self.phones and g.undoable(seat))

    @Slot()
    def undo(self, phone: int | None = None) -> bool:
        if not self.can_undo(phone):
            return False
        assert self.game is not None
        self.game.undo(self.pending_seat)
        self.forced = {}  # the move taken back put nothing in (an undoable one rolls nothing)
        self.pace_hold = 0.0
        self.views_before = {}
        self.game_changed.emit()  # the log is rebuilt: the step is gone, the undo is there
        self.autosave()
        self._after_change()
        return True

    # ---------------------------------------------------------------- phones
    def set_on_phone(self, seat: int, on: bool = True) -> None:
        """Seat ``seat`` is now played on its own device (or back at the table)."""
        if not self.is_human(seat) or (seat in self.phones) == on:
            return
        if on:
            self.phones.add(seat)
            if self.unlocked == seat:  # its secrets leave the table screen at once
                self.unlocked = None
        else:
            self.phones.discard(seat)
        self._relock_if_needed()
        self.unlock_changed.emit()

    def make_computer(self, seat: int) -> None:
        """Hand a human seat to a computer player (a phone that left and is not coming back)."""
        g = self.game
        if g is None or not self.is_human(seat):
            return
        self.seat_kinds[seat] = COMPUTER
        self.phones.discard(seat)
        self.rolls.pop(seat, None)
        self.own.pop(seat, None)  # nobody is left at that seat to read it
        self.bots[seat] = self._computer(g, seat)
        if self.unlocked == seat:
            self.unlocked = None
        self.unlock_changed.emit()
        self._after_change()

    # ---------------------------------------------------------------- saving
    def save_data(self) -> dict[str, Any]:
        assert self.game is not None
        data = to_json(self.game)
        # ignored by the engine's loader
        g = self.game
        data["desktop"] = {"seats": list(self.seat_kinds), "bot_level": self.bot_level,
                           # read by the start screen's Continue without replaying the game
                           "summary": {"names": [p.name for p in g.players],
                                       "characters": [p.character for p in g.players],
                                       "turn": g.turn, "finished": g.outcome is not None,
                                       "saved": datetime.now().astimezone().isoformat(
                                           timespec="minutes"),
                                       "file": self.file_name,
                                       "path": self.file_path}}
        return data

    def save(self, path: str | Path, sync: bool = True) -> None:
        try:
            write_atomic(path, json.dumps(self.save_data(), indent=1, ensure_ascii=False) + "\n",
                         sync=sync)
        except OSError as e:
            raise SaveError(f"cannot write {path}: {e.strerror or e}") from None

    @staticmethod
    def read(path: str | Path) -> tuple[Game, list[str]]:
        """Load a save without touching the current game: errors leave everything as it was."""
        g, kinds, _level = GameController._read(path)
        return g, kinds

    @staticmethod
    def _read(path: str | Path) -> tuple[Game, list[str], str | None]:
        data = read_save(path)
        g = from_json(data, str(path))
        kinds = [HUMAN] * g.n
        desk = data.get("desktop") if isinstance(data, dict) else None
        if isinstance(desk, dict) and isinstance(desk.get("seats"), list):
            got = [k if k in (HUMAN, COMPUTER) else HUMAN for k in desk["seats"]]
            kinds = (got + kinds)[: g.n]
        level = desk.get("bot_level") if isinstance(desk, dict) else None
        return g, kinds, level if level in LEVELS else None

    def load(self, path: str | Path) -> None:
        g, kinds, level = self._read(path)
        if level is not None:
            self.bot_level = level  # older saves keep whatever level was chosen last
        self._install(g, kinds)

    def autosave(self, sync: bool = True) -> None:
        """``sync=False``: written and in place (a kill loses nothing), its disk sync
        left to `sync_autosave`."""
        if self.autosave_path is None or self.game is None:
            return
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.save(self.autosave_path, sync=sync)
        except (OSError, SaveError) as e:
            self.autosave_failed.emit(str(e))

    def sync_autosave(self) -> None:
        if self.autosave_path is None or self.game is None:
            return
        try:
            sync_file(self.autosave_path)
        except OSError as e:
            self.autosave_failed.emit(f"cannot write {self.autosave_path}: {e.strerror or e}")

    def stop(self) -> None:
        self._timer.stop()
        QThreadPool.globalInstance().waitForDone(5000)  # no answer may outlive the window


def _ask_bot(bot: Any, view: PlayerView, decision: Decision) -> Choice:
    """A bot's choice; a crashing bot falls back to the first legal option (and says so)."""
    try:
        return bot.choose(view, decision)  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - a bot bug must never take the window down
        # no message: it may name what the seat holds, and the terminal is in the room
        print("bsg-express: computer player error; it plays the first legal option",
              file=sys.stderr)
        return decision.options[0]


class _BotSink(QObject):
    """Carries a worker thread's answer back to the GUI thread (queued signal)."""

    answered = Signal(object, object)


def hand_back(sink: QObject, token: object, answer: object) -> None:
    """A pool thread's answer to the GUI thread, through ``sink.answered``. The window
    may have closed while the thread worked (a computer seat holding its answer, the
    advice's look-ahead): its sink is then gone and nobody waits for the answer, which
    is dropped. Emitting it anyway raised "Signal source has been deleted" on the way
    out, and the crash guard took that for a bug and wrote a report."""
    try:
        sink.answered.emit(token, answer)  # type: ignore[attr-defined]
    except RuntimeError:  # the sink's C++ object was deleted: the window is gone
        pass


class _BotJob(QRunnable):
    def __init__(self, bot: Any, view: PlayerView, decision: Decision, token: object,
                 sink: _BotSink, hold: float = 0.0) -> None:
        super().__init__()
        self.bot, self.view, self.decision, self.token, self.sink, self.hold = (
            bot, view, decision, token, sink, hold)

    def run(self) -> None:
        start = time.monotonic()
        choice = _ask_bot(self.bot, self.view, self.decision)
        # Hold the answer for the window's pace, and at least to the bot's own floor
        # (StrongBot.think_floor), both fixed before it thought; a later answer waits
        # for the next tick (`bots.release`): the time a seat takes tells nobody its
        # loyalty.
        floor = getattr(self.bot, "think_floor", None)
        hold = max(self.hold, floor(self.view, self.decision) if floor is not None else 0.0)
        elapsed = time.monotonic() - start
        time.sleep(max(0.0, release_after(hold, elapsed) - elapsed))
        hand_back(self.sink, self.token, choice)



def save_summary(path: str | Path) -> dict[str, Any] | None:
    """What the start screen says about a save (seats, turn, date, the user's file name)
    without replaying it; None when the file is missing, unreadable or has no summary."""
    try:
        data = read_save(path)
    except (SaveError, OSError):
        return None
    desk = data.get("desktop") if isinstance(data, dict) else None
    s = desk.get("summary") if isinstance(desk, dict) else None
    if not isinstance(s, dict):
        return None
    names, chars = s.get("names"), s.get("characters")
    if not (isinstance(names, list) and isinstance(chars, list) and len(names) == len(chars)
            and 3 <= len(chars) <= 5 and isinstance(s.get("turn"), int)):
        return None
    kinds = desk.get("seats") if isinstance(desk.get("seats"), list) else []
    return {"names": [str(n) for n in names], "characters": [str(c) for c in chars],
            "kinds": [str(k) for k in kinds], "turn": int(s["turn"]),
            "finished": bool(s.get("finished")), "saved": str(s.get("saved") or ""),
            "file": str(s.get("file") or ""), "path": str(s.get("path") or "")}


def holds_start_of(path: str | Path, g: Game) -> int | None:
    """How many of ``g``'s choices the save at ``path`` holds when it is this very game
    saved earlier (same setup, seed and its choices a prefix of the game's); None when
    the file is gone or holds something else (it was overwritten since)."""
    try:
        data = read_save(path)
    except (SaveError, OSError):
        return None
    if not isinstance(data, dict):
        return None
    mine = to_json(g)
    if any(data.get(k) != mine[k] for k in ("setup", "seed", "overrides", "script_skill",
                                             "script_crisis")):
        return None
    theirs = data.get("choices")
    if not isinstance(theirs, list) or theirs != mine["choices"][: len(theirs)]:
        return None
    return len(theirs)


BROKEN_COPIES = 3  # set-aside autosaves kept; older ones go


def autosave_problem(path: str | Path) -> str | None:
    """Why the autosave at ``path`` cannot be resumed, in one line; None when it can
    (or there is none). It is the program's own file, so whatever it holds must not
    keep the window from opening: even a bug met while replaying it is an answer
    here, not an exception."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        GameController.read(path)
    except UserError as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - a bug, but the window must still open
        return f"{path}: cannot be replayed ({e.__class__.__name__})"
    return None


def set_aside(path: str | Path) -> Path:
    """Move a broken file (the autosave, the settings) out of the way, beside it as
    ``NAME.broken-STAMP.SUFFIX`` (nothing is deleted but set-aside copies beyond the
    newest BROKEN_COPIES); the copy's path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    copy = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while copy.exists():
        n += 1
        copy = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
    os.replace(path, copy)
    old = sorted(path.parent.glob(f"{path.stem}.broken-*{path.suffix}"),
                 key=lambda p: p.stat().st_mtime, reverse=True)
    for extra in old[BROKEN_COPIES:]:
        extra.unlink(missing_ok=True)
    return copy
