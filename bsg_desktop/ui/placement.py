"""Where the window opens: where it was last time, if that is still on a screen.

A window that is as large as the screen (or larger) is maximised by many window
managers on their own, and then it opens maximised at every launch whatever the
player did; so a size is always kept a little inside the screen's free area. A place
saved on a monitor that is gone (or a screen that got smaller) would open the window
where nobody can see or grab it: then it opens centred on the main screen instead.

A window closed small is not reopened smaller than the least size the window is made
for (`MIN_SIZE`, or the screen's free area if that is smaller), and on a screen much
larger than the size it remembers (`MUCH_LARGER`) it opens maximised: a small window
on a large monitor wastes the board's room, and the player would only maximise it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect

DEFAULT_SIZE = (1500, 940)
MIN_SIZE = (1024, 640)  # the least the window is laid out for (the screenshot tests' size)
# a remembered size this share of the free area or less, both ways, opens maximised
MUCH_LARGER = 0.6
# room for the window manager's frame and title bar around the window's own area
FRAME_W, FRAME_H = 16, 48
# how much of a saved window must be on one screen, its top (title bar) row included,
# for it to open there again
SEEN_W, SEEN_H = 200, 100


def fitted(w: int, h: int, free: QRect) -> tuple[int, int]:
    """A width and height no larger than the free area leaves room for, frame included,
    and no smaller than `MIN_SIZE` where the free area leaves room for that."""
    room_w, room_h = max(200, free.width() - FRAME_W), max(150, free.height() - FRAME_H)
    return (min(max(w, MIN_SIZE[0]), room_w), min(max(h, MIN_SIZE[1]), room_h))


def much_larger(size: tuple[int, int], free: QRect) -> bool:
    """The screen's free area is much larger than the window's remembered size: at most
    `MUCH_LARGER` of it both ways (a 1024×640 window on a 1920×1080 screen)."""
    return (size[0] <= MUCH_LARGER * free.width()
            and size[1] <= MUCH_LARGER * free.height())


def opens_maximised(saved: tuple[int, int, int, int] | None, maximised: bool,
                    screens: list[QRect], primary: QRect) -> bool:
    """Whether the window opens maximised: as it closed, or because the screen it opens
    on is much larger than the size it remembers (no size remembered: not)."""
    if maximised:
        return True
    if saved is None:
        return False
    rect = placed(saved, screens, primary)
    free = next((s for s in screens if s.contains(rect.center())), primary)
    return much_larger((saved[2], saved[3]), free)


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
