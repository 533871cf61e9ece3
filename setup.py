"""Build step the pyproject cannot express: ship the top-level data files inside the package.

``cards.yaml``, ``assets/fonts``, ``assets/icons`` and ``scenarios/demos`` stay at the
top of the repository, where people edit them. Building a wheel copies them into
``bsg_desktop/_shipped/`` (the list is ``bsg_desktop.resources.SHIPPED``), which is
where ``bsg_desktop.resources.shipped`` finds them once installed. Editable
installs skip the copy: they read the checkout's own files.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _shipped_list() -> tuple[str, ...]:
    # read the list without importing the package (its dependencies may not be installed yet)
    tree = ast.parse((ROOT / "bsg_desktop" / "resources.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "SHIPPED" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("bsg_desktop/resources.py defines no SHIPPED")


class BuildWithShippedFiles(build_py):
    """build_py that also copies the top-level data files into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "bsg_desktop" / "_shipped"
        for rel in _shipped_list():
            source = ROOT / rel
            dest = target / rel
            if source.is_dir():
                shutil.copytree(source, dest, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif source.is_file():
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest)
            else:
                raise FileNotFoundError(f"{rel} is listed in SHIPPED but missing from {ROOT}")


setup(cmdclass={"build_py": BuildWithShippedFiles})
