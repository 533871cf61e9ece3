"""Where the window reopens (issue 42): never smaller than 1024×640 where the screen
has room for it, never off every screen, and maximised on a screen much larger than
the size it remembers (`ui.placement`)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRect  # noqa: E402

from bsg_desktop.ui.placement import MIN_SIZE, opens_maximised, placed  # noqa: E402

FULL_HD = QRect(0, 0, 1920, 1040)  # a 1920×1080 screen less its task bar
QHD = QRect(0, 0, 2560, 1400)
LAPTOP = QRect(0, 0, 1366, 738)


def test_a_window_closed_small_reopens_at_least_1024_by_640() -> None:
    for saved in ((100, 100, 1008, 592), (0, 0, 400, 300), (300, 200, 1024, 500)):
        r = placed(saved, [FULL_HD], FULL_HD)
        assert r.width() >= MIN_SIZE[0] and r.height() >= MIN_SIZE[1], (saved, r)
        assert FULL_HD.contains(r), (saved, r)
    # the place it had is kept where the larger size still fits there
    assert placed((100, 100, 1008, 592), [FULL_HD], FULL_HD).topLeft() == QRect(
        100, 100, 1, 1).topLeft()
    # a screen smaller than the least size: as much as it has room for, on it
    tiny = QRect(0, 0, 800, 600)
    r = placed((0, 0, 500, 400), [tiny], tiny)
    assert tiny.contains(r) and r.width() > 700 and r.height() > 500


def test_a_window_off_every_screen_reopens_on_the_main_one() -> None:
    for saved in ((5000, 3000, 1400, 900), (-4000, 0, 1024, 640), (100, -900, 1200, 700)):
        r = placed(saved, [FULL_HD], FULL_HD)
        assert FULL_HD.contains(r), (saved, r)
        assert r.width() >= MIN_SIZE[0] and r.height() >= MIN_SIZE[1]


def test_a_screen_much_larger_than_the_remembered_size_opens_maximised() -> None:
    # issue 42: closed at 1008×592, reopened on a 1920 screen
    assert opens_maximised((100, 100, 1008, 592), False, [FULL_HD], FULL_HD)
    assert opens_maximised((0, 0, 1280, 720), False, [QHD], QHD)
    # a size that uses most of the screen opens as it was
    assert not opens_maximised((0, 0, 1500, 940), False, [FULL_HD], FULL_HD)
    assert not opens_maximised((0, 0, 1280, 720), False, [LAPTOP], LAPTOP)
    # closed maximised: maximised again; nothing remembered: the default size
    assert opens_maximised((0, 0, 1500, 940), True, [FULL_HD], FULL_HD)
    assert not opens_maximised(None, False, [FULL_HD], FULL_HD)
    # judged on the screen it opens on: small on the laptop, much smaller on the QHD one
    side = QRect(1366, 0, 2560, 1400)
    assert opens_maximised((1500, 100, 1200, 700), False, [LAPTOP, side], LAPTOP)
    assert not opens_maximised((100, 10, 1200, 700), False, [LAPTOP, side], LAPTOP)
