"""The one-file Linux build: packaging/build.sh makes one executable that runs on its own.

Building takes about two minutes of both cores, too long for every CI run, so this
runs when asked (README, "Other ways to install"):

    BSG_TEST_ONEFILE=1 python3 -m pytest tests/test_onefile.py

It builds into a temporary folder, checks the size and runs the executable from
outside the checkout with a clean environment: --version, print, play --screenshot,
simulate with worker processes, install-desktop.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop import __version__
from bsg_desktop.resources import SHIPPED, SHIPPED_DIR

ROOT = Path(__file__).resolve().parents[1]
LIMIT_MB = 120
pytestmark = [
    pytest.mark.skipif(os.environ.get("BSG_TEST_ONEFILE") != "1",
                       reason="slow: set BSG_TEST_ONEFILE=1 to build the one-file executable"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="packaging/build.sh is Linux"),
    pytest.mark.timeout(900),  # the build alone takes about two minutes
]


@pytest.fixture(scope="module")
def exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("onefile")
    r = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh"), str(out)],
                       capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return out / "bsg-express"


def run(exe: Path, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BSG_CARDS")}
    env.update(HOME=str(tmp), XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "cfg"),
               QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([str(exe), *args], cwd=tmp, env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
    return r


def test_the_executable_is_one_file_under_the_size_limit(exe: Path) -> None:
    size_mb = exe.stat().st_size / 2**20
    print(f"one-file build: {exe.stat().st_size:,} bytes ({size_mb:.1f} MiB)")
    assert exe.is_file() and os.access(exe, os.X_OK) and size_mb < LIMIT_MB


def test_the_executable_holds_every_data_file_of_the_checkout(exe: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    inside = set(CArchiveReader(str(exe)).toc)
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    wanted = {rel for rel in tracked if rel.startswith("bsg_desktop/")
              and not rel.endswith(".py")}  # the code is compiled into the archive's PYZ
    wanted |= {f"bsg_desktop/{SHIPPED_DIR}/{rel}" for rel in tracked
               if any(rel == s or rel.startswith(s + "/") for s in SHIPPED)}
    assert wanted - inside == set()


def test_the_executable_runs_on_its_own(exe: Path, tmp_path: Path) -> None:
    assert run(exe, tmp_path, "--version").stdout.strip() == f"bsg-express {__version__}"
    run(exe, tmp_path, "print", "--out", "pack", "--lang", "hu")
    assert len(list((tmp_path / "pack").glob("*.pdf"))) >= 3
    run(exe, tmp_path, "play", "--screenshot", "shot.png", "--steps", "5", "--size", "800x500")
    assert (tmp_path / "shot.png").read_bytes()[:4] == b"\x89PNG"
    out = run(exe, tmp_path, "simulate", "--games", "4", "--players", "3", "--jobs", "2").stdout
    assert "errors 0" in out
    run(exe, tmp_path, "install-desktop")
    entry = (tmp_path / "data" / "applications" / "bsg-express.desktop").read_text("utf-8")
    assert f"Exec={exe}" in entry.splitlines()
