"""Every rule id in the rules file has a test whose name contains it as a word."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bsg_desktop.rules import rule_ids

TESTS = Path(__file__).parent


def collect_test_names() -> set[str]:
    """Names of every test function in the suite (parsed, not imported)."""
    names: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                    node.name.startswith("test_"):
                names.add(node.name)
    return names


def covered(rule: str, names: set[str]) -> bool:
    """``k8`` must appear as a whole word between underscores: test_k8_x, not test_k81."""
    word = re.compile(rf"(?:^|_){rule.lower()}(?:_|$)")
    return any(word.search(n) for n in names)


def test_rules_file_has_rule_ids() -> None:
    ids = rule_ids()
    assert len(ids) >= 80 and "K8" in ids and "I12" in ids


def test_every_rule_id_has_a_test() -> None:
    names = collect_test_names()
    missing = [r for r in rule_ids() if not covered(r, names)]
    assert not missing, "rule ids without a test: " + ", ".join(missing)


def test_coverage_word_matching() -> None:
    names = {"test_k8_second_raider", "test_x10_six", "test_i3_bonus"}
    assert covered("K8", names) and covered("X10", names) and covered("I3", names)
    assert not covered("X1", names) and not covered("I1", names)
