"""The input fuzz corpus of benchmarks/fuzz.py, a few hundred seeded cases in CI: saves,
the autosave, scenario files, cards.yaml, command-line flags, the settings file,
nested overrides, saves full of undos and output paths that are folders, each broken by
truncation, byte flips, type swaps, deep nesting, huge numbers, YAML aliases and
duplicate keys, or replaced by a special file. Every case must end in success or
the program's user error, within 5 s and 200 MB (the benchmark runs 20,000)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _fuzz_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bsg_fuzz", ROOT / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bsg_fuzz"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz_module()

# cases per kind in CI (about a minute of CPU in all on two shared cores); the
# benchmark's own run is `python3 benchmarks/fuzz.py --cases 20000`
COUNTS = {"save": 80, "autosave": 30, "scenario": 50, "cards": 15, "cli": 30,
          "settings": 30, "overrides": 20, "undo": 12, "output": 20, "variant": 15, "ids": 8}
# the kinds that start a process per case (environ, display, size) or play a report per
# case (full) run in the benchmark only: tests/test_cli_bad_input.py, test_outputs.py and
# test_display_check.py hold one case of each


@pytest.mark.parametrize("kind", list(COUNTS))
def test_fuzzed_input_gets_a_clear_answer_in_bounded_time_and_memory(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the benchmark's 49,000-pair saves take a second of CPU under tracemalloc each: too
    # close to the 5 s limit on a loaded CI machine, so CI stops at 4,999 pairs
    monkeypatch.setattr(fuzz, "UNDO_PAIRS", fuzz.UNDO_PAIRS[:-1])
    result = fuzz.fuzz({kind: COUNTS[kind]}, seed=16)[kind]
    assert result.tried == COUNTS[kind]
    assert not result.crashes, result.crashes[0]
    assert not result.hangs, result.hangs[0]
    assert result.slowest < 5 and result.peak_bytes < 200_000_000


def test_the_corpus_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    corp = fuzz.corpus()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = [c.describe for c in fuzz.cases("cli", 30, 3, tmp_path / "a", corp)]
    second = [c.describe for c in fuzz.cases("cli", 30, 3, tmp_path / "b", corp)]
    assert [d.replace(str(tmp_path / "a"), "") for d in first] == \
        [d.replace(str(tmp_path / "b"), "") for d in second]


def test_the_mutators_break_files_in_every_promised_way() -> None:
    import random

    rng = random.Random(0)
    text = fuzz.corpus().scenarios[0]
    seen = set()
    for _ in range(300):
        out = fuzz.mutate_text(text, rng, True)
        if b"&l0" in out or b"&a" in out:
            seen.add("alias")
        if len(out) < len(text.encode()) // 2:
            seen.add("truncated")
        if b"9" * 400 in out:
            seen.add("huge number")
        if b"[[[[[[[[[[" in out or b"- - - - - -" in out:
            seen.add("deep")
    assert seen == {"alias", "truncated", "huge number", "deep"}
