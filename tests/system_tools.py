"""System tools some tests need (a browser, a desktop-entry checker, a C compiler).

They come from the operating system, not from pip, so a fresh checkout with only
the test extra installed may lack them: there such a test is skipped, naming the tool
and the Debian package that has it. CI installs them (`.ci/run`), so with ``CI`` set a
missing tool fails the test instead of hiding it.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def system_tool(names: str | tuple[str, ...], package: str, *,
                module_level: bool = False) -> str:
    """The path of the first of ``names`` found on PATH; else skip (fail under CI)."""
    names = (names,) if isinstance(names, str) else names
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    why = (f"{' or '.join(names)} is missing: apt-get install {package} "
           "(.ci/run installs it)")
    if in_ci():
        pytest.fail(why, pytrace=False)
    pytest.skip(why, allow_module_level=module_level)


def system_python_module(module: str, package: str) -> str:
    """Debian's own python3 when it can import ``module`` (a binding that pip does not
    have, such as pyatspi); else skip (fail under CI)."""
    import subprocess

    python = "/usr/bin/python3"
    found = os.path.exists(python) and subprocess.run(
        [python, "-c", f"import {module}"], capture_output=True, timeout=60).returncode == 0
    if found:
        return python
    why = f"{python} cannot import {module}: apt-get install {package} (.ci/run installs it)"
    if in_ci():
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


@contextmanager
def one_x_server_at_a_time() -> Iterator[None]:
    """Held while a test runs ``xvfb-run -a``: two such runs starting at once (the suite's
    processes under pytest-xdist) can pick the same free display number, and one fails."""
    with open(os.path.join(tempfile.gettempdir(), "bsg-express-xvfb.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
