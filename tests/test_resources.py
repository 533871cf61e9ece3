"""Where the program finds its own files, and a user's own cards file (BSG_CARDS / --cards)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop import resources
from bsg_desktop.art.fonts import FONT_FILES
from bsg_desktop.cli import main
from bsg_desktop.data.components import default_cards_path
from bsg_desktop.errors import DataError
from bsg_desktop.teach import DEMO_DIR
from bsg_desktop.ui.command import ICON

ROOT = Path(__file__).resolve().parents[1]


def test_a_checkout_reads_the_top_level_files_people_edit() -> None:
    # one source: no copy of cards.yaml, the fonts or the demos inside the package folder
    assert not resources.installed()
    assert not (ROOT / "bsg_desktop" / resources.SHIPPED_DIR).exists()
    assert resources.shipped("cards.yaml") == ROOT / "cards.yaml"
    if "BSG_CARDS" not in os.environ:
        assert default_cards_path() == ROOT / "cards.yaml"
    assert DEMO_DIR == ROOT / "scenarios" / "demos" and any(DEMO_DIR.glob("*.yaml"))
    assert ICON == ROOT / "assets" / "icons" / "bsg-express.svg"
    assert all(p.parent == ROOT / "assets" / "fonts" and p.is_file() for p in FONT_FILES.values())
    assert resources.package_path("locale") == ROOT / "bsg_desktop" / "locale"


def test_every_shipped_entry_exists_and_others_are_refused() -> None:
    for rel in resources.SHIPPED:
        assert (ROOT / rel).exists(), rel
    # the licences travel with the fonts and the icon
    assert (resources.shipped("assets/fonts") / "LICENSE-DejaVu.txt").is_file()
    assert (resources.shipped("assets/icons") / "LICENSE.txt").is_file()
    with pytest.raises(ValueError, match="not shipped"):
        resources.shipped("docs/engine.md")


def test_cards_flag_reads_the_users_file(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "my-cards.yaml"
    mine.write_text((ROOT / "cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    before = os.environ.get("BSG_CARDS")
    assert main(["simulate", "--games", "1", "--players", "3", "--cards", str(mine)]) == 0
    broken = tmp_path / "broken.yaml"
    broken.write_text("characters: 3\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "--games", "1", "--players", "3", "--cards", str(broken)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(broken) in err[0], err
    assert os.environ.get("BSG_CARDS") == before  # the flag does not outlive its command


def test_a_bad_cards_file_is_one_line_with_worker_processes_too(tmp_path: Path) -> None:
    # a worker's DataError must survive the trip back to the parent, or the pool hangs
    e = pickle.loads(pickle.dumps(DataError("f.yaml", "characters[0]", "a mapping")))
    assert str(e) == "f.yaml: characters[0]: a mapping"
    r = subprocess.run([sys.executable, "-m", "bsg_desktop", "simulate", "--games", "2",
                        "--jobs", "2", "--cards", str(tmp_path / "none.yaml")],
                       capture_output=True, text=True, cwd=tmp_path, timeout=240,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 2 and r.stderr.strip().endswith("none.yaml: file not found"), r.stderr
