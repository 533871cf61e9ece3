"""The program's own files, found alike in a checkout, an installed wheel and a one-file build.

Everything read at run time is package data, reached through `importlib.resources`:

- files that live inside the package folder (``locale/``, ``rules/``,
  ``companion/static/``): ``package_path("locale")``;
- files kept at the top of the repository because people edit or share them there
  (``cards.yaml``, ``assets/fonts``, ``assets/icons``, ``scenarios/demos``):
  ``shipped("cards.yaml")``. Building the package (``setup.py``) copies them into
  ``bsg_desktop/_shipped/`` under the same relative paths; a checkout has no such
  folder and reads the top-level files themselves, so there is one copy to edit.

A user's own cards file goes through `BSG_CARDS` or ``--cards FILE`` instead
(`bsg_desktop.data.default_cards_path`).
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import lru_cache
from importlib.resources import as_file, files
from pathlib import Path

SHIPPED_DIR = "_shipped"
# The top-level files and folders the built package carries in _shipped/ (read by setup.py).
SHIPPED = ("cards.yaml", "assets/fonts", "assets/icons", "assets/sounds", "scenarios/demos")

_extracted = ExitStack()
atexit.register(_extracted.close)


def package_path(*parts: str) -> Path:
    """A file or folder inside the package, as a real path.

    pip and PyInstaller both install the package as plain files, so this is the
    file itself; a zipped package has single files extracted to a temporary copy
    (folders need Python 3.12 there).
    """
    ref = files("bsg_desktop").joinpath(*parts)
    if isinstance(ref, Path):
        return ref
    return _extracted.enter_context(as_file(ref))


@lru_cache(maxsize=1)
def installed() -> bool:
    """True when the package carries its own copy of the top-level files (a wheel, a build)."""
    return files("bsg_desktop").joinpath(SHIPPED_DIR).is_dir()


@lru_cache(maxsize=64)
def shipped(relpath: str) -> Path:
    """A top-level repository file (``relpath`` as in the checkout, e.g. ``assets/fonts``)."""
    if not any(relpath == s or relpath.startswith(s + "/") for s in SHIPPED):
        raise ValueError(f"{relpath!r} is not shipped with the package; add it to SHIPPED")
    if installed():
        return package_path(SHIPPED_DIR, *relpath.split("/"))
    return package_path().parent / relpath
