"""Review a finished game step by step, every secret face up.

A game is its recipe (setup, seed, overrides, scripted dice, choices), so a review
is a lesson whose steps are the game's own choices: the teach view steps through
it forward and back with the board as it was. Because the game is over, nothing
is secret any more, and the review shows what the table could not see: each
seat's loyalty cards and rolled dice, both crisis dice, what a Cylon held back.
It also marks the moments that decided the game (a check lost to a hidden
Cylon's dice, each reveal, each brig vote with its target's true loyalty).

An unfinished game is refused: its secrets would reach the screen while the
game can still be played on (the secrets rule of design.md). Pure logic, no Qt:
the window's review section only draws what this module says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bsg_desktop.engine import Choice, Decision, Event, Game
from bsg_desktop.engine.abilities import counts_as
from bsg_desktop.engine.core import ACTIVE
from bsg_desktop.engine.undo import UNDO
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import _signed, condition_words, describer_for
from bsg_desktop.scenario import Scenario, Step
from bsg_desktop.teach import Lesson

TRACKS = ("distance", "jump", "damage", "demoralized", "raiders")


class ReviewError(UserError):
    """A game that cannot be reviewed (not over yet, or its recipe does not replay)."""


def scenario_of(game: Game, path: str = "<game>") -> Scenario:
    """The game's recipe as a scenario: the same start, every choice a step."""
    skill, crisis = game.script
    return Scenario(path=path, title=None, intro=None, rules=(), setup=game.setup,
                    seed=game.seed, state=dict(game.overrides), skill=tuple(skill),
                    crisis=tuple(crisis), steps=tuple(Step(c) for c in game.choices),
                    expect={})


@dataclass(frozen=True)
class Point:
    """The public tracks at one position (the chart's data)."""

    turn: int
    distance: int
    jump: int
    damage: int
    demoralized: int
    raiders: int

    def value(self, track: str) -> int:
        return int(getattr(self, track))


@dataclass(frozen=True)
class Note:
    """One secret-aware fact about a step, turned into words in any language."""

    kind: str  # contribute, crisis, jump_die, sabotage, reveal, vote
    seat: int
    fields: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)


@dataclass(frozen=True)
class Mark:
    """A moment that decided the game, at the position just after its step."""

    pos: int
    note: Note


def _copy(track: dict[str, Any] | None) -> dict[str, Any] | None:
    if track is None:
        return None
    out = dict(track)
    if "entries" in out:
        out["entries"] = list(out["entries"])
    return out


def _point(g: Game) -> Point:
    return Point(g.turn, g.distance, g.jump_track, len(g.damage_placed),
                 len(g.demoralized_out), g.raiders())


def _hidden_cylon(g: Game, seat: int) -> bool:
    p = g.players[seat]
    return p.is_cylon and not p.revealed


class Review(Lesson):
    """A finished game as a lesson: position k is the board after the game's k-th choice."""

    kicker = "review.panel.kicker"
    close_text = "review.panel.close"

    def __init__(self, game: Game) -> None:
        if game.outcome is None:
            raise ReviewError("the game is not over: reviewing it now would show its secrets")
        super().__init__(scenario_of(game, "<review>"))
        self.original_outcome = game.outcome
        g = self.scenario.start()
        g.turn_limit = None
        steps = g.play(game.choices)  # the engine plays the undos among them
        self._snaps: list[Game] = [g.copy()]
        self.points: list[Point] = [_point(g)]
        self.notes: list[list[Note]] = [[]]
        self.marks: list[Mark] = []
        self._check: dict[str, Any] | None = None
        self._vote: dict[str, Any] | None = None
        # what the reading knew at each position, so an undo takes it back as well
        tracked: list[tuple[Any, Any, int]] = [(None, None, 0)]
        for i, choice in enumerate(game.choices):
            before = self._snaps[i]
            decision = g.pending
            start = len(g.events)
            if choice == UNDO and i >= 1:
                c, v, marks = tracked[i - 1]
                self._check, self._vote = _copy(c), _copy(v)
                del self.marks[marks:]
            try:
                next(steps)
            except UserError as e:
                raise ReviewError(f"the game does not replay: {e}") from None
            assert decision is not None
            self.notes.append(self._read_step(i + 1, before, g, decision, choice,
                                              g.events[start:]))
            self._snaps.append(g.copy())
            self.points.append(_point(g))
            tracked.append((_copy(self._check), _copy(self._vote), len(self.marks)))
        next(steps, None)  # to its end, where the engine's undo keeping is put back
        if g.outcome != game.outcome:
            raise ReviewError("the game does not replay to its own result")
        self.game = self._snaps[0].copy()

    # ------------------------------------------------------------- reading
    def _read_step(self, pos: int, before: Game, after: Game, decision: Decision,
                   choice: Choice, events: list[Event]) -> list[Note]:
        """The secret facts of one step, and the marks it makes."""
        seat, kind = decision.seat, decision.kind
        info = decision.info_dict()
        notes: list[Note] = []
        if kind == "crisis_die" and choice.verb != "crisis" or \
                kind == "jump_die" and choice.verb != "jump_die":
            kind = ""  # an undo (the decision's own kind is for its choices)
        if kind == "contribute" and choice.verb == "contribute":
            rolled = list(info.get("rolled") or ())
            gave = {int(a) for a in choice.args}
            notes.append(Note("contribute", seat, (
                ("gave", tuple(v for d, _, v in rolled if d in gave)),
                ("kept", tuple(v for d, _, v in rolled if d not in gave)),
                ("cylon", _hidden_cylon(before, seat)),
                ("check", str(info.get("check") or "")))))
        elif kind == "crisis_die":
            faces = [f.code() for f in info.get("faces") or ()]
            k = int(choice.args[0])
            notes.append(Note("crisis", seat, (
                ("chosen", faces[k]),
                ("other", "; ".join(f for j, f in enumerate(faces) if j != k)))))
        elif kind == "jump_die":
            notes.append(Note("jump_die", seat, (
                ("strong", info.get("strong")), ("weak", info.get("weak")),
                ("chosen", str(choice.args[0])))))
        for e in events:
            data = dict(e.data)
            if e.kind == "check_started":
                # X1 as the engine's abilities put it in force for this check
                self._check = {"kind": data["kind"], "entries": [],
                               "counts_as": dict(counts_as(after, data["kind"]))}
            elif e.kind == "dice_contributed" and self._check is not None:
                s = int(data["seat"])
                for die, _k, v in data["dice"]:
                    self._check["entries"].append((s, die, v, _hidden_cylon(before, s)))
            elif e.kind == "die_removed_from_vote" and self._check is not None:
                self._check["entries"] = [x for x in self._check["entries"]
                                          if x[1] != data["die"]]
            elif e.kind == "check_result" and self._check is not None:
                self._read_check(pos, data)
                self._check = None
            elif e.kind == "cylon_revealed":  # a reveal in the brig says so too: once
                n = Note("reveal", int(data["seat"]), (("card", data["card"]),))
                notes.append(n)
                self.marks.append(Mark(pos, n))
            elif e.kind == "vote_called":
                target = int(data["target"])
                self._vote = {"pos": pos, "seat": int(data["seat"]), "mode": data["mode"],
                              "target": target,
                              "cylon": before.players[target].is_cylon}
            elif e.kind in ("sent_to_brig", "released_from_brig", "vote_failed") and \
                    self._vote is not None:
                v = self._vote
                n = Note("vote", v["seat"], (
                    ("mode", v["mode"]), ("target", v["target"]),
                    ("cylon", v["cylon"]),
                    ("passed", e.kind != "vote_failed")))
                notes.append(n)
                self.marks.append(Mark(int(v["pos"]), n))
                self._vote = None
        return notes

    def _read_check(self, pos: int, data: dict[str, Any]) -> None:
        """Mark a crisis check a then-hidden Cylon's dice lost: without them it would
        have been averted (the same counting as the engine's, X1 included)."""
        c = self._check
        assert c is not None
        if c["kind"] != "crisis" or data.get("success"):
            return

        def counted(v: int) -> int:
            return int(c["counts_as"].get(v, v))

        seats = sorted({s for s, _, _, cyl in c["entries"] if cyl})
        theirs = sum(counted(v) for _, _, v, cyl in c["entries"] if cyl)
        total, difficulty = int(data["total"]), int(data["difficulty"])
        if seats and total - theirs >= difficulty:
            n = Note("sabotage", seats[0], (("seats", tuple(seats)), ("total", total),
                                            ("difficulty", difficulty),
                                            ("without", total - theirs)))
            self.marks.append(Mark(pos, n))  # step_notes shows it with the step's notes

    # ------------------------------------------------------------ stepping
    def position(self, pos: int) -> Game:
        pos = max(0, min(pos, self.length))
        return self._snaps[pos].copy()

    def forward(self) -> bool:
        if self.at_end:
            return False
        self.goto(self.pos + 1)
        return True

    def goto(self, pos: int) -> None:
        """Any position at once: every position was kept when the review was built."""
        pos = max(0, min(pos, self.length))
        self.game = self._snaps[pos].copy()
        if pos:
            prev = self._snaps[pos - 1]
            self._view_before = prev.view(None)
            # the events both share: after an undo the game's record is the one from two
            # positions back plus the undo's own event, not an extension of the last one
            shared = 0
            for a, b in zip(prev.events, self.game.events, strict=False):
                if a is not b:
                    break
                shared += 1
            self._events_before = shared
        else:
            self._view_before, self._events_before = None, 0
        self.pos = pos

    def reset(self) -> None:
        self.goto(0)

    # -------------------------------------------------------------- turns
    @property
    def turns(self) -> int:
        return self.points[-1].turn

    def turn_at(self, pos: int) -> int:
        return self.points[max(0, min(pos, self.length))].turn

    def turn_start(self, turn: int) -> int:
        """The first position of a turn (its first decision), for 'jump to turn'."""
        for pos, p in enumerate(self.points):
            if p.turn >= turn:
                return pos
        return self.length

    # -------------------------------------------------------------- words
    def title(self, lang: str | None = None) -> str:
        lang = lang or language()
        out = self.original_outcome
        # the winner mid-sentence: "the humans", not the log's sentence-initial "The humans"
        return tr("review.title", lang, winner=tr(f"review.winner_{out.winner}", lang),
                  condition=condition_words(self.game.c, out.condition, lang),
                  turns=self.turns)

    def who_was_who(self, lang: str | None = None) -> str:
        lang = lang or language()
        d = describer_for(self._snaps[-1])
        g = self._snaps[-1]
        return "\n".join(f"{d.player(p.seat, lang)}: " +
                         d.hand(p.loyalty, lang) for p in g.players)

    def narration(self, lang: str | None = None) -> str:
        """Position 0: who was who; after a step: its secret facts, else its public log."""
        lang = lang or language()
        if self.pos == 0:
            return tr("review.intro", lang) + "\n" + self.who_was_who(lang)
        words = [self.note_words(n, lang) for n in self.step_notes()]
        if not words:
            d = describer_for(self.game)
            words = [d.describe(e, lang) for e in self.step_events()]
        return "\n".join(w for w in words if w)

    def step_notes(self, pos: int | None = None) -> list[Note]:
        pos = self.pos if pos is None else pos
        marks = [m.note for m in self.marks if m.pos == pos and m.note.kind == "sabotage"]
        return list(self.notes[pos]) + marks

    def note_words(self, n: Note, lang: str | None = None) -> str:
        lang = lang or language()
        d = describer_for(self._snaps[-1])
        who = d.player(n.seat, lang)
        f = dict(n.fields)

        def dice(values: tuple[int, ...]) -> str:
            return " ".join(_signed(v) for v in values) or "—"

        if n.kind == "contribute":
            key = "review.note.contribute_cylon" if f["cylon"] else "review.note.contribute"
            return tr(key, lang, player=who, gave=dice(f["gave"]), kept=dice(f["kept"]))
        if n.kind == "crisis":
            return tr("review.note.crisis", lang, player=who, chosen=d.face(f["chosen"], lang),
                      other="; ".join(d.face(x, lang) for x in f["other"].split("; ") if x)
                      or "—")
        if n.kind == "jump_die":
            return tr("review.note.jump_die", lang, player=who, strong=_signed(f["strong"]),
                      weak=_signed(f["weak"]),
                      chosen=d.c.skill(f["chosen"]).name.get(lang))
        if n.kind == "sabotage":
            return tr("review.note.sabotage", lang,
                      players=", ".join(d.player(s, lang) for s in f["seats"]),
                      total=f["total"], difficulty=f["difficulty"], without=f["without"])
        if n.kind == "reveal":
            return tr("review.note.reveal", lang, player=who, card=d.card(f["card"], lang))
        if n.kind == "vote":
            key = "review.note.vote_cylon" if f["cylon"] else "review.note.vote_human"
            return tr(key, lang, player=who, target=d.player(f["target"], lang),
                      mode=tr(f"log.vote_{f['mode']}", lang),
                      result=tr("review.note.vote_passed" if f["passed"]
                                else "review.note.vote_failed", lang))
        return ""

    def secrets(self, pos: int | None = None, lang: str | None = None) -> list[tuple[str, str]]:
        """Each seat's hidden facts at a position: (player, loyalty cards and rolled dice)."""
        lang = lang or language()
        g = self._snaps[self.pos if pos is None else pos]
        d = describer_for(g)
        out = []
        for p in g.players:
            cards = d.hand(p.loyalty, lang)
            rolled = [x for x in p.dice if x.state == ACTIVE and x.value is not None]
            if rolled:
                cards += " · " + tr("review.secret.rolled", lang, dice=", ".join(
                    f"{d.c.skill(x.kind).name.get(lang)} {_signed(x.value or 0)}"
                    for x in rolled))
            out.append((d.player(p.seat, lang), cards))
        return out

    def mark_words(self, m: Mark, lang: str | None = None) -> str:
        lang = lang or language()
        return tr("review.mark", lang, turn=self.turn_at(m.pos), text=self.note_words(m.note,
                                                                                       lang))
