"""Character abilities are parts chosen by cards.yaml; nothing else names a character."""

from __future__ import annotations

import ast
from pathlib import Path

from bsg_desktop.data import load_components
from bsg_desktop.engine.abilities import PARTS, part_of

PACKAGE = Path(__file__).resolve().parent.parent / "bsg_desktop"
ABILITIES = PACKAGE / "engine" / "abilities"


def test_no_code_outside_abilities_names_a_character() -> None:
    ids = {c.id for c in load_components().characters}
    found = []
    for path in PACKAGE.rglob("*.py"):
        if ABILITIES in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value}")
    assert not found, found


def test_every_shipped_character_has_a_part_that_exists() -> None:
    for c in load_components().characters:
        assert part_of(c).name in PARTS


def test_every_part_has_its_own_module() -> None:
    for name, cls in PARTS.items():
        assert (ABILITIES / f"{name}.py").is_file(), name
        assert cls.__module__.endswith(f".{name}")
