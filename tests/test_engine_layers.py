"""The engine's modules import each other in layers, never in a circle.

Every import counts, at module level or inside a function, because a deferred
import only hides a circle from the interpreter, not from the next person to
read the code. Imports under ``if TYPE_CHECKING:`` never run and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "bsg_desktop" / "engine"
PACKAGE = "bsg_desktop.engine"


def _module_name(path: Path) -> str:
    rel = path.relative_to(ENGINE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PACKAGE, *parts])


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if hasattr(sub, "lineno"):
                        lines.add(sub.lineno)
    return lines


def engine_imports() -> dict[str, set[str]]:
    """Each engine module's imports of other engine modules, at any depth of the file."""
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_lines(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base]) if base else ".".join(up)
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                if t in modules and t != name:
                    found.add(t)
        graph[name] = found
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_engine_has_no_import_cycle() -> None:
    graph = engine_imports()
    # the package's own __init__ re-exports the door; it is not a layer of the rules
    graph.pop(PACKAGE, None)
    for deps in graph.values():
        deps.discard(PACKAGE)
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_checker_sees_a_circle_hidden_in_a_function() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    tree = ast.parse("def f():\n    from bsg_desktop.engine.game import Game\n")
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert imports and imports[0].module == "bsg_desktop.engine.game"


def test_rule_modules_sit_below_game() -> None:
    """The rule modules reach the loop through machine.py, never game.py."""
    graph = engine_imports()
    for rule in ("actions", "crises", "cylon", "dice", "jump", "markers", "retrieve", "setup",
                 "turn", "undo", "view", "machine"):
        assert f"{PACKAGE}.game" not in graph[f"{PACKAGE}.{rule}"], rule
