"""The standard install, as a user makes it: build the sdist and a wheel from it, install
the wheel into a fresh virtual environment outside the checkout, run the program.

`python -m build` makes the sdist first and the wheel from the unpacked sdist, so a
file missing from either fails here. The venv sees the running environment's site
packages (a ``.pth`` file naming them, so this works from inside a virtual environment
as well as from a system Python) only so that Qt, reportlab and friends are not
downloaded on every run. Folders named in a ``.pth`` file are added to the path after
the venv's own and their own ``.pth`` files are not run, so an editable install of the
checkout there is not seen: the package itself comes from the wheel alone (checked),
and the source copy it was built from is deleted before the program runs. `pipx install .`
installs this same wheel into its own venv, with the dependencies.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from system_tools import system_tool

from bsg_desktop import __version__, resources

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                                reason="builds from the checkout's tracked files (needs git)")


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [f for f in out.stdout.decode().split("\0") if f and (ROOT / f).is_file()]


def clean_env(tmp: Path) -> dict[str, str]:
    """No checkout on the import path, no real home or settings, no display."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BSG_CARDS")}
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp / name.lower())
        Path(env[name]).mkdir(parents=True, exist_ok=True)
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def running_site_packages() -> list[str]:
    """Where this interpreter's installed packages are: the venv's when run from one."""
    found = [*site.getsitepackages(), site.getusersitepackages()]
    return [p for p in dict.fromkeys(found) if Path(p).is_dir()]


def venv_site(venv: Path) -> Path:
    out = subprocess.run([str(venv / "bin" / "python"), "-c",
                          "import sysconfig; print(sysconfig.get_path('purelib'))"],
                         capture_output=True, text=True, check=True, timeout=60)
    return Path(out.stdout.strip())


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(bin folder of a venv holding the built wheel, the wheel, a clean environment)."""
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"
    for rel in tracked_files():  # what a fresh clone holds, no build leftovers
        if rel.startswith(("print/", "tests/", "benchmarks/", "docs/")):
            continue  # not part of the package; keeps the copy small
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel)
    env = clean_env(tmp)
    dist = tmp / "dist"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(src)], cwd=tmp,
                   env=env, check=True, capture_output=True, timeout=300)
    shutil.rmtree(src)
    wheel = next(dist.glob("*.whl"))
    assert next(dist.glob("*.tar.gz")).name == f"bsg_express_desktop-{__version__}.tar.gz"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp / "v")], check=True,
                   timeout=120)
    (venv_site(tmp / "v") / "running-environment.pth").write_text(
        "".join(f"{p}\n" for p in running_site_packages()), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(tmp / "v" / "bin" / "python"),
                    "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
                   env=env, check=True, capture_output=True, timeout=120)
    return tmp / "v" / "bin", wheel, env


def run(venv: tuple[Path, Path, dict[str, str]], *args: str) -> subprocess.CompletedProcess[str]:
    bin_dir, _, env = venv
    r = subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=env["HOME"], env=env,
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
    return r


def test_the_wheel_holds_every_data_file_of_the_checkout(venv) -> None:  # type: ignore[no-untyped-def]
    names = set(zipfile.ZipFile(venv[1]).namelist())
    wanted = set()
    for rel in tracked_files():
        if rel.startswith("bsg_desktop/"):
            wanted.add(rel)  # code and package data alike (locale, rules, companion/static)
        elif any(rel == s or rel.startswith(s + "/") for s in resources.SHIPPED):
            wanted.add(f"bsg_desktop/{resources.SHIPPED_DIR}/{rel}")
    assert wanted - names == set()
    # the package's cards.yaml is the top-level file people edit, byte for byte
    inside = zipfile.ZipFile(venv[1]).read(f"bsg_desktop/{resources.SHIPPED_DIR}/cards.yaml")
    assert inside == (ROOT / "cards.yaml").read_bytes()
    assert f"bsg_express_desktop-{__version__}.dist-info/METADATA" in names


def test_the_installed_program_runs_from_the_wheel_alone(venv) -> None:  # type: ignore[no-untyped-def]
    bin_dir, _, env = venv
    where = run(venv, "python", "-c", "import bsg_desktop.resources as r, bsg_desktop as b; "
                "print(b.__file__); print(r.installed())").stdout.split()
    assert Path(where[0]).is_relative_to(bin_dir.parent) and where[1] == "True"
    assert run(venv, "bsg-express", "--version").stdout.strip() == f"bsg-express {__version__}"
    assert "errors 0" in run(venv, "bsg-express", "simulate", "--games", "3", "--players", "4",
                             "--seed", "5").stdout
    home = Path(env["HOME"])
    run(venv, "bsg-express", "print", "--out", str(home / "pack"))
    pdfs = sorted(p.name for p in (home / "pack").glob("*.pdf"))
    assert len(pdfs) >= 3, pdfs
    creator = run(venv, "python", "-c", "import pypdf,sys; print(pypdf.PdfReader(sys.argv[1])"
                  ".metadata.creator)", str(home / "pack" / pdfs[0])).stdout.strip()
    assert __version__ in creator, creator
    shot = home / "shot.png"
    run(venv, "bsg-express", "play", "--screenshot", str(shot), "--steps", "3", "--size",
        "800x500")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    demo = f"{resources.SHIPPED_DIR}/scenarios/demos/k9_rulebook_example.yaml"
    run(venv, "python", "-m", "bsg_desktop", "play", "--demo",
        str(Path(where[0]).parent / demo), "--screenshot", str(home / "demo.png"),
        "--size", "800x500")
    assert (home / "demo.png").stat().st_size > 10_000


def test_the_installed_program_adds_its_menu_entry(venv) -> None:  # type: ignore[no-untyped-def]
    bin_dir, _, env = venv
    run(venv, "bsg-express", "install-desktop")
    entry = Path(env["XDG_DATA_HOME"]) / "applications" / "bsg-express.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert f"Exec={bin_dir / 'bsg-express'}" in lines  # the venv's own script, no Path= needed
    assert not any(line.startswith("Path=") for line in lines)
    tool = system_tool("desktop-file-validate", "desktop-file-utils")
    r = subprocess.run([tool, str(entry)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout
    run(venv, "bsg-express", "install-desktop", "--uninstall")
    assert not entry.exists()
