"""A bad autosave never bricks the window (issue 16): whatever the file holds, the
window opens on its start screen, says why the autosave cannot be resumed, and offers
to put it aside, keeping a copy; headless runs never wait on the question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.engine.save import to_json  # noqa: E402
from bsg_desktop.ui.controller import BROKEN_COPIES, autosave_problem, set_aside  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

GOOD = json.dumps(to_json(new_game(Setup(players=4), 2)))
BROKEN = {
    "binary": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10,
    "truncated": GOOD[:120].encode(),
    "deep": b"[" * 50_000 + b"]" * 50_000,
    "huge number": GOOD.replace('"seed": 2', '"seed": ' + "7" * 5000).encode(),
    "unhashable override": GOOD.replace('"overrides": {}',
                                        '"overrides": {"dradis_monitor": [[]]}').encode(),
    "dice count 1e9": GOOD.replace(
        '"overrides": {}',
        '"overrides": {"dice": {"0": {"strong": {"active": 1000000000}}}}').encode(),
    "illegal move": GOOD.replace('"choices": []', '"choices": ["a1:\\u00b2"]').encode(),
}


@pytest.fixture
def window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    def make() -> MainWindow:
        win = MainWindow(settings=Settings(tmp_path / "settings.ini"),
                         autosave_path=tmp_path / "autosave.bsgx.json", bot_delay_ms=0,
                         animate=False)
        qtbot.addWidget(win)
        return win

    return make


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_autosave_opens_the_start_screen_and_is_put_aside(window, tmp_path, kind):  # type: ignore[no-untyped-def]
    auto = tmp_path / "autosave.bsgx.json"
    auto.write_bytes(BROKEN[kind])
    win = window()
    win.offer_resume()  # what `bsg-express` does at start
    assert win.stack.currentWidget() is win.start_page
    box = win.autosave_box
    assert box is not None and box.isVisible()  # asked, without blocking
    assert "Traceback" not in box.text() and "Error)" not in box.text()
    assert str(auto) in box.text()
    box.done(QMessageBox.StandardButton.Yes)
    assert not auto.exists()
    copies = list(tmp_path.glob("autosave.bsgx.broken-*.json"))
    assert [c.read_bytes() for c in copies] == [BROKEN[kind]]  # nothing lost
    assert win.start_game(Setup(players=3), 5)  # and the window plays normally
    assert json.loads(auto.read_text(encoding="utf-8"))["setup"]["players"] == 3


def test_no_keeps_the_autosave_where_it_is(window, tmp_path):  # type: ignore[no-untyped-def]
    auto = tmp_path / "autosave.bsgx.json"
    auto.write_bytes(BROKEN["binary"])
    win = window()
    win.offer_resume()
    win.autosave_box.done(QMessageBox.StandardButton.No)
    assert auto.read_bytes() == BROKEN["binary"]
    assert not list(tmp_path.glob("*.broken-*"))


def test_continue_on_a_broken_autosave_offers_the_same(window, tmp_path):  # type: ignore[no-untyped-def]
    auto = tmp_path / "autosave.bsgx.json"
    auto.write_bytes(BROKEN["illegal move"])
    win = window()
    assert not win.resume_autosave()
    assert win.autosave_box is not None and "not a choice" in win.last_error


def test_a_good_autosave_asks_nothing(window, tmp_path):  # type: ignore[no-untyped-def]
    (tmp_path / "autosave.bsgx.json").write_text(GOOD, encoding="utf-8")
    win = window()
    win.offer_resume()
    assert win.autosave_box is None and win.resume_autosave()


def test_a_binary_autosave_is_not_a_saved_game(tmp_path: Path) -> None:
    auto = tmp_path / "autosave.bsgx.json"
    auto.write_bytes(BROKEN["binary"])
    problem = autosave_problem(auto)
    assert problem is not None and "not a BSG: Express saved game" in problem
    assert "Unicode" not in problem


def test_only_the_newest_set_aside_copies_are_kept(tmp_path: Path) -> None:
    auto = tmp_path / "autosave.bsgx.json"
    for i in range(BROKEN_COPIES + 2):
        auto.write_text(f"broken {i}", encoding="utf-8")
        set_aside(auto)
    kept = sorted(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.broken-*.json"))
    assert kept == [f"broken {i}" for i in range(2, BROKEN_COPIES + 2)]


def test_opening_a_binary_file_says_it_is_not_a_save(window, tmp_path):  # type: ignore[no-untyped-def]
    photo = tmp_path / "photo.json"
    photo.write_bytes(BROKEN["binary"])
    win = window()
    assert not win.open_path(photo)
    assert "not a BSG: Express saved game" in win.last_error
    assert "Unicode" not in win.last_error
