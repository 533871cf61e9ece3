"""The house's import lines, read from the source with `ast`: nothing outside ``ui/``
imports ``ui/``, and no two modules of ``ui/`` (or of ``present/``) import each other in
a circle. Every import counts, at the top of a module, inside a function or under
``TYPE_CHECKING``: a circle hidden in a function is still a circle.

(The command line names its subcommands' modules as text, ``cli.COMMANDS``, and
imports the one asked for by name: that is the program's entry, not a layer's import.)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import bsg_desktop

ROOT = Path(bsg_desktop.__file__).parent


def _module(path: Path) -> str:
    parts = ("bsg_desktop",) + path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Each module of the package and every module it imports (absolute names)."""
    out: dict[str, set[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        name = _module(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[: len(up) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)  # a module by name
        out[name] = found
    return out


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_nothing_outside_ui_imports_ui() -> None:
    found = imports()
    wrong = {m: sorted(i for i in imp if _inside(i, "bsg_desktop.ui"))
             for m, imp in found.items() if not _inside(m, "bsg_desktop.ui")}
    assert {m: i for m, i in wrong.items() if i} == {}


def test_bots_import_no_driver() -> None:
    """Bots are players: they sit under the drivers that run games (the simulator, the
    league, scenarios, replays, the window, the phones) and import none of them."""
    drivers = ("bsg_desktop.sim", "bsg_desktop.league", "bsg_desktop.scenario",
               "bsg_desktop.replay", "bsg_desktop.cli", "bsg_desktop.ui", "bsg_desktop.companion")
    found = imports()
    wrong = {m: sorted(i for i in imp if any(_inside(i, d) for d in drivers))
             for m, imp in found.items() if _inside(m, "bsg_desktop.bots")}
    assert {m: i for m, i in wrong.items() if i} == {}


def test_present_imports_neither_ui_nor_companion_nor_qt() -> None:
    found = imports()
    for m, imp in found.items():
        if _inside(m, "bsg_desktop.present"):
            bad = sorted(i for i in imp if _inside(i, "bsg_desktop.ui") or
                         _inside(i, "bsg_desktop.companion") or i.startswith("PySide6"))
            assert bad == [], m


def _circles(package: str) -> list[list[str]]:
    found = imports()
    mods = {m for m in found if _inside(m, package)}
    graph = {m: {i for i in found[m] if i in mods and i != m} for m in mods}
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                circles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(mods):
        if m not in state:
            visit(m)
    return circles


def test_ui_has_no_import_circle() -> None:
    assert _circles("bsg_desktop.ui") == []


def test_present_has_no_import_circle() -> None:
    assert _circles("bsg_desktop.present") == []


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The check itself can fail: two modules importing each other (one of them only in
    a function) make a circle."""
    pkg = tmp_path / "bsg_desktop"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "a.py").write_text("from bsg_desktop.ui import b\n")
    (pkg / "ui" / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "log.py").write_text("def g():\n    from bsg_desktop.ui.a import y\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", pkg)
    assert _circles("bsg_desktop.ui") == [["bsg_desktop.ui.a", "bsg_desktop.ui.b",
                                           "bsg_desktop.ui.a"]]
    assert "bsg_desktop.ui.a" in imports()["bsg_desktop.log"]
