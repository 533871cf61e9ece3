"""Where the window opens: where it was last time, if that is still on a screen.

A window that is as large as the screen (or larger) is maximised by many window
managers on their own, and then it opens maximised at every launch whatever the
player did; so a size is always kept a little inside the screen's free area. A place
saved on a monitor that is gone (or a screen that got smaller) would open the window
where nobody can see or grab it: then it opens centred on the main screen instead.
"""

from __future__ import annotations

from PySide6.QtCore import QRect

DEFAULT_SIZE = (1500, 940)
# room for the window manager's frame and title bar around the window's own area
FRAME_W, FRAME_H = 16, 48
# how much of a saved window must be on one screen, its top (title bar) row included,
# for it to open there again
SEEN_W, SEEN_H = 200, 100


def fitted(w: int, h: int, free: QRect) -> tuple[int, int]:
    """A width and height no larger than the free area leaves room for, frame included."""
    return (max(200, min(w, free.width() - FRAME_W)),
            max(150, min(h, free.height() - FRAME_H)))


def visible_on(rect: QRect, free: QRect) -> bool:
    """Enough of the window is on this screen, and its top row is, to see and move it."""
    seen = free.intersected(rect)
    return (seen.width() >= min(SEEN_W, rect.width())
            and seen.height() >= min(SEEN_H, rect.height())
            and free.top() <= rect.top() <= free.bottom() - FRAME_H)


def centred(w: int, h: int, free: QRect) -> QRect:
    w, h = fitted(w, h, free)
    return QRect(free.x() + (free.width() - w) // 2, free.y() + (free.height() - h) // 2, w, h)


def placed(saved: tuple[int, int, int, int] | None, screens: list[QRect],
           primary: QRect) -> QRect:
    """The window's area: the saved one on the first screen that shows it (shrunk to
    that screen if it grew too small), else the default size centred on the primary
    screen. ``screens`` and ``primary`` are the screens' available areas."""
    if saved is not None:
        rect = QRect(*saved)
        for free in screens:
            if visible_on(rect, free):
                w, h = fitted(rect.width(), rect.height(), free)
                x = min(max(rect.x(), free.left()), free.right() + 1 - w)
                y = min(max(rect.y(), free.top()), free.bottom() + 1 - h)
                return QRect(x, y, w, h)
    return centred(*DEFAULT_SIZE, primary)
