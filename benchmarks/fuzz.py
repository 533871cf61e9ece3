"""Input fuzzing: every file and flag gets a clear answer, in bounded time and memory.

A seeded mutation corpus over the program's doors for user input: saves, the
window's autosave, scenario files, cards.yaml, command-line flags, the window's
settings file (Qt's own value encodings, such as a @Variant claiming 2^31 items),
nested values in every starting-position override (saves and scenarios), saves full
of undos (up to 49,000 steps each taken back) and output paths that are folders or
roots, pipes, devices, or names too long. Each case
starts from a valid input and breaks it one way or several: truncation, byte
flips and junk, type swaps, deep nesting, huge numbers, YAML anchors/aliases and
duplicate keys, and special files (a FIFO, /dev/zero, a folder, a sparse 50 MB file).

The kinds behind issue #46's bad input: ``variant`` (a ``base: shipped`` cards file whose
sections are of any shape, such as ``characters: true``), ``ids`` (ids, keys and file
names holding a line break or a control character: every error must stay one line),
``full`` (a full disk halfway through ``--report`` or ``--screenshot``: the older files
must stay byte for byte), and three that start a process of their own: ``environ`` (a
terminal in ASCII, Latin-1 or cp1252, HOME pointing at a file, stdout on /dev/full),
``display`` (a DISPLAY with no X server, a platform Qt lacks, a bogus WAYLAND_DISPLAY:
one line, exit 2, never Qt's abort) and ``size`` (``--screenshot`` of every size; the
process must stay under 500 MB, shown as "own MB").

A case passes when the program answers with success or its user-error type (for
the command line: exit 0, 1 or 2 with no "internal error"). A crash is any other
exception; a hang is a case over ``--seconds`` (5); the peak is the most memory
Python allocated for one case (tracemalloc), to be held under ``--megabytes`` (200).

    python3 benchmarks/fuzz.py --cases 20000 --seed 1

prints the cases tried, crashes, hangs and the peak per kind, the cases run and the
defects found, and every crash in full. tests/test_fuzz.py runs a few hundred of the same
cases in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# run as a script from a checkout: the project root, not this folder, comes first on the path
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import yaml  # noqa: E402

from bsg_desktop.errors import UserError  # noqa: E402
from bsg_desktop.inputs import YamlProblem, load_yaml  # noqa: E402

KINDS = ("save", "autosave", "scenario", "cards", "cli", "settings", "overrides", "undo",
         "output", "variant", "ids", "full", "environ", "display", "size")
# kinds run in a process of their own (the environment, the display, the child's memory):
# seconds each may take before it counts as a hang, and their share of --cases
SLOW_KINDS = {"environ": (60.0, 0.004), "display": (60.0, 0.002), "size": (150.0, 0.0006),
              "full": (90.0, 0.004), "ids": (30.0, 0.006)}

# Values a hand-edited or damaged file might hold where something else was expected.
NASTY: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 4, 5, 6, 7, 99, 10 ** 9, -(10 ** 9), 10 ** 20,
    1.5, 4.0, 1e308, float("nan"), float("inf"), "", " ", "²", "x" * 5000, "a1:²",
    "contribute:", "not_cylon_1", "cylon_one", "boomer", "raider", "ship", "active",
    "activ", "strong", "weak", "morale", "humans", "2020-01-01", [], [[]], [{}], {},
    {"a": 1}, {"0": 5}, {"9": 1}, [1] * 300, ["skip"] * 50, [[[[[]]]]],
]


# ----------------------------------------------------------------- the corpus
def _played_save() -> str:
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.engine.save import to_json

    g = new_game(Setup(players=4), 5)
    rng = random.Random(5)
    for _ in range(40):
        if g.outcome is not None:
            break
        g.apply(g.pending.options[rng.randrange(len(g.pending.options))])
    data = to_json(g)
    data["overrides"] = {"distance": 1, "dradis_monitor": ["raider", "raider"],
                         "dice": {"1": {"strong": {"active": 2}}}}
    data["choices"] = []  # replayable from the overrides' position for sure
    g2 = new_game(Setup(players=4), 5, overrides=data["overrides"])
    for _ in range(30):
        if g2.outcome is not None:
            break
        g2.apply(g2.pending.options[rng.randrange(len(g2.pending.options))])
    data["choices"] = [str(c) for c in g2.choices]
    return json.dumps(data, indent=1)


def _undo_base() -> tuple[dict[str, Any], list[str]]:
    """A save whose last position may take a step back (the first turn's retrieve), and
    the choices legal there: the start of every undo-heavy save."""
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.engine.save import to_json

    g = new_game(Setup(players=4), 1)
    g.keep_undo = True
    for _ in range(200):
        if "retrieve:strong" in {str(c) for c in g.legal_choices()}:
            break
        g.apply(g.legal_choices()[0])
    return to_json(g), [str(c) for c in g.legal_choices()]


@dataclass
class Corpus:
    saves: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    cards: str = ""
    undo_base: dict[str, Any] = field(default_factory=dict)
    undo_steps: list[str] = field(default_factory=list)
    variant: str = ""  # a base: shipped file adding a character (docs/examples)
    finished_save: str = ""  # a whole game, for the commands that print its log


def corpus() -> Corpus:
    c = Corpus()
    c.saves = [_played_save()]
    c.undo_base, c.undo_steps = _undo_base()
    demos = sorted((ROOT / "scenarios" / "demos").glob("*.yaml"))
    c.scenarios = [p.read_text(encoding="utf-8") for p in demos]
    c.cards = (ROOT / "cards.yaml").read_text(encoding="utf-8")
    c.variant = (ROOT / "docs" / "examples" / "saul_tigh.yaml").read_text(encoding="utf-8")
    c.finished_save = _finished_save()
    return c


def _finished_save() -> str:
    from bsg_desktop.engine import Setup, new_game
    from bsg_desktop.engine.save import to_json

    g = new_game(Setup(players=4), 5)
    while g.outcome is None:
        g.apply(g.pending.options[0])
    return json.dumps(to_json(g))


# --------------------------------------------------------------- mutations
def _paths(tree: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _paths(v, (*here, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _paths(v, (*here, i))


def _replace(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = tree
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return tree


def _nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


def mutate_tree(tree: Any, rng: random.Random) -> Any:
    """A structural change: a type swap, a deep nest, a deleted or unknown key."""
    paths = list(_paths(tree))
    path = rng.choice(paths)
    node = tree
    for step in path:
        node = node[step]
    r = rng.random()
    if r < 0.55:
        value = rng.choice(NASTY)
        value = json.loads(json.dumps(value)) if not isinstance(value, float) else value
        return _replace(tree, path, value)
    if r < 0.65:
        return _replace(tree, path, _nest(node, rng.choice((30, 45, 200))))
    if r < 0.80 and isinstance(node, dict) and node:
        del node[rng.choice(list(node))]
        return tree
    if r < 0.90 and isinstance(node, dict):
        node[rng.choice(["actve", "colour", "0", "expect", "players", "9"])] = \
            rng.choice(NASTY[:20])
        return tree
    if isinstance(node, list) and node:
        node.append(node[0])  # one more of the same: counts, duplicates
        return tree
    return _replace(tree, path, rng.choice(NASTY))


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """A damaged file: truncated, flipped, junk inserted, a chunk doubled."""
    if not data:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    r = rng.random()
    b = bytearray(data)
    if r < 0.25:
        return bytes(b[:rng.randrange(len(b))])
    if r < 0.5:
        for _ in range(rng.randrange(1, 9)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if r < 0.65:
        at = rng.randrange(len(b))
        junk = rng.choice([b"\x00", b"\xff\xfe", "²".encode(), b"\xef\xbb\xbf", b"{", b"[",
                           b"]", b'"', b"&a ", b"*a", b":", b"\n  - ", b"\t"])
        return bytes(b[:at] + junk * rng.randrange(1, 4) + b[at:])
    if r < 0.8:
        at, size = rng.randrange(len(b)), rng.randrange(1, 200)
        return bytes(b[:at] + b[at:at + size] * rng.randrange(2, 5) + b[at:])
    # a digit run made enormous
    at = data.find(b"1", rng.randrange(len(b)))
    if at < 0:
        at = rng.randrange(len(b))
    return bytes(b[:at] + b"9" * rng.choice((25, 400, 5000, 50_000)) + b[at:])


def mutate_yaml_text(text: str, rng: random.Random) -> str:
    """YAML-only damage: anchors and aliases (a billion laughs), duplicated keys."""
    lines = text.splitlines(keepends=True)
    r = rng.random()
    if r < 0.4:
        levels = rng.randrange(2, 9)
        bomb = "lol0: &l0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]\n"
            for i in range(1, levels))
        return bomb + text if r < 0.2 else text + bomb
    if r < 0.7 and lines:
        i = rng.randrange(len(lines))
        return "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])  # a key twice
    if lines:
        i = rng.randrange(len(lines))
        key = lines[i].split(":", 1)[0]
        return "".join(lines[:i] + [f"{key}: &a {rng.choice(['1', '[1]', '{}'])}\n",
                                    "dup: *a\n"] + lines[i + 1:])
    return text


def _dump_json(tree: Any) -> str:
    return json.dumps(tree)


def _dump_yaml(tree: Any) -> str:
    return yaml.safe_dump(tree, allow_unicode=True, default_flow_style=None)


def mutate_text(source: str, rng: random.Random, yaml_file: bool) -> bytes:
    """One to three mutations of a valid file, structural or textual."""
    data = source
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        r = rng.random()
        if r < 0.45:
            try:  # the program's own safe loader: never a billion laughs in the mutator
                tree = load_yaml(data) if yaml_file else json.loads(data)
            except (YamlProblem, yaml.YAMLError, ValueError, RecursionError, TypeError):
                tree = None
            if tree is not None:
                tree = mutate_tree(tree, rng)
                try:
                    data = _dump_yaml(tree) if yaml_file else _dump_json(tree)
                except (ValueError, RecursionError, yaml.YAMLError):
                    pass
                continue
        if yaml_file and r < 0.65:
            data = mutate_yaml_text(data, rng)
            continue
        raw = mutate_bytes(data.encode("utf-8", "surrogateescape"), rng)
        data = raw.decode("utf-8", "surrogateescape")
    return data.encode("utf-8", "surrogateescape")


# -------------------------------------------------------------- special files
SPECIAL = ("fifo", "dev_zero", "folder", "missing", "empty", "sparse", "symlink_zero")


def special_file(kind: str, folder: Path) -> Path:
    p = folder / f"special-{kind}"
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "dev_zero":
        return Path("/dev/zero")
    elif kind == "folder":
        p.mkdir()
    elif kind == "empty":
        p.write_bytes(b"")
    elif kind == "sparse":
        with open(p, "wb") as f:
            f.truncate(50_000_000)
    elif kind == "symlink_zero":
        p.symlink_to("/dev/zero")
    return p


# ------------------------------------------------------------------ targets
def _load_save(path: Path) -> None:
    from bsg_desktop.engine.save import load_game

    load_game(path)


def _autosave(path: Path) -> None:
    from bsg_desktop.ui.controller import autosave_problem

    answer = autosave_problem(path)
    if answer is not None and ("(" + "Error" in answer or "cannot be replayed" in answer):
        raise AssertionError(f"autosave answered with a bug: {answer}")


def _scenario(path: Path) -> None:
    from bsg_desktop.scenario import run_file

    status, detail = run_file(path)
    if status not in ("PASS", "FAIL", "ERROR") or "\n" in detail:
        raise AssertionError(f"scenario answered {status!r} {detail!r}")


def _cards(path: Path) -> None:
    from bsg_desktop.data.components import _load

    _load.__wrapped__(str(path))  # uncached: every case is read afresh


# --- the settings file: Qt's own value encodings, which QSettings would build as read
SETTINGS_KEYS = {
    "window": ["rect", "maximised"], "ui": ["language", "fast_bots", "pace", "moments", "sound",
                                   "show_suspicion"],
    "files": ["recent", "last_dir"], "new_game": ["players", "names", "kinds", "level",
                                                  "morale"],
    "session": ["clean_exit"], "print": ["folder", "paper", "lang", "ink", "layout", "exports",
                                         "die_face", "bleed", "cards"],
}


def qt_value(rng: random.Random) -> str:
    """A value as QSettings writes or a damaged file holds it: @Variant with a list, map
    or byte-array length up to 2^32, @ByteArray, @Size, @Rect, escapes, JSON of any shape."""
    n = rng.choice([0, 1, 9, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, rng.randrange(2 ** 32)])
    kind = rng.choice([9, 8, 10, 11, 12, 0x7f, rng.randrange(256)])  # list, map, string …
    body = "".join(f"\\x{b:02x}" for b in kind.to_bytes(4, "big") + n.to_bytes(4, "big"))
    return rng.choice([
        f"@Variant({body})", f"@Variant(\\0\\0\\0\\t{body})", f"\"@Variant({body})\"",
        f"\\x40Variant({body})", f"@ByteArray({body})", f"@DateTime({body})",
        "@Size(1 2)", "@Rect(-9 -9 99999 99999)", "@Invalid()", "a, @Variant(\\0), c",
        json.dumps(rng.choice(NASTY)), "[" * 500 + "]" * 500, "\\" * 50, "hu", "true",
        "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 40))),
    ])


def settings_case(rng: random.Random, path: Path) -> None:
    lines = []
    for group, keys in SETTINGS_KEYS.items():
        lines.append(f"[{group}]")
        lines += [f"{key}={qt_value(rng)}" for key in keys if rng.random() < 0.7]
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    if rng.random() < 0.1:
        data = mutate_bytes(data, rng)
    path.write_bytes(data)


def _settings(path: Path) -> None:
    from bsg_desktop.ui.settings import Settings

    s = Settings(path)
    s.window_rect(), s.window_maximised(), s.language(), s.fast_bots(), s.pace(), s.moments()
    s.sound(), s.show_suspicion()
    s.recent(), s.last_dir(), s.new_game(), s.print_choices(), s.clean_exit()
    s.set_language("hu")  # and it can be written again


# --- nested values in every override, in saves and in scenarios
def nested(rng: random.Random) -> Any:
    inner = rng.choice(NASTY[:40])
    return rng.choice([[inner], [[inner]], {"0": [inner]}, {"0": {"strong": [[inner]]}},
                       {"0": {"strong": {"active": [inner]}}}, [{"a": inner}],
                       {"1": inner, "x": [[]]}, _nest(inner, rng.randrange(1, 30))])


def overrides_case(rng: random.Random, path: Path, corp: Corpus) -> Callable[[], None]:
    from bsg_desktop.engine.setup import READERS

    overrides = {key: nested(rng) if rng.random() < 0.8 else rng.choice(NASTY)
                 for key in rng.sample(sorted(READERS), rng.randrange(1, 4))}
    if rng.random() < 0.5:
        data = json.loads(corp.saves[0])
        data["overrides"] = overrides
        data["choices"] = []
        path = path.with_suffix(".json")
        path.write_text(json.dumps(data), encoding="utf-8")
        return lambda: _load_save(path)
    tree = yaml.safe_load(rng.choice(corp.scenarios))
    tree["state"] = {**(tree.get("state") or {}), **overrides}
    path = path.with_suffix(".yaml")
    path.write_text(_dump_yaml(tree), encoding="utf-8")
    return lambda: _scenario(path)


# --- saves full of undos: one step and its undo, many times, up to the choice cap
UNDO_PAIRS = (1, 10, 100, 1000, 4999, 49_000)  # 49,000 pairs: 98,000 of the 100,000 allowed


def undo_case(rng: random.Random, path: Path, corp: Corpus) -> str:
    data = dict(corp.undo_base)
    pairs = rng.choice(UNDO_PAIRS)
    steps = [rng.choice(corp.undo_steps) if rng.random() < 0.8 else rng.choice(
        ["undo", "retrieve:weak", "skip", "x"]) for _ in range(rng.randrange(1, 4))]
    tail = [c for _ in range(pairs) for c in (rng.choice(steps), "undo")]
    if rng.random() < 0.2:
        tail.insert(rng.randrange(len(tail) + 1), rng.choice(["undo", "skip", "retrieve:strong"]))
    data["choices"] = list(data["choices"]) + tail
    path.write_text(json.dumps(data), encoding="utf-8")
    return f"{len(data['choices']):,} choices, steps {steps}"


# --- output paths that are folders, roots or nowhere
def output_case(rng: random.Random, folder: Path) -> list[str]:
    target = rng.choice(["/", ".", "..", "", str(folder), str(folder) + "/", "~/", "//",
                         str(folder / "no" / "such" / "r.md"), str(folder / "."), "/.",
                         str(folder / "..")])
    if rng.random() < 0.5:  # a pipe, a device, a name too long or holding a line break
        target = output_names(rng, folder)
    command = rng.choice(["simulate", "league", "play"])
    if command == "play":
        return ["play", "--screenshot", target]
    if command == "league":
        return ["league", "--games", "1", "--levels", "random,heuristic", "--side", "humans",
                "--opponents", "stronger", "--report", target]
    return ["simulate", "--games", "1", "--players", "3", "--bots", "random", "--report",
            target]


CLI_COMMANDS = ("simulate", "league", "replay", "scenario")
FLAG_VALUES: dict[str, list[str]] = {
    "--games": ["1", "2", "0", "-1", "x", "1e3", "99999999999999999999999", "", "²"],
    "--players": ["3", "4", "5", "6", "4.0", "", "x"],
    "--seed": ["0", "7", "-5", "1" * 40, "x", "²"],
    "--budget": ["nan", "inf", "-inf", "1e308", "0", "-1", "x", "0.001", "", "1e-320"],
    "--worlds": ["1", "2", "0", "-1", "1" * 40, "1000000", "x"],
    "--jobs": ["1", "0", "-1", "100000", "x", "1" * 40],
    "--bots": ["random", "heuristic", "humans=random,cylons=heuristic", "strong,", "x",
               "humans=x", "=", ""],
    "--levels": ["random,heuristic", "random", "x,y", "random,random", ","],
    "--side": ["humans", "cylons", "both", "x"],
    "--variant": ["morale", "x"],
    "--lang": ["en", "hu", "xx", ""],
}
CLI_FLAGS = {
    "simulate": ["--games", "--players", "--seed", "--budget", "--worlds", "--jobs", "--bots",
                 "--variant", "--json", "--no-check"],
    "league": ["--games", "--players", "--seed", "--budget", "--worlds", "--jobs", "--levels",
               "--side", "--json"],
    "replay": ["--lang", "--rules", "--all"],
    "scenario": [],
}
SWITCHES = {"--json", "--no-check", "--rules", "--all"}


def cli_case(rng: random.Random, folder: Path, corp: Corpus) -> list[str]:
    command = rng.choice(CLI_COMMANDS)
    argv = [command]
    if command == "simulate":
        argv += ["--games", "1"]
    if command == "league":
        argv += ["--games", "1", "--levels", "random,heuristic", "--side", "humans",
                 "--opponents", "stronger"]
    for flag in rng.sample(CLI_FLAGS[command], k=min(len(CLI_FLAGS[command]),
                                                      rng.randrange(0, 4))):
        argv += [flag] if flag in SWITCHES else [flag, rng.choice(FLAG_VALUES[flag])]
    if command in ("replay", "scenario"):
        p = folder / ("cli.json" if command == "replay" else "cli.yaml")
        if rng.random() < 0.2:
            p = special_file(rng.choice(SPECIAL), folder)
        else:
            source = rng.choice(corp.saves if command == "replay" else corp.scenarios)
            p.write_bytes(mutate_text(source, rng, command == "scenario")
                          if rng.random() < 0.8 else source.encode())
        argv.append(str(p))
    if command in ("simulate", "league") and "--bots" not in argv and rng.random() < 0.3:
        # a real bot game, heuristic: a strong bot's whole game is work, not a hang,
        # and may take seconds on a loaded machine
        argv += ["--bots", "heuristic"] if command == "simulate" else \
            ["--levels", "random,heuristic"]
    if rng.random() < 0.1:
        argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(["--nope", "-x", "--", "²"]))
    return argv


def _cli(argv: list[str]) -> None:
    from bsg_desktop import cli

    err = io.StringIO()
    code: Any
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as e:
            code = e.code
    text = err.getvalue()
    if code not in (0, 1, 2, None) or "internal error" in text or "Traceback" in text:
        raise AssertionError(f"exit {code}: {text.strip()[-300:]}")
    if code == 2 and text.count("\n") > 1 and argv[0] != "scenario":
        raise AssertionError(f"more than one line: {text!r}")


# ===================================================== issue #46: bad input, 1 to 8
# --- 1: a variant file on the shipped cards whose sections are of any shape
VARIANT_KEYS = ("characters", "add_characters", "loyalty", "admiral", "skill_dice",
                "crisis_types", "crisis_dice", "cylon_crisis", "dradis", "damage_locations",
                "demoralized", "tracks", "reconstructed_note", "format", "base")


def variant_case(rng: random.Random, path: Path, corp: Corpus) -> Callable[[], None]:
    """``base: shipped`` and one to three sections as a nasty value (``characters: true``,
    ``characters: {a: 1}``...), sometimes beside Saul Tigh's real ``add_characters``."""
    tree: dict[str, Any] = {"base": "shipped"}
    if rng.random() < 0.4:
        tree.update(yaml.safe_load(corp.variant))
    for key in rng.sample(VARIANT_KEYS, rng.randrange(1, 4)):
        tree[key] = rng.choice(NASTY) if key != "base" or rng.random() < 0.3 else "shipped"
    path.write_text(_dump_yaml(tree), encoding="utf-8")

    def run() -> None:
        try:
            _cards(path)
        except UserError as e:
            # a section that is not a list is named as itself, not as its first item
            chars = tree.get("characters", [])
            if not isinstance(chars, list) and "characters[" in str(e):
                raise AssertionError(f"misleading path: {e}") from None
            raise
    return run


# --- 2 and 3: the environment a command runs in (encodings, HOME, a full stdout)
ENV_COMMANDS: list[list[str]] = [
    ["--help"], ["--version"], ["simulate", "--help"], ["print", "--help"], ["play", "--help"],
    ["replay", "{save}"], ["replay", "--lang", "hu", "{save}"], ["replay", "--rules", "{save}"],
    ["replay", "--lang", "hu", "--all", "{save}"], ["simulate", "--games", "1", "--players", "3"],
    ["scenario", "{scenario}"], ["nope"], ["replay", "{folder}/no\nsuch.json"],
]
ENCODINGS = ["ascii", "latin-1", "cp1252", "utf-8", "ascii:strict", "cp437", "iso8859-2"]


def _subprocess(argv: list[str], env: dict[str, str], stdout: Any) -> tuple[int, str]:
    """The exit code and stderr of ``bsg-express argv`` in its own process."""
    full = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    full.update(env)
    proc = subprocess.run([sys.executable, "-m", "bsg_desktop", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, cwd=ROOT, env=full, timeout=120)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


def _answer_ok(code: int, err: str, what: str) -> None:
    """Exit 0, 1 or 2; no traceback or crash report; an error is one line."""
    if code not in (0, 1, 2) or "Traceback" in err or "internal error" in err:
        raise AssertionError(f"{what}: exit {code}: {err.strip()[-400:]}")
    if code != 0 and len(err.strip().splitlines()) != 1:
        raise AssertionError(f"{what}: exit {code} with {err!r}")


def environ_case(rng: random.Random, folder: Path, corp: Corpus) -> tuple[Callable[[], None],
                                                                           str]:
    save = folder / "game.json"
    save.write_text(corp.finished_save, encoding="utf-8")
    scenario = folder / "demo.yaml"
    scenario.write_text(rng.choice(corp.scenarios), encoding="utf-8")
    argv = [a.format(save=save, scenario=scenario, folder=folder)
            for a in rng.choice(ENV_COMMANDS)]
    env = {"QT_QPA_PLATFORM": "offscreen"}
    if rng.random() < 0.8:
        env["PYTHONIOENCODING"] = rng.choice(ENCODINGS)
    home = rng.choice(["same", "same", "file", "missing", "folder"])
    if home == "file":
        (folder / "home-file").write_text("x")
        env["HOME"] = str(folder / "home-file")
    elif home == "missing":
        env["HOME"] = str(folder / "no-such-home")
    elif home == "folder":
        (folder / "home").mkdir(exist_ok=True)
        env["HOME"] = str(folder / "home")
    full = rng.random() < 0.25 and Path("/dev/full").exists()
    what = f"{' '.join(argv)} {env} {'> /dev/full' if full else ''}"

    def run() -> None:
        with open("/dev/full" if full else os.devnull, "wb") as out:
            code, err = _subprocess(argv, env, stdout=out)
        _answer_ok(code, err, what)
        if full and code == 0:
            raise AssertionError(f"{what}: exit 0 with stdout on a full device")
    return run, what


# --- 4 (and 2): output names that are pipes, devices or too long, each refused at once
def output_names(rng: random.Random, folder: Path) -> str:
    kind = rng.choice(["fifo", "fifo", "dev_null", "dev_full", "long", "very_long",
                       "long_folder", "under_file"])
    if kind == "fifo":
        p = folder / rng.choice(["ff", "ff.png", "ff.md"])
        os.mkfifo(p)
        return str(p)
    if kind in ("dev_null", "dev_full"):
        return "/dev/null" if kind == "dev_null" else "/dev/full"
    if kind == "long":
        return str(folder / ("x" * rng.choice((201, 255, 256, 300)) + ".png"))
    if kind == "very_long":
        return str(folder / "/".join(["d" * 200] * rng.choice((21, 40))) / "r.md")
    if kind == "long_folder":
        return str(folder / ("d" * 300) / "r.md")
    (folder / "file").write_text("x")
    return str(folder / "file" / "r.png")


# --- 5: a full disk while the outputs are written over older ones
def full_case(rng: random.Random, folder: Path) -> tuple[Callable[[], None], str]:
    """``--report`` or ``--screenshot`` over older files, with the Nth write refused
    (ENOSPC, EDQUOT or EIO): every older file must stay byte for byte, no temp file may
    be left, and the answer is one line."""
    from bsg_desktop import cli

    command = rng.choice(["simulate", "simulate", "play"])
    if command == "play":
        target = folder / "s.png"
        argv = ["play", "--screenshot", str(target), "--steps", "0", "--size", "400x300"]
        olds = {target: b"\x89PNG an older picture"}
    else:
        target = folder / "r.md"
        argv = ["simulate", "--games", "1", "--players", "3", "--bots", "random",
                "--report", str(target)]
        olds = {target: b"# an older report\n", **{
            folder / f"r-{c}.png": f"older {c}".encode()
            for c in ("winrate", "endings", "length", "tracks")}}
    for p, data in olds.items():
        p.write_bytes(data)
    fail_at = rng.randrange(0, 6)
    code_errno = rng.choice([errno.ENOSPC, errno.ENOSPC, errno.EDQUOT, errno.EIO])
    what = f"{' '.join(argv)} with write {fail_at} refused ({errno.errorcode[code_errno]})"

    def run() -> None:
        real_write = os.write
        calls = [0]

        def write(fd: int, data: Any) -> int:
            calls[0] += 1
            if calls[0] > fail_at:
                raise OSError(code_errno, os.strerror(code_errno))
            return real_write(fd, data)

        err = io.StringIO()
        os.write = write  # type: ignore[assignment]
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = cli.main(argv)
        finally:
            os.write = real_write  # type: ignore[assignment]
        _answer_ok(code, err.getvalue(), what)
        left = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
        if left:
            raise AssertionError(f"{what}: temp files left: {left}")
        now = {p: p.read_bytes() if p.exists() else None for p in olds}
        if code != 0 and now != olds:
            raise AssertionError(f"{what}: exit {code} but older files changed: "
                                 f"{[p.name for p in olds if now[p] != olds[p]]}")
        if code == 0 and any(now[p] == olds[p] for p in olds if p.suffix == ".md"
                             or command == "play"):
            raise AssertionError(f"{what}: exit 0 but the file was not replaced")
    return run, what


# --- 6: a display Qt cannot use
def _free_display(rng: random.Random) -> str:
    for _ in range(100):
        n = rng.randrange(4000, 9000)
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    return ":4999"


def display_case(rng: random.Random, folder: Path) -> tuple[Callable[[], None], str]:
    """``play`` (the real window) under an environment where no platform can start; never a
    platform that would (offscreen, minimal, vnc, a live X server)."""
    env: dict[str, str] = {"HOME": str(folder), "XDG_RUNTIME_DIR": str(folder)}
    platform = rng.choice([None, None, "bogus", "xcb", "wayland", "wayland;xcb", "bogus;xcb",
                           "xcb:nodisplay", "", "wayland-egl"])
    if platform is not None:
        env["QT_QPA_PLATFORM"] = platform
    display = rng.choice([None, "free", "free", "nohost.invalid:0", "bogus", ":", ":x"])
    if display is not None:
        env["DISPLAY"] = _free_display(rng) if display == "free" else display
    wayland = rng.choice([None, None, "bogus", "/nonexistent/wl", "wayland-9"])
    if wayland is not None:
        env["WAYLAND_DISPLAY"] = wayland
    what = f"play with {env}"

    def run() -> None:
        full = {k: v for k, v in os.environ.items()
                if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
        full.update(env)
        proc = subprocess.run([sys.executable, "-m", "bsg_desktop", "play"],
                              capture_output=True, env=full, cwd=ROOT, timeout=60)
        err = proc.stderr.decode("utf-8", "replace")
        _answer_ok(proc.returncode, err, what)
        if proc.returncode != 2:
            raise AssertionError(f"{what}: exit {proc.returncode}, expected 2: {err[-300:]}")
    return run, what


# --- 7: screenshots of every size, their peak memory
MAX_SCREENSHOT_BYTES = 500_000_000
SIZE_EDGES = ["5000x5000", "7680x3255", "8000x3125", "8000x8000", "6000x6000", "4000x6250",
              "320x240", "8001x240", "319x240", "0x0", "-5x400"]


def size_case(rng: random.Random, folder: Path) -> tuple[Callable[[], int], str]:
    if rng.random() < 0.5:
        size = rng.choice(SIZE_EDGES)
    else:
        size = f"{rng.randrange(320, 8001)}x{rng.randrange(240, 8001)}"
    out = folder / "s.png"
    what = f"play --screenshot --size {size}"

    def run() -> int:
        proc = subprocess.Popen([sys.executable, "-m", "bsg_desktop", "play", "--screenshot",
                                 str(out), "--steps", "0", "--size", size],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                                env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        try:
            err = proc.stderr.read() if proc.stderr else b""
            _pid, status, usage = os.wait4(proc.pid, 0)
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        proc.returncode = os.waitstatus_to_exitcode(status)
        peak = usage.ru_maxrss * 1024
        _answer_ok(proc.returncode, err.decode("utf-8", "replace"), what)
        if peak > MAX_SCREENSHOT_BYTES:
            raise AssertionError(f"{what}: peak {peak / 1e6:.0f} MB")
        if proc.returncode == 0 and not out.is_file():
            raise AssertionError(f"{what}: exit 0 and no picture")
        return peak
    return run, what


# --- 8: ids, keys and names holding a line break or a control character
BREAKS = ["\n", "\r", "\r\n", "\u2028", "\x1b[31m", "\x00", "\x85", "\t\n"]


def ids_case(rng: random.Random, folder: Path, corp: Corpus) -> tuple[Callable[[], None], str]:
    brk = rng.choice(BREAKS).replace("\x00", "\x01")
    where = rng.choice(["id", "part", "key", "value", "file", "save"])
    cards = folder / "cards.yaml"
    tree = yaml.safe_load(corp.variant)
    saul = tree["add_characters"][0]
    if where == "id":
        saul["id"] = f"saul{brk}tigh"
    elif where == "part":
        saul["part"]["name"] = f"initi{brk}ative"
    elif where == "key":
        saul["part"][f"di{brk}ce"] = "one"
    else:
        saul["part"]["per"] = f"ga{brk}me"
    cards.write_text(_dump_yaml(tree), encoding="utf-8")
    if where == "file":
        argv = ["replay", str(folder / f"no{brk}such.json")]
    elif where == "save":
        save = folder / f"game{brk}.json"
        save.write_text(corp.saves[0].replace('"players": 4', f'"players": "4{brk}"'),
                        encoding="utf-8")
        argv = ["replay", str(save)]
    else:
        argv = ["simulate", "--games", "1", "--cards", str(cards)]
    what = f"{argv[0]} with {brk!r} in the {where}"

    def run() -> None:
        from bsg_desktop import cli

        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = cli.main(argv)
        _answer_ok(code, err.getvalue(), what)
        text = err.getvalue()
        if any(ch in text[:-1] for ch in "\n\r\u2028\x1b\x85"):
            raise AssertionError(f"{what}: a line break or control character: {text!r}")
    return run, what


FILE_TARGETS: dict[str, tuple[Callable[[Path], None], bool]] = {
    "save": (_load_save, False),
    "autosave": (_autosave, False),
    "scenario": (_scenario, True),
    "cards": (_cards, True),
}


# ------------------------------------------------------------------ running
class Hang(BaseException):
    """Raised by the alarm in the middle of a case that took too long."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


@dataclass
class Case:
    kind: str
    index: int
    run: Callable[[], Any]  # a number it returns is a child process's peak memory (bytes)
    describe: str


def cases(kind: str, count: int, seed: int, folder: Path, corp: Corpus) -> Iterator[Case]:
    """``count`` cases of one kind, the same for the same seed."""
    rng = random.Random(f"{seed}-{kind}")
    for i in range(count):
        sub = folder / f"{kind}-{i % 4}"
        if sub.exists():
            for p in sub.iterdir():
                shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
        else:
            sub.mkdir()
        if kind == "cli" or kind == "output":
            argv = cli_case(rng, sub, corp) if kind == "cli" else output_case(rng, sub)
            yield Case(kind, i, lambda argv=argv: _cli(argv), " ".join(argv)[:200])
            continue
        if kind in ("environ", "display", "size", "full", "ids"):
            run_what: tuple[Callable[[], Any], str]
            if kind == "environ":
                run_what = environ_case(rng, sub, corp)
            elif kind == "display":
                run_what = display_case(rng, sub)
            elif kind == "size":
                run_what = size_case(rng, sub)
            elif kind == "full":
                run_what = full_case(rng, sub)
            else:
                run_what = ids_case(rng, sub, corp)
            yield Case(kind, i, run_what[0], run_what[1][:200])
            continue
        if kind == "variant":
            yield Case(kind, i, variant_case(rng, sub / "variant.yaml", corp), "base: shipped")
            continue
        if kind == "settings":
            path = sub / "settings.conf"
            settings_case(rng, path)
            what = f"settings ({path.read_bytes()[:80]!r})"
            yield Case(kind, i, lambda p=path: _settings(p), what)
            continue
        if kind == "overrides":
            run = overrides_case(rng, sub / "file", corp)
            yield Case(kind, i, run, "nested overrides")
            continue
        if kind == "undo":
            path = sub / "undo.json"
            what = undo_case(rng, path, corp)
            yield Case(kind, i, lambda p=path: _load_save(p), what)
            continue
        target, yaml_file = FILE_TARGETS[kind]
        path = sub / ("file.yaml" if yaml_file else "file.json")
        if rng.random() < 0.06:
            special = rng.choice(SPECIAL)
            path = special_file(special, sub)
            what = f"special file {special}"
        else:
            if kind == "cards":
                source = corp.cards
            elif kind == "scenario":
                source = rng.choice(corp.scenarios)
            else:
                source = rng.choice(corp.saves)
            path.write_bytes(mutate_text(source, rng, yaml_file))
            what = f"mutated file ({path.stat().st_size:,} bytes)"
        yield Case(kind, i, lambda t=target, p=path: t(p), what)


@dataclass
class Result:
    tried: int = 0
    crashes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    peak_bytes: int = 0
    slowest: float = 0.0
    child_peak: int = 0  # the largest peak memory of a case's own process (size)


def run_case(case: Case, seconds: float) -> tuple[str | None, float, int, int]:
    """(problem or None, seconds, peak bytes, the case's own process's peak) for one case."""
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    problem = None
    child = 0
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        try:
            got = case.run()
            child = got if isinstance(got, int) else 0
        finally:
            # disarmed inside the handlers' reach: an alarm that fires just as a case ends
            # is that case's hang, not an error of the fuzzer's own
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Hang:
        problem = "hang"
    except UserError:
        pass
    except Exception:  # noqa: BLE001 - a crash is what we count
        problem = traceback.format_exc(limit=6)
    took = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] - base
    return problem, took, peak, child


def fuzz(counts: dict[str, int], seed: int, seconds: float = 5.0,
         progress: Callable[[int], None] | None = None) -> dict[str, Result]:
    """Run the cases; every kind's figures. tracemalloc runs throughout (the peak)."""
    signal.signal(signal.SIGALRM, _alarm)
    corp = corpus()
    results = {k: Result() for k in counts}
    started = tracemalloc.is_tracing()
    if not started:
        tracemalloc.start()
    try:
        with tempfile.TemporaryDirectory(prefix="bsg-fuzz-") as tmp:
            for kind, n in counts.items():
                r = results[kind]
                limit = max(seconds, SLOW_KINDS.get(kind, (0.0, 0.0))[0])
                for case in cases(kind, n, seed, Path(tmp), corp):
                    problem, took, peak, child = run_case(case, limit)
                    r.tried += 1
                    r.peak_bytes = max(r.peak_bytes, peak)
                    r.child_peak = max(r.child_peak, child)
                    r.slowest = max(r.slowest, took)
                    if problem == "hang" or took > limit:
                        r.hangs.append(f"#{case.index} {case.describe} ({took:.1f} s)")
                    elif problem is not None:
                        r.crashes.append(f"#{case.index} {case.describe}\n{problem}")
                    if progress is not None:
                        progress(1)
    finally:
        if not started:
            tracemalloc.stop()
    return results


def warm_up() -> None:
    """Import what the cases run before the clock starts: the first case of a kind
    would otherwise be timed with Qt's and the commands' one-time import (seconds on
    a loaded machine), and counted a hang for work no user input caused."""
    from bsg_desktop import cli, scenario  # noqa: F401
    from bsg_desktop.engine import save  # noqa: F401
    from bsg_desktop.ui import controller  # noqa: F401

    cli.build_parser()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=20_000, help="cases in all (default 20,000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seconds", type=float, default=5.0, help="a case over this is a hang")
    p.add_argument("--megabytes", type=float, default=200.0,
                   help="a case allocating more than this fails the run")
    p.add_argument("--kinds", default=",".join(KINDS))
    p.add_argument("--counts", default="", metavar="KIND=N,...",
                   help="cases per kind instead of --cases shared out (e.g. cards=2000,cli=2000);"
                        " a kind's cases depend only on the seed, so runs can be split by kind")
    args = p.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    # the command line plays real (tiny) games, so it gets a smaller share of the cases;
    # the kinds that start a process of their own get a fixed small share
    weights = {"save": 3, "autosave": 2, "scenario": 3, "cards": 2, "cli": 1, "settings": 2,
               "overrides": 2, "undo": 1, "output": 1, "variant": 1}
    counts = {k: max(1, round(args.cases * SLOW_KINDS[k][1])) for k in kinds if k in SLOW_KINDS}
    shared = [k for k in kinds if k not in SLOW_KINDS]
    if shared:
        left = max(0, args.cases - sum(counts.values()))
        total_w = sum(weights[k] for k in shared)
        counts.update({k: left * weights[k] // total_w for k in shared})
        counts[shared[0]] += left - sum(counts[k] for k in shared)
    counts = {k: counts[k] for k in kinds}
    if args.counts:
        counts = {k: int(n) for k, n in (part.split("=") for part in args.counts.split(","))}
    args.cases = sum(counts.values())
    from bsg_desktop.progress import Bar, wanted

    warm_up()
    start = time.perf_counter()
    with Bar(args.cases, "cases", wanted(), "fuzz") as bar:
        results = fuzz(counts, args.seed, args.seconds, bar.advance)
    wall = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'kind':<9} {'cases':>7} {'crashes':>8} {'hangs':>6} {'peak MB':>8} "
          f"{'slowest s':>10} {'own MB':>7}")
    for kind, r in results.items():
        own = f"{r.child_peak / 1e6:>7.0f}" if r.child_peak else f"{'':>7}"
        print(f"{kind:<9} {r.tried:>7,} {len(r.crashes):>8} {len(r.hangs):>6} "
              f"{r.peak_bytes / 1e6:>8.1f} {r.slowest:>10.2f} {own}")
    tried = sum(r.tried for r in results.values())
    crashes = sum(len(r.crashes) for r in results.values())
    hangs = sum(len(r.hangs) for r in results.values())
    peak = max(r.peak_bytes for r in results.values()) / 1e6
    print(f"{'all':<9} {tried:>7,} {crashes:>8} {hangs:>6} {peak:>8.1f} "
          f"{max(r.slowest for r in results.values()):>10.2f}")
    # "own MB": the peak resident memory of a case's own process (a screenshot of every
    # size must stay under 500 MB; over it counts as a crash)
    print(f"seed {args.seed}, {wall:.0f} s, process peak RSS {rss:.0f} MB")
    over = peak > args.megabytes
    print(f"cases run {tried:,}, defects found {crashes + hangs + int(over)} "
          f"({crashes} crashes, {hangs} hangs{', the memory peak over the limit' if over else ''})")
    for kind, r in results.items():
        for c in r.crashes[:5]:
            print(f"\nCRASH {kind} {c}")
        for h in r.hangs[:5]:
            print(f"\nHANG {kind} {h}")
    return 1 if crashes or hangs or peak > args.megabytes else 0


if __name__ == "__main__":
    sys.exit(main())
