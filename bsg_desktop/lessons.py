"""Make a lesson (a scenario file) from a position of a real game, and write it.

A scenario can start only at a turn's beginning (``state.step``), so a lesson
starts at the latest position at or before the one asked for where the player
whose turn it is chooses their action. Everything on the table there becomes a
``state`` override (every pile in full order, every hand, every die), the dice
rolled in the steps that follow become the scripted ``dice``, the choices become
the ``steps`` (without ``say``: the lesson reads the log's words until the teacher
writes narration in the editor), and ``expect``
states the position the steps end in, so ``bsg-express scenario`` checks that the
file really replays the game.

Reshuffles during the lesson (A2–A4, K8) draw on the lesson's own random
generator, so the seed is chosen among a few small ones for the piles to come
out as in the game; if none does, the lesson stops before the first step that
plays out differently, and says so. The game's own seed is never written.

`dump_lesson` writes any scenario mapping in the one layout the narration editor
saves too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bsg_desktop.engine import Game, replay
from bsg_desktop.engine.actions import ActionStep
from bsg_desktop.engine.core import CONTRIBUTED
from bsg_desktop.engine.turn import Turn
from bsg_desktop.engine.undo import UNDO, as_played
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, tr
from bsg_desktop.inputs import load_yaml, read_text
from bsg_desktop.log import describer_for
from bsg_desktop.scenario import TOP_KEYS, TRACK_KEYS, ScenarioError, parse_scenario

SEEDS = range(64)  # lesson seeds tried for reshuffles to match the game


class LessonError(UserError):
    """A lesson that cannot be made from this game (no position to start from)."""


@dataclass(frozen=True)
class MadeLesson:
    text: str  # the scenario file
    start: int  # the game position the lesson starts at
    steps: int  # how many of the game's choices it plays
    asked: int  # how many were asked for
    turn: int  # the game turn it starts in
    cut: str  # why it stops early: a translation key ("" when it plays every step asked)


def _without_undo(game: Game) -> tuple[Game, list[int]]:
    """The game as if nothing had been taken back (a lesson shows what was played), and
    where each of the game's positions falls in it."""
    kept, where = as_played(game.choices)
    skill, crisis = game.script
    clean = replay(game.setup, game.seed, kept, overrides=game.overrides,
                   script_skill=skill, script_crisis=crisis)
    return clean, where


def _replay(game: Game) -> list[Game]:
    """Every position of the game (copies), from its recipe."""
    from bsg_desktop.review import scenario_of

    g = scenario_of(game).start()
    g.turn_limit = None
    out = [g.copy()]
    for c in game.choices:
        g.apply(c)
        out.append(g.copy())
    return out


def startable(g: Game) -> bool:
    """A turn's own action is asked and nothing else is in progress: the position a
    scenario's ``state`` (with ``step: action``) rebuilds."""
    st = g.stack
    return (g.outcome is None and g.pending is not None and g.pending.kind == "action"
            and len(st) == 2 and isinstance(st[0], Turn) and st[0].stage == 2
            and isinstance(st[1], ActionStep) and not st[1].ordered and g.check is None
            and not g.dradis_drawn)


def state_of(g: Game) -> dict[str, Any]:
    """The ``state`` block that rebuilds a startable position."""
    dice: dict[int, Any] = {}
    for p in g.players:
        assert not any(d.state == CONTRIBUTED for d in p.dice)
        # each die's state in id order: the steps name dice by id
        dice[p.seat] = {kind: [d.state for d in p.dice if d.kind == kind]
                        for kind in ("strong", "weak")}
    return {
        "loyalty": {p.seat: list(p.loyalty) for p in g.players},
        "loyalty_deck": list(reversed(g.loyalty_deck)),
        "loyalty_dealt": g.loyalty_dealt,
        "dradis_monitor": list(g.dradis_monitor),
        "dradis_pile": list(reversed(g.dradis_pile)),
        "dradis_destroyed": len(g.dradis_box),
        "damage": list(g.damage_placed),
        "damage_pile": list(reversed(g.damage_pile)),
        "demoralized": list(g.demoralized_out),
        "demoralized_pile": list(reversed(g.demoralized_pile)),
        "jump_track": g.jump_track,
        "distance": g.distance,
        "jump_bonus": g.jump_bonus,
        "brig": [p.seat for p in g.players if p.in_brig],
        "revealed": [p.seat for p in g.players if p.revealed],
        "dice": dice,
        "admiral": g.admiral,
        "active": g.active,
        "step": "action",
        "turn": g.turn,  # the log counts on from the game's turn, as the title says
    }


def board(g: Game) -> tuple[Any, ...]:
    """What the lesson must show as the game did at each step."""
    return (g.active, tuple(g.dradis_monitor), len(g.dradis_pile), len(g.dradis_box),
            tuple(g.damage_placed), tuple(g.demoralized_out), g.jump_track, g.distance,
            g.jump_bonus, g.admiral, g.turn,
            tuple((tuple(p.loyalty), p.in_brig, p.revealed,
                   tuple((d.state, d.value) for d in p.dice)) for p in g.players),
            g.crisis.code() if g.crisis is not None else None,
            (tuple(g.check.entries), g.check.total) if g.check is not None else None,
            (g.pending.seat, g.pending.kind) if g.pending is not None else None, g.outcome)


def expect_of(g: Game) -> dict[str, Any]:
    """The end position as ``expect`` keys (docs/scenarios.md), so a run checks it."""
    out: dict[str, Any] = {
        "distance": g.distance, "jump_track": g.jump_track,
        "dradis_monitor": sorted(g.dradis_monitor), "damage": sorted(g.damage_placed),
        "demoralized": sorted(g.demoralized_out),
        "brig": [p.seat for p in g.players if p.in_brig],
        "revealed": [p.seat for p in g.players if p.revealed],
        "admiral": g.admiral, "active": g.active,
        "pending": g.pending.kind if g.pending else None,
        "pending_seat": g.pending.seat if g.pending else None,
    }
    if g.outcome is not None:
        out["winner"] = g.outcome.winner
        out["condition"] = g.outcome.condition
    return out


def _script(events: list[Any]) -> tuple[list[int], list[str]]:
    """The skill values and crisis faces rolled in these events, in rolling order."""
    skill: list[int] = []
    crisis: list[str] = []
    for e in events:
        data = dict(e.data)
        if e.kind == "roll_result":
            skill += [v for _, _, v in data["values"]]
        elif e.kind == "jump_roll_result":
            skill += [data["strong"], data["weak"]]
        elif e.kind == "crisis_roll_result":
            crisis += list(data["faces"])
    return skill, crisis


def make_lesson(game: Game, at: int, steps: int, secrets_public: bool = False) -> MadeLesson:
    """A lesson starting at position ``at`` (or the startable position before it) and
    playing ``steps`` of the game's choices from ``at`` (fewer at the game's end).

    The file holds every seat's loyalty and every pile in draw order, so, like a
    `Review`, it is made only from a game that is over; ``secrets_public`` is for a
    game played on from a lesson file, whose secrets that file already holds."""
    if game.outcome is None and not secrets_public:
        raise LessonError("the game is not over: a lesson made now would show its secrets")
    at = max(0, min(at, len(game.choices)))
    if UNDO in game.choices:
        game, where = _without_undo(game)
        at = where[at]
    snaps = _replay(game)
    start = next((k for k in range(at, -1, -1) if startable(snaps[k])), None)
    if start is None:
        raise LessonError("no turn has begun before this position")
    end = min(len(game.choices), at + max(1, steps))
    asked = end - start
    g0 = snaps[start]
    d = describer_for(g0)
    fields = {"turn": g0.turn, "player": "", "players": g0.n, "distance": g0.distance,
              "jump": g0.jump_track}

    def both(key: str) -> dict[str, str]:
        return {lang: tr(key, lang, **{**fields, "player": d.player(g0.active, lang)})
                for lang in LANGUAGES}

    doc: dict[str, Any] = {
        "title": both("lesson.made.title"),
        "intro": both("lesson.made.intro"),
        "rules": [],
        "players": g0.n,
        "characters": [p.character for p in g0.players],
    }
    if any(p.name for p in g0.players):
        doc["names"] = [p.name for p in g0.players]
    doc["seed"] = 0
    if game.setup.morale_variant:
        doc["variant"] = "morale"
    # the board it was played on: a lesson from a long game is refused on a short board
    doc["tracks"] = {k: getattr(g0.c, k) for k in TRACK_KEYS}
    doc["state"] = state_of(g0)
    skill, crisis = _script(snaps[end].events[len(g0.events):])
    doc["dice"] = {"skill": skill, "crisis": crisis}
    rules: list[str] = []
    step_docs = []
    for k in range(start, end):
        new = [e for e in snaps[k + 1].events[len(snaps[k].events):] if e.to is None]
        for e in new:
            if e.rule not in rules and e.rule not in ("T1", "D3", "D5", "D10"):
                rules.append(e.rule)
        # no say: the lesson reads the log's words until the teacher writes their own
        step_docs.append({"choice": str(game.choices[k])})
    doc["rules"] = rules[:8]
    doc["steps"] = step_docs
    targets = [board(snaps[k]) for k in range(start, end + 1)]
    best_seed, best, why = 0, -1, ""
    for seed in SEEDS:
        doc["seed"] = seed
        matched, reason = _matches(doc, targets)
        if matched > best:
            best_seed, best, why = seed, matched, reason
        if matched == asked:
            break
    doc["seed"] = best_seed
    if best < 0:
        raise LessonError("the lesson's starting position cannot be rebuilt")
    doc["steps"] = step_docs[:best]
    doc["dice"] = {"skill": skill, "crisis": crisis}
    if best < asked:
        # only the dice the kept steps roll: a script left over would roll for a Take over
        kept_skill, kept_crisis = _script(snaps[start + best].events[len(g0.events):])
        doc["dice"] = {"skill": kept_skill, "crisis": kept_crisis}
    doc["expect"] = expect_of(snaps[start + best])
    if not doc["dice"]["skill"] and not doc["dice"]["crisis"]:
        del doc["dice"]
    cut = "" if best == asked else why
    return MadeLesson(dump_lesson(doc, header=_HEADER), start, best, asked, g0.turn, cut)


def _matches(doc: dict[str, Any], targets: list[tuple[Any, ...]]) -> tuple[int, str]:
    """How many steps the written file plays exactly as the game did (-1: not even its
    start), and why it parts from the game after them."""
    try:
        sc = parse_scenario(dump_lesson(doc), "<lesson>")
        g = sc.start()
    except ScenarioError:
        return -1, "lesson.made.cut_illegal"
    if board(g) != targets[0]:
        return -1, "lesson.made.cut_diverged"
    for i, step in enumerate(sc.steps):
        try:
            g.apply(step.choice)
        except UserError:
            return i, "lesson.made.cut_illegal"
        if board(g) != targets[i + 1]:
            return i, "lesson.made.cut_diverged"
    return len(sc.steps), ""


# ---------------------------------------------------------------- writing
_HEADER = ("# A lesson made from a game with Save as lesson. Rewrite the say texts for\n"
           "# your class (or use the narration editor); check it: bsg-express scenario FILE\n")


def _scalar(v: Any) -> str:
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a YAML double-quoted one
    return _flow(v)


def _flow(v: Any) -> str:
    text = yaml.safe_dump(v, default_flow_style=True, allow_unicode=True, width=1 << 20,
                          sort_keys=False)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _text_block(key: str, v: Any, indent: str) -> list[str]:
    if isinstance(v, dict):
        return [f"{indent}{key}:"] + [f"{indent}  {k}: {_scalar(t)}" for k, t in v.items()]
    return [f"{indent}{key}: {_scalar(v)}"]


def dump_lesson(doc: dict[str, Any], header: str = "") -> str:
    """A scenario mapping as YAML in one readable layout: texts quoted, each override,
    expectation and step on its own lines, lists inline."""
    out: list[str] = [header.rstrip("\n")] if header else []
    for key in TOP_KEYS:
        if key not in doc:
            continue
        v = doc[key]
        if key in ("title", "intro"):
            out += _text_block(key, v, "")
        elif key == "steps":
            out.append("steps:")
            for s in v or []:
                if isinstance(s, dict):
                    out.append(f"  - choice: {_scalar(s.get('choice'))}")
                    if "say" in s:
                        out += _text_block("say", s["say"], "    ")
                else:
                    out.append(f"  - {_scalar(s)}")
        elif isinstance(v, dict) and v:
            out.append(f"{key}:")
            out += [f"  {k}: {_flow(x)}" for k, x in v.items()]
        else:
            out.append(f"{key}: {_scalar(v)}")
    return "\n".join(out) + "\n"


def read_lesson(path: str | Path) -> dict[str, Any]:
    """A scenario file as its mapping, checked first by the scenario loader (so a file
    that loads here is one the Learn menu and ``bsg-express scenario`` accept)."""
    source = read_text(path, ScenarioError, "a scenario file (YAML text)")
    parse_scenario(source, str(path))
    doc = load_yaml(source)
    return doc if isinstance(doc, dict) else {}


def line_of(text: str, key: str) -> int:
    """The line of a top-level key in written text (for an error about its value)."""
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith(f"{key}:"):
            return i
    return 1


def reason_words(key: str, lang: str | None = None) -> str:
    return tr(key, lang) if key else ""

