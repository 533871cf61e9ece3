"""Scenario files: a starting position, scripted dice, choices, and expectations.

One format serves three users: the test suite (``bsg-express scenario FILE…``
checks each file's expectations), the teacher (Learn menu demos step through the
choices with narration), and anyone reporting a rules question. A file with an
error is reported with its file, line and what was expected, never a traceback.
The format is documented in docs/scenarios.md.

The file is read by the safe loader in `bsg_desktop.inputs` (no anchors or
aliases, no duplicate keys, bounded size and depth). What each ``expect`` key
accepts and how it is checked is one row of `EXPECT`: a new expectation is a new
row, with a reader that validates its value and a check that compares it with the
game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from bsg_desktop.data import Components, CrisisFace, Text, load_components
from bsg_desktop.engine import Choice, Game, IllegalChoiceError, Setup, new_game
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT
from bsg_desktop.engine.game import ScriptError
from bsg_desktop.engine.setup import NAME_CHARS, SetupError
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, SOURCE
from bsg_desktop.inputs import MAX_ITEMS, YamlProblem, load_yaml, read_text

TOP_KEYS = ("title", "intro", "rules", "players", "characters", "names", "seed", "variant",
            "tracks", "state", "dice", "steps", "expect")
# what a demo built for one board's tracks names in ``tracks:`` (cards.yaml ``tracks``)
TRACK_KEYS = ("jump_max", "distance_win", "distance_loyalty")
DIE_STATES = (ACTIVE, CONTRIBUTED, SPENT, REMOVED)
MAX_COUNT = 1000  # any count an expectation can name (markers, dice, turns) is far below


class ScenarioError(UserError):
    """A scenario file that cannot be read: says file, line and what was expected."""


@dataclass(frozen=True)
class Step:
    choice: Choice
    say: Text | None = None
    line: int = 0


@dataclass(frozen=True)
class Scenario:
    path: str
    title: Text | None
    intro: Text | None
    rules: tuple[str, ...]
    setup: Setup
    seed: int
    state: dict[str, Any]
    skill: tuple[int, ...]
    crisis: tuple[int | str, ...]
    steps: tuple[Step, ...]
    expect: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)

    def start(self) -> Game:
        """The game at the scenario's starting position (before any step)."""
        try:
            return new_game(self.setup, self.seed, overrides=self.state,
                            script_skill=self.skill, script_crisis=self.crisis)
        except (SetupError, ValueError) as e:
            key = str(e).split(":", 1)[0].split(".", 1)[0].strip()
            line = self.lines.get(f"state.{key}") or self.lines.get("state", 1)
            raise ScenarioError(f"{self.path}:{line}: state: {e}") from None

    def play(self, upto: int | None = None) -> Game:
        """The game after ``upto`` steps (all by default); illegal steps raise ScenarioError."""
        g = self.start()
        for i, step in enumerate(self.steps[:upto]):
            try:
                g.apply(step.choice)
            except IllegalChoiceError as e:
                # the usual cause: a decision with one option, which the engine applies
                # on its own (docs/readings.md lists them), written as a step
                raise ScenarioError(f"{self.path}:{step.line}: step {i + 1} ({step.choice}): "
                                    f"{e} (a decision with a single option is applied on its "
                                    f"own and is not a step)") from None
            except ScriptError as e:
                raise ScenarioError(f"{self.path}:{step.line}: step {i + 1} ({step.choice}): "
                                    f"{e}") from None
        return g


# ------------------------------------------------------------------ reading
class _Reader:
    """Checks parsed values, raising ScenarioError with the file, line and path."""

    def __init__(self, path: str, lines: dict[str, int], players: int = 4) -> None:
        self.path = path
        self.lines = lines
        self.players = players

    def fail(self, where: str, expected: str) -> ScenarioError:
        line = self.lines.get(where)
        while line is None and where:  # a value without a line: its parent's
            parent = where.rsplit(".", 1)[0] if "." in where else ""
            if parent.endswith("]"):
                parent = parent.rsplit("[", 1)[0]
            if parent == where:
                break
            where = parent
            line = self.lines.get(where)
        return ScenarioError(f"{self.path}:{line or 1}: {where or 'file'}: {expected}")

    def text(self, v: Any, where: str) -> Text:
        if isinstance(v, str):
            return Text.of({SOURCE: v})
        if (isinstance(v, dict) and isinstance(v.get(SOURCE), str) and set(v) <= set(LANGUAGES)
                and all(isinstance(words, str) for words in v.values())):
            return Text.of(v)  # a language it leaves out reads the English
        raise self.fail(where, "expected a text or {" +
                        ", ".join(f"{lang}: ..." for lang in LANGUAGES) + "}")

    def items(self, v: Any, where: str, what: str) -> list[Any]:
        if not isinstance(v, list):
            raise self.fail(where, f"expected a list of {what}, got {_shown(v)}")
        if len(v) > MAX_ITEMS:
            raise self.fail(where, f"expected at most {MAX_ITEMS:,} {what}, got {len(v):,}")
        return v

    def count(self, v: Any, where: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_COUNT:
            raise self.fail(where, f"expected a whole number from 0 to {MAX_COUNT}, "
                                   f"got {_shown(v)}")
        return v

    def seat(self, v: Any, where: str) -> int:
        if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) < 3:
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < self.players:
            raise self.fail(where, f"expected a seat number from 0 to {self.players - 1}, "
                                   f"got {_shown(v)}")
        return v

    def one_of(self, v: Any, where: str, choices: tuple[Any, ...], what: str = "") -> Any:
        if not (v is None or isinstance(v, str)) or v not in choices:
            shown = ", ".join("null" if c is None else str(c) for c in choices)
            raise self.fail(where, f"expected {what or 'one of'} {shown}, got {_shown(v)}")
        return v

    def seat_map(self, v: Any, where: str, value: Callable[[Any, str], Any]) -> dict[int, Any]:
        if not isinstance(v, dict):
            raise self.fail(where, f"expected a mapping seat -> value, got {_shown(v)}")
        out: dict[int, Any] = {}
        for k, x in v.items():
            seat = self.seat(k, f"{where}.{k}")
            if seat in out:
                raise self.fail(f"{where}.{k}", f"seat {seat} is listed twice")
            out[seat] = value(x, f"{where}.{k}")
        return out


def _shown(v: Any) -> str:
    """A value as the message quotes it: short, whatever it is."""
    text = "null" if v is None else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


@lru_cache(maxsize=1)
def event_kinds() -> frozenset[str]:
    """Every event kind the engine emits: the log has a sentence for each (the i18n
    tests check that), so the log's catalogue is the list."""
    from bsg_desktop.i18n import catalog

    return frozenset(k[len("event."):] for k in catalog("en") if k.startswith("event."))


# ------------------------------------------------------------- expectations
@dataclass(frozen=True)
class Expect:
    """One ``expect`` key: ``read`` validates and normalises the file's value (raising
    ScenarioError); ``check`` compares it with the finished game (a problem or None)."""

    read: Callable[[_Reader, Any, str], Any]
    check: Callable[[Game, Any], str | None]


def _equal(key: str, actual: Callable[[Game], Any], order_free: bool = False
           ) -> Callable[[Game, Any], str | None]:
    def check(g: Game, want: Any) -> str | None:
        got = actual(g)
        if order_free:
            got, want = sorted(got), sorted(want)
        return None if got == want else f"expected {key} {want!r}, got {got!r}"

    return check


def _opt(read: Callable[[_Reader, Any, str], Any]) -> Callable[[_Reader, Any, str], Any]:
    return lambda r, v, w: None if v is None else read(r, v, w)


def _list(read: Callable[[_Reader, Any, str], Any], what: str
          ) -> Callable[[_Reader, Any, str], list[Any]]:
    return lambda r, v, w: [read(r, x, f"{w}[{i}]") for i, x in enumerate(r.items(v, w, what))]


def _choice_of(values: Callable[[], tuple[Any, ...]], what: str = ""
               ) -> Callable[[_Reader, Any, str], Any]:
    return lambda r, v, w: r.one_of(v, w, values(), what)


def _count(r: _Reader, v: Any, w: str) -> int:
    return r.count(v, w)


def _seat(r: _Reader, v: Any, w: str) -> int:
    return r.seat(v, w)


def _bool(r: _Reader, v: Any, w: str) -> bool:
    if not isinstance(v, bool):
        raise r.fail(w, f"expected true or false, got {_shown(v)}")
    return v


def _name(r: _Reader, v: Any, w: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise r.fail(w, f"expected a name, got {_shown(v)}")
    return v


def _event(r: _Reader, v: Any, w: str) -> str:
    if not isinstance(v, str) or v not in event_kinds():
        raise r.fail(w, f"expected an event kind such as fleet_jumped or crisis_failed "
                        f"(docs/scenarios.md lists them), got {_shown(v)}")
    return v


def _rule(r: _Reader, v: Any, w: str) -> str:
    from bsg_desktop.rules import rule_ids

    if not isinstance(v, str) or v not in rule_ids():
        raise r.fail(w, f"expected a rule id such as K8 or J4, got {_shown(v)}")
    return v


def _rules(r: _Reader, v: Any, w: str) -> list[str]:
    return _list(_rule, "rule ids")(r, [v] if isinstance(v, str) else v, w)


def _dice_counts(r: _Reader, v: Any, w: str) -> dict[str, int]:
    if not isinstance(v, dict):
        raise r.fail(w, f"expected a mapping of die states ({', '.join(DIE_STATES)}) "
                        f"to counts, got {_shown(v)}")
    for st, n in v.items():
        if st not in DIE_STATES:
            raise r.fail(f"{w}.{st}", f"unknown die state {_shown(st)}; expected one of "
                                      f"{', '.join(DIE_STATES)}")
        r.count(n, f"{w}.{st}")
    return dict(v)


def _seat_map(value: Callable[[_Reader, Any, str], Any]
              ) -> Callable[[_Reader, Any, str], dict[int, Any]]:
    return lambda r, v, w: r.seat_map(v, w, lambda x, wx: value(r, x, wx))


def _markers() -> tuple[str, ...]:
    return ("raider", "ship")


def _locations() -> tuple[str, ...]:
    return tuple(loc.id for loc in load_components().damage_locations)


def _characters() -> tuple[str, ...]:
    return tuple(ch.id for ch in load_components().characters)


def _seq_contains(haystack: list[str], needles: list[str]) -> str | None:
    it = iter(haystack)
    for n in needles:
        if not any(h == n for h in it):
            return n
    return None


def _check_events(g: Game, want: list[str]) -> str | None:
    kinds = [e.kind for e in g.events]
    missing = _seq_contains(kinds, want)
    if missing:
        return f"expected event {missing!r} (in order), events were: {', '.join(kinds[-12:])}"
    return None


def _check_no_events(g: Game, want: list[str]) -> str | None:
    kinds = {e.kind for e in g.events}
    for kind in want:
        if kind in kinds:
            return f"expected no {kind!r} event, but it happened"
    return None


def _check_rules(g: Game, want: list[str]) -> str | None:
    cited = {e.rule for e in g.events}
    for rule in want:
        if rule not in cited:
            return f"expected rule {rule} to be applied, but no event cites it"
    return None


def _check_dice(g: Game, want: dict[int, dict[str, int]]) -> str | None:
    for seat, states in want.items():
        counts = g.players[seat].counts()
        for st in DIE_STATES:
            if st in states and counts[st] != states[st]:
                return f"expected seat {seat} to have {states[st]} {st} dice, got {counts[st]}"
    return None


def _check_loyalty_count(g: Game, want: dict[int, int]) -> str | None:
    for seat, n in want.items():
        got = len(g.players[seat].loyalty)
        if got != n:
            return f"expected seat {seat} to hold {n} loyalty cards, got {got}"
    return None


def _pile(values: Callable[[], tuple[Any, ...]], what: str
          ) -> Callable[[_Reader, Any, str], dict[str, Any]]:
    """``{size: N, top: [first drawn, …]}``: either key may be left out."""
    def read(r: _Reader, v: Any, w: str) -> dict[str, Any]:
        if not isinstance(v, dict) or not v or any(k not in ("size", "top") for k in v):
            raise r.fail(w, f"expected {{size: N, top: [{what}, …]}}, got {_shown(v)}")
        out: dict[str, Any] = {}
        if "size" in v:
            out["size"] = r.count(v["size"], f"{w}.size")
        if "top" in v:
            out["top"] = _list(_choice_of(values), what)(r, v["top"], f"{w}.top")
        return out

    return read


def _check_pile(key: str, pile: Callable[[Game], list[str]]
                ) -> Callable[[Game, dict[str, Any]], str | None]:
    """A pile is drawn from its end (``pop()``): its top, first drawn first, is reversed."""
    def check(g: Game, want: dict[str, Any]) -> str | None:
        cards = pile(g)
        if "size" in want and len(cards) != want["size"]:
            return f"expected {key} to hold {want['size']}, got {len(cards)}"
        if "top" in want:
            top = list(reversed(cards))[: len(want["top"])]
            if top != want["top"]:
                return f"expected the top of {key} to be {want['top']!r}, got {top!r}"
        return None

    return check


def _loyalty_ids() -> tuple[str, ...]:
    return load_components().loyalty_ids


def _check_total(g: Game, want: int) -> str | None:
    """The check in progress, or else the last one finished (its check_result)."""
    if g.check is not None:
        got = g.check.total
    else:
        results = [e for e in g.events if e.kind == "check_result"]
        if not results:
            return "expected a skill check, but none was made"
        got = results[-1].get("total")
    return None if got == want else f"expected check_total {want}, got {got}"


def _total(r: _Reader, v: Any, w: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_COUNT:
        raise r.fail(w, f"expected a whole number (a check's total), got {_shown(v)}")
    return v


def _event_counts(r: _Reader, v: Any, w: str) -> dict[str, int]:
    if not isinstance(v, dict) or not v:
        raise r.fail(w, f"expected a mapping event kind -> count, got {_shown(v)}")
    return {_event(r, k, f"{w}.{k}"): r.count(n, f"{w}.{k}") for k, n in v.items()}


def _check_event_counts(g: Game, want: dict[str, int]) -> str | None:
    for kind, n in want.items():
        got = sum(1 for e in g.events if e.kind == kind)
        if got != n:
            return f"expected {n} {kind!r} event(s), got {got}"
    return None


def _event_match(r: _Reader, v: Any, w: str) -> dict[str, Any]:
    """An event to look for: its kind, an optional rule, data values it must hold.

    Two spellings: ``{event: order_issued, rule: A8, data: {kind: strong}}`` tests
    any data key, ``kind`` and ``rule`` included; the short ``{kind: dradis_placed,
    marker: raider}`` puts the data keys beside the kind, so it cannot test a data
    key named ``kind`` or ``rule``. Both become ``{kind, rule?, data, written}``.
    """
    if isinstance(v, dict) and "event" in v:
        extra = [k for k in v if k not in ("event", "rule", "data")]
        if extra:
            raise r.fail(f"{w}.{extra[0]}", "unknown key beside event; expected event, rule "
                         "and data (put the event's data keys under data)")
        data = v.get("data", {})
        if not isinstance(data, dict):
            raise r.fail(f"{w}.data", f"expected {{<data key>: <value>, …}}, got {_shown(data)}")
        out: dict[str, Any] = {"kind": _event(r, v["event"], f"{w}.event")}
        where = f"{w}.data"
    elif isinstance(v, dict) and "kind" in v:
        data = {k: x for k, x in v.items() if k not in ("kind", "rule")}
        out = {"kind": _event(r, v["kind"], f"{w}.kind")}
        where = w
    else:
        raise r.fail(w, "expected {event: <event kind>, data: {<data key>: <value>, …}} or "
                     f"{{kind: <event kind>, <data key>: <value>, …}}, got {_shown(v)}")
    if "rule" in v:
        out["rule"] = _rule(r, v["rule"], f"{w}.rule")
    for k, x in data.items():
        if not isinstance(k, str) or isinstance(x, dict):
            raise r.fail(f"{where}.{k}", f"expected a data key with a plain value, got {_shown(x)}")
    out["data"] = dict(data)
    out["written"] = dict(v)  # for the message when no event matches
    return out


def _matches(e: Any, want: dict[str, Any]) -> bool:
    if e.kind != want["kind"] or ("rule" in want and e.rule != want["rule"]):
        return False
    data = e.as_dict()
    return all(k in data and (list(data[k]) if isinstance(data[k], tuple) else data[k]) == x
               for k, x in want["data"].items())


def _check_event_data(g: Game, want: list[dict[str, Any]]) -> str | None:
    """Each wanted event happened, in the order listed (public and private alike)."""
    it = iter(g.events)
    for w in want:
        if not any(_matches(e, w) for e in it):
            seen = [e.as_dict() for e in g.events if e.kind == w["kind"]]
            return (f"expected an event {w['written']!r} (in order); {w['kind']} events had "
                    f"{seen!r}")
    return None


def _dice_by_kind(r: _Reader, v: Any, w: str) -> dict[str, dict[str, int]]:
    if not isinstance(v, dict) or any(k not in ("strong", "weak") for k in v):
        raise r.fail(w, f"expected {{strong: {{active: N, …}}, weak: {{…}}}}, got {_shown(v)}")
    return {k: _dice_counts(r, x, f"{w}.{k}") for k, x in v.items()}


def _check_dice_by_kind(g: Game, want: dict[int, dict[str, dict[str, int]]]) -> str | None:
    for seat, kinds in want.items():
        for kind, states in kinds.items():
            for st, n in states.items():
                got = sum(1 for d in g.players[seat].dice if d.kind == kind and d.state == st)
                if got != n:
                    return f"expected seat {seat} to have {n} {st} {kind} dice, got {got}"
    return None


def _choice_text(r: _Reader, v: Any, w: str) -> Choice:
    if not isinstance(v, str):
        raise r.fail(w, f"expected a choice text such as a5 or join, got {_shown(v)}")
    try:
        return Choice.parse(v)
    except UserError as e:
        raise r.fail(w, str(e)) from None


def _check_offered(offered: bool) -> Callable[[Game, list[Choice]], str | None]:
    def check(g: Game, want: list[Choice]) -> str | None:
        legal = g.legal_choices()
        for c in want:
            if (c in legal) != offered:
                shown = ", ".join(str(x) for x in legal) or "nothing (no decision is pending)"
                return (f"expected {c} {'' if offered else 'not '}to be offered; "
                        f"the options are: {shown}")
        return None

    return check


_SEATS = _list(_seat, "seat numbers")
_OUTCOME = ("humans", "cylons", None)
_CONDITIONS = ("jump", "raiders", "damage", "morale", None)

# key -> how its value is read and checked; checked in this order (the first problem
# is the one reported). docs/scenarios.md describes each.
EXPECT: dict[str, Expect] = {
    "dradis_monitor": Expect(_list(_choice_of(_markers), "markers"),
                             _equal("dradis_monitor", lambda g: g.dradis_monitor, True)),
    "raiders": Expect(_count, _equal("raiders", lambda g: g.raiders())),
    "ships": Expect(_count, _equal("ships", lambda g: g.ships())),
    "dradis_destroyed": Expect(_count, _equal("dradis_destroyed", lambda g: len(g.dradis_box))),
    "damage": Expect(_list(_choice_of(_locations), "damage locations"),
                     _equal("damage", lambda g: g.damage_placed, True)),
    "damage_count": Expect(_count, _equal("damage_count", lambda g: len(g.damage_placed))),
    "demoralized": Expect(_list(_choice_of(_characters), "character ids"),
                          _equal("demoralized", lambda g: g.demoralized_out, True)),
    "demoralized_count": Expect(_count, _equal("demoralized_count",
                                               lambda g: len(g.demoralized_out))),
    "jump_track": Expect(_count, _equal("jump_track", lambda g: g.jump_track)),
    "distance": Expect(_count, _equal("distance", lambda g: g.distance)),
    "jump_bonus": Expect(_bool, _equal("jump_bonus", lambda g: g.jump_bonus)),
    "admiral": Expect(_seat, _equal("admiral", lambda g: g.admiral)),
    "brig": Expect(_SEATS, _equal("brig", lambda g: [p.seat for p in g.players if p.in_brig],
                                  True)),
    "revealed": Expect(_SEATS, _equal("revealed", lambda g: [p.seat for p in g.players
                                                             if p.revealed], True)),
    "active": Expect(_seat, _equal("active", lambda g: g.active)),
    "turn": Expect(_count, _equal("turn", lambda g: g.turn)),
    "pending": Expect(_opt(_name), _equal("pending",
                                          lambda g: g.pending.kind if g.pending else None)),
    "pending_seat": Expect(_opt(_seat), _equal("pending_seat",
                                               lambda g: g.pending.seat if g.pending else None)),
    "winner": Expect(_choice_of(lambda: _OUTCOME),
                     _equal("winner", lambda g: g.outcome.winner if g.outcome else None)),
    "condition": Expect(_choice_of(lambda: _CONDITIONS),
                        _equal("condition", lambda g: g.outcome.condition if g.outcome else None)),
    "events": Expect(_list(_event, "event kinds"), _check_events),
    "no_events": Expect(_list(_event, "event kinds"), _check_no_events),
    "rules": Expect(_rules, _check_rules),
    "dice": Expect(_seat_map(_dice_counts), _check_dice),
    "loyalty_count": Expect(_seat_map(_count), _check_loyalty_count),
    "dradis_pile": Expect(_pile(_markers, "markers"), _check_pile("dradis_pile",
                                                                  lambda g: g.dradis_pile)),
    "dradis_drawn": Expect(_list(_choice_of(_markers), "markers"),
                           _equal("dradis_drawn", lambda g: g.dradis_drawn)),
    "damage_pile": Expect(_pile(_locations, "damage locations"),
                          _check_pile("damage_pile", lambda g: g.damage_pile)),
    "demoralized_pile": Expect(_pile(_characters, "character ids"),
                               _check_pile("demoralized_pile", lambda g: g.demoralized_pile)),
    "loyalty_deck": Expect(_pile(_loyalty_ids, "loyalty card ids"),
                           _check_pile("loyalty_deck", lambda g: g.loyalty_deck)),
    "loyalty_box": Expect(_list(_choice_of(_loyalty_ids), "loyalty card ids"),
                          _equal("loyalty_box", lambda g: g.loyalty_box, True)),
    "check_total": Expect(_total, _check_total),
    "event_count": Expect(_event_counts, _check_event_counts),
    "event_data": Expect(_list(_event_match, "events"), _check_event_data),
    "dice_by_kind": Expect(_seat_map(_dice_by_kind), _check_dice_by_kind),
    "offered": Expect(_list(_choice_text, "choice texts"), _check_offered(True)),
    "not_offered": Expect(_list(_choice_text, "choice texts"), _check_offered(False)),
}
EXPECT_KEYS = tuple(EXPECT)


def check_expectations(sc: Scenario, g: Game) -> str | None:
    """The first expectation the game does not meet, in words; None when all hold."""
    for key, spec in EXPECT.items():
        if key in sc.expect:
            problem = spec.check(g, sc.expect[key])
            if problem:
                return problem
    return None


# ------------------------------------------------------------------ loading
def load_scenario(path: str | Path) -> Scenario:
    source = read_text(path, ScenarioError, "a scenario file (YAML text)")
    return parse_scenario(source, str(Path(path)))


def parse_scenario(source: str, name: str = "<scenario>") -> Scenario:
    lines: dict[str, int] = {}
    try:
        raw = load_yaml(source, lines)
    except YamlProblem as e:
        raise ScenarioError(f"{name}:{e.line}: {e.message}") from None
    r = _Reader(name, lines)
    if not isinstance(raw, dict):
        raise r.fail("", "expected a mapping with players and steps")
    for key in raw:
        if key not in TOP_KEYS:
            raise r.fail(str(key), f"unknown key; expected one of {', '.join(TOP_KEYS)}")
    players = raw.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4, 5):
        raise r.fail("players", f"expected 3, 4 or 5, got {_shown(players)}")
    r.players = players
    chars = raw.get("characters", []) or []
    if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
        raise r.fail("characters", "expected a list of character ids")
    comp = load_components()
    _fits_tracks(r, raw.get("tracks"), comp)
    ids = [ch.id for ch in comp.characters]
    if chars and (len(chars) != players or len(set(chars)) != len(chars)
                  or any(c not in ids for c in chars)):
        raise r.fail("characters", f"expected {players} different ids from: {', '.join(ids)}")
    names = raw.get("names", []) or []
    if not isinstance(names, list) or not all(isinstance(c, str) for c in names) \
            or len(names) > players:
        raise r.fail("names", f"expected a list of at most {players} player names")
    if any(len(x) > NAME_CHARS for x in names):
        raise r.fail("names", f"expected names of at most {NAME_CHARS} characters each")
    seed = raw.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise r.fail("seed", f"expected a whole number, got {_shown(seed)}")
    variant = raw.get("variant")
    if variant not in (None, "morale") or not isinstance(variant, str | None):
        raise r.fail("variant", f"expected morale, got {_shown(variant)}")
    state = raw.get("state", {}) or {}
    if not isinstance(state, dict):
        raise r.fail("state", "expected a mapping of starting-state overrides")
    dice = raw.get("dice", {}) or {}
    if not isinstance(dice, dict) or any(k not in ("skill", "crisis") for k in dice):
        raise r.fail("dice", "expected a mapping with skill and/or crisis lists")
    skill = r.items(dice.get("skill", []) or [], "dice.skill", "skill die values")
    for i, v in enumerate(skill):
        if isinstance(v, bool) or not isinstance(v, int) or v not in (-2, -1, 1, 2, 3, 4):
            raise r.fail(f"dice.skill[{i}]", "expected a skill die value (-2, -1, 1, 2, 3, 4), "
                                             f"got {_shown(v)}")
    crisis = r.items(dice.get("crisis", []) or [], "dice.crisis", "crisis faces")
    for i, v in enumerate(crisis):
        if isinstance(v, str):
            try:
                CrisisFace.from_code(v)
            except ValueError as e:
                raise r.fail(f"dice.crisis[{i}]", str(e)) from None
        elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 5:
            raise r.fail(f"dice.crisis[{i}]", "expected a face code such as dradis/4/2/jump "
                         f"or a face number from 0 to 5, got {_shown(v)}")
    rules = raw.get("rules", []) or []
    if isinstance(rules, str):
        rules = [rules]
    if not isinstance(rules, list) or not all(isinstance(x, str) for x in rules):
        raise r.fail("rules", "expected a list of rule ids")
    steps = []
    for i, s in enumerate(r.items(raw.get("steps", []) or [], "steps", "choices")):
        where = f"steps[{i}]"
        say = None
        if isinstance(s, dict):
            if "choice" not in s or any(k not in ("choice", "say") for k in s):
                raise r.fail(where, "expected a choice text, or {choice: ..., say: ...}")
            if "say" in s:
                say = r.text(s["say"], f"{where}.say")
            s = s["choice"]
        if not isinstance(s, str):
            raise r.fail(where, "expected a choice text such as pass or contribute:3,5, "
                                f"got {_shown(s)}")
        try:
            choice = Choice.parse(s)
        except UserError as e:
            raise r.fail(where, str(e)) from None
        steps.append(Step(choice, say, lines.get(where, 0)))
    expect_raw = raw.get("expect", {}) or {}
    if not isinstance(expect_raw, dict):
        raise r.fail("expect", "expected a mapping of expectations")
    expect: dict[str, Any] = {}
    for key, value in expect_raw.items():
        spec = EXPECT.get(key) if isinstance(key, str) else None
        if spec is None:
            raise r.fail(f"expect.{key}", "unknown expectation; expected one of "
                                          f"{', '.join(EXPECT)}")
        expect[key] = spec.read(r, value, f"expect.{key}")
    return Scenario(
        path=name,
        title=r.text(raw["title"], "title") if "title" in raw else None,
        intro=r.text(raw["intro"], "intro") if "intro" in raw else None,
        rules=tuple(rules),
        setup=Setup(players=players, characters=tuple(chars),
                    morale_variant=variant == "morale", names=tuple(names)),
        seed=seed, state=state, skill=tuple(skill), crisis=tuple(crisis),
        steps=tuple(steps), expect=expect, lines=lines,
    )


def _fits_tracks(r: _Reader, tracks: Any, comp: Components) -> None:
    """A demo whose story needs the tracks' lengths (a jump from distance 6, a fourth
    jump step) says which it was built for under ``tracks:``; on cards whose tracks
    differ it is refused with one line, rather than played to a wrong ending."""
    if tracks is None:
        return
    if not isinstance(tracks, dict) or not tracks or any(k not in TRACK_KEYS for k in tracks) \
            or any(isinstance(v, bool) or not isinstance(v, int) for v in tracks.values()):
        raise r.fail("tracks", "expected a mapping of whole numbers with some of "
                               + ", ".join(TRACK_KEYS))
    have = {k: getattr(comp, k) for k in tracks}
    if have != tracks:
        def said(values: dict[str, Any]) -> str:
            return ", ".join(f"{k} {v}" for k, v in values.items())
        raise r.fail("tracks", f"built for a board with {said(tracks)}; the cards in play "
                               f"({comp.source}) have {said(have)}")


def run_file(path: str | Path) -> tuple[str, str]:
    """('PASS'|'FAIL'|'ERROR', detail) for one scenario file."""
    try:
        sc = load_scenario(path)
        g = sc.play()
    except ScenarioError as e:
        msg = str(e)
        return ("FAIL", msg) if ": step " in msg else ("ERROR", msg)
    problem = check_expectations(sc, g)
    return ("FAIL", problem) if problem else ("PASS", "")


# -------------------------------------------------------------------- CLI
def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario files (.yaml)")


def run(args: argparse.Namespace) -> int:
    worst = 0
    for f in args.files:
        status, detail = run_file(f)
        print(f"{status} {f}" + (f": {detail}" if detail and status == "FAIL" else ""))
        if status == "ERROR":
            print(f"  {detail}")
        worst = max(worst, {"PASS": 0, "FAIL": 1, "ERROR": 2}[status])
    return worst
