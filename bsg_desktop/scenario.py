"""Scenario files: a starting position, scripted dice, choices, and expectations.

One format serves three users: the test suite (``bsg-express scenario FILE…``
checks each file's expectations), the teacher (Learn menu demos step through the
choices with narration), and anyone reporting a rules question. A file with an
error is reported with its file, line and what was expected, never a traceback.
The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bsg_desktop.data import CrisisFace, Text, load_components
from bsg_desktop.engine import Choice, Game, IllegalChoiceError, Setup, new_game
from bsg_desktop.engine.core import ACTIVE, CONTRIBUTED, REMOVED, SPENT
from bsg_desktop.engine.game import ScriptError
from bsg_desktop.engine.setup import SetupError
from bsg_desktop.errors import UserError, read_user_text

TOP_KEYS = ("title", "intro", "rules", "players", "characters", "names", "seed", "variant",
            "state", "dice", "steps", "expect")
EXPECT_KEYS = ("dradis_monitor", "raiders", "ships", "dradis_destroyed", "damage",
               "damage_count", "demoralized", "demoralized_count", "jump_track", "distance",
               "jump_bonus", "admiral", "brig", "revealed", "active", "pending", "pending_seat",
               "winner", "condition", "events", "no_events", "rules", "dice", "loyalty_count",
               "turn")


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
            except (IllegalChoiceError, ScriptError) as e:
                raise ScenarioError(f"{self.path}:{step.line}: step {i + 1} ({step.choice}): "
                                    f"{e}") from None
        return g


# ------------------------------------------------------------------ loading
def _plain(node: yaml.Node, path: str, lines: dict[str, int]) -> Any:
    """Turn a composed YAML node into Python values, remembering each path's line."""
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for k, v in node.value:
            key = _plain(k, path, {})
            sub = f"{path}.{key}" if path else str(key)
            out[key] = _plain(v, sub, lines)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_plain(v, f"{path}[{i}]", lines) for i, v in enumerate(node.value)]
    return yaml.safe_load(yaml.serialize(node))


class _Reader:
    def __init__(self, path: str, lines: dict[str, int]) -> None:
        self.path = path
        self.lines = lines

    def fail(self, where: str, expected: str) -> ScenarioError:
        line = self.lines.get(where)
        while line is None and where:
            where_parent = where.rsplit(".", 1)[0] if "." in where else ""
            where_parent = where_parent.rsplit("[", 1)[0] if where_parent.endswith("]") else \
                where_parent
            if where_parent == where:
                break
            where = where_parent
            line = self.lines.get(where)
        return ScenarioError(f"{self.path}:{line or 1}: {where or 'file'}: {expected}")

    def text(self, v: Any, where: str) -> Text:
        if isinstance(v, str):
            return Text(v, v)
        if isinstance(v, dict) and isinstance(v.get("en"), str):
            return Text(v["en"], v["hu"] if isinstance(v.get("hu"), str) else v["en"])
        raise self.fail(where, "expected a text or {en: ..., hu: ...}")


def load_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_user_text(path, ScenarioError), str(Path(path)))


def parse_scenario(source: str, name: str = "<scenario>") -> Scenario:
    lines: dict[str, int] = {}
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise ScenarioError(f"{name}:{line}: YAML error: "
                            f"{getattr(e, 'problem', None) or 'invalid YAML'}") from None
    if node is None:
        raise ScenarioError(f"{name}:1: file: expected a mapping with players and steps")
    try:
        raw = _plain(node, "", lines)
    except yaml.YAMLError as e:
        raise ScenarioError(f"{name}:1: YAML error: {e}") from None
    r = _Reader(name, lines)
    if not isinstance(raw, dict):
        raise r.fail("", "expected a mapping with players and steps")
    for key in raw:
        if key not in TOP_KEYS:
            raise r.fail(str(key), f"unknown key; expected one of {', '.join(TOP_KEYS)}")
    players = raw.get("players", 4)
    if players not in (3, 4, 5) or isinstance(players, bool):
        raise r.fail("players", f"expected 3, 4 or 5, got {players!r}")
    chars = raw.get("characters", [])
    if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
        raise r.fail("characters", "expected a list of character ids")
    ids = [ch.id for ch in load_components().characters]
    if chars and (len(chars) != players or len(set(chars)) != len(chars)
                  or any(c not in ids for c in chars)):
        raise r.fail("characters", f"expected {players} different ids from: {', '.join(ids)}")
    names = raw.get("names", [])
    if not isinstance(names, list) or not all(isinstance(c, str) for c in names):
        raise r.fail("names", "expected a list of player names")
    seed = raw.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise r.fail("seed", f"expected a whole number, got {seed!r}")
    variant = raw.get("variant")
    if variant not in (None, "morale"):
        raise r.fail("variant", f"expected morale, got {variant!r}")
    state = raw.get("state", {}) or {}
    if not isinstance(state, dict):
        raise r.fail("state", "expected a mapping of starting-state overrides")
    dice = raw.get("dice", {}) or {}
    if not isinstance(dice, dict) or any(k not in ("skill", "crisis") for k in dice):
        raise r.fail("dice", "expected a mapping with skill and/or crisis lists")
    skill = dice.get("skill", []) or []
    crisis = dice.get("crisis", []) or []
    if not isinstance(skill, list) or not all(isinstance(v, int) and v in
                                              (-2, -1, 1, 2, 3, 4) for v in skill):
        raise r.fail("dice.skill", "expected a list of skill die values (-2, -1, 1, 2, 3, 4)")
    if not isinstance(crisis, list):
        raise r.fail("dice.crisis", "expected a list of crisis faces")
    for i, v in enumerate(crisis):
        if isinstance(v, str):
            try:
                CrisisFace.from_code(v)
            except ValueError as e:
                raise r.fail(f"dice.crisis[{i}]", str(e)) from None
        elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 5:
            raise r.fail(f"dice.crisis[{i}]", "expected a face code such as dradis/4/2/jump "
                         f"or a face number from 0 to 5, got {v!r}")
    rules = raw.get("rules", []) or []
    if isinstance(rules, str):
        rules = [rules]
    if not isinstance(rules, list) or not all(isinstance(x, str) for x in rules):
        raise r.fail("rules", "expected a list of rule ids")
    steps_raw = raw.get("steps", []) or []
    if not isinstance(steps_raw, list):
        raise r.fail("steps", "expected a list of choices")
    steps = []
    for i, s in enumerate(steps_raw):
        where = f"steps[{i}]"
        say = None
        if isinstance(s, dict):
            if "choice" not in s or any(k not in ("choice", "say") for k in s):
                raise r.fail(where, "expected a choice text, or {choice: ..., say: ...}")
            if "say" in s:
                say = r.text(s["say"], f"{where}.say")
            s = s["choice"]
        if not isinstance(s, str):
            raise r.fail(where, f"expected a choice text such as pass or contribute:3,5, got {s!r}")
        try:
            choice = Choice.parse(s)
        except UserError as e:
            raise r.fail(where, str(e)) from None
        steps.append(Step(choice, say, lines.get(where, 0)))
    expect = raw.get("expect", {}) or {}
    if not isinstance(expect, dict):
        raise r.fail("expect", "expected a mapping of expectations")
    for key in expect:
        if key not in EXPECT_KEYS:
            raise r.fail(f"expect.{key}", f"unknown expectation; expected one of "
                         f"{', '.join(EXPECT_KEYS)}")
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


# ------------------------------------------------------------- expectations
def _seq_contains(haystack: list[str], needles: list[str]) -> str | None:
    it = iter(haystack)
    for n in needles:
        if not any(h == n for h in it):
            return n
    return None


def check_expectations(sc: Scenario, g: Game) -> str | None:
    """The first expectation the game does not meet, in words; None when all hold."""
    ex = sc.expect
    kinds = [e.kind for e in g.events]

    def same(key: str, actual: Any, expected: Any) -> str | None:
        if actual != expected:
            return f"expected {key} {expected!r}, got {actual!r}"
        return None

    checks: list[tuple[str, Any]] = [
        ("dradis_monitor", lambda: sorted(g.dradis_monitor)),
        ("raiders", g.raiders), ("ships", g.ships),
        ("dradis_destroyed", lambda: len(g.dradis_box)),
        ("damage", lambda: sorted(g.damage_placed)),
        ("damage_count", lambda: len(g.damage_placed)),
        ("demoralized", lambda: sorted(g.demoralized_out)),
        ("demoralized_count", lambda: len(g.demoralized_out)),
        ("jump_track", lambda: g.jump_track), ("distance", lambda: g.distance),
        ("jump_bonus", lambda: g.jump_bonus), ("admiral", lambda: g.admiral),
        ("brig", lambda: [p.seat for p in g.players if p.in_brig]),
        ("revealed", lambda: [p.seat for p in g.players if p.revealed]),
        ("active", lambda: g.active), ("turn", lambda: g.turn),
        ("pending", lambda: g.pending.kind if g.pending else None),
        ("pending_seat", lambda: g.pending.seat if g.pending else None),
        ("winner", lambda: g.outcome.winner if g.outcome else None),
        ("condition", lambda: g.outcome.condition if g.outcome else None),
    ]
    for key, get in checks:
        if key in ex:
            want = ex[key]
            if key in ("dradis_monitor", "damage", "demoralized") and isinstance(want, list):
                want = sorted(want)
            if key in ("brig", "revealed") and isinstance(want, list):
                want = sorted(want)
            problem = same(key, get(), want)
            if problem:
                return problem
    if "events" in ex:
        missing = _seq_contains(kinds, list(ex["events"]))
        if missing:
            return f"expected event {missing!r} (in order), events were: {', '.join(kinds[-12:])}"
    for kind in ex.get("no_events", []) or []:
        if kind in kinds:
            return f"expected no {kind!r} event, but it happened"
    for rule in ex.get("rules", []) or []:
        if rule not in {e.rule for e in g.events}:
            return f"expected rule {rule} to be applied, but no event cites it"
    for seat, want in (ex.get("dice") or {}).items():
        counts = g.players[int(seat)].counts()
        for st in (ACTIVE, CONTRIBUTED, SPENT, REMOVED):
            if st in want and counts[st] != want[st]:
                return f"expected seat {seat} to have {want[st]} {st} dice, got {counts[st]}"
    for seat, want in (ex.get("loyalty_count") or {}).items():
        got = len(g.players[int(seat)].loyalty)
        if got != want:
            return f"expected seat {seat} to hold {want} loyalty cards, got {got}"
    return None


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
