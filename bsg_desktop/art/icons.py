"""Original vector icons, drawn in a unit box centred on (0, 0) and placed by a Group.

Each icon is built from a handful of primitives so the same shapes come out of
the PDF and the window. ``colour`` is the ink of the icon, ``cut`` the colour
used for the small gaps inside it (finger lines, hull windows): the paper or the
panel the icon sits on.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bsg_desktop.art.shapes import (
    Circle,
    Group,
    Item,
    Line,
    Polygon,
    Rect,
    Style,
    annular_sector,
)

ICONS = ("fist", "basestar", "dradis", "raider", "ship", "crosshair", "eye", "star", "bars")


def _fist(c: str, cut: str) -> list[Item]:
    ink = Style(fill=c)
    gap = Style(stroke=cut, width=0.035)
    return [
        Rect(-0.17, 0.0, 0.36, 0.48, ink, radius=0.03),            # forearm
        Rect(-0.31, -0.44, 0.62, 0.42, ink, radius=0.1),           # fingers
        Rect(-0.36, -0.16, 0.46, 0.17, ink, radius=0.08),          # thumb
        Line(-0.155, -0.43, -0.155, -0.18, gap),
        Line(0.0, -0.43, 0.0, -0.18, gap),
        Line(0.155, -0.43, 0.155, -0.02, gap),
        Line(-0.36, -0.165, 0.10, -0.165, gap),
    ]


def _arms(rot: float, long: float, hw: float) -> tuple[tuple[float, float], ...]:
    """Three arms of constant width ``2*hw`` whose tips flare: half a basestar."""
    pts: list[tuple[float, float]] = []
    for k in range(3):
        a = math.radians(rot + 120 * k)
        ux, uy = math.sin(a), -math.cos(a)    # along the arm
        px, py = -uy, ux                      # across it
        for along, across in ((0.1, -hw), (long * 0.8, -hw), (long, -hw * 1.7),
                              (long, hw * 1.7), (long * 0.8, hw), (0.1, hw)):
            pts.append((ux * along + px * across, uy * along + py * across))
    return tuple(pts)


def _basestar(c: str, cut: str) -> list[Item]:
    return [
        Polygon(_arms(0, 0.5, 0.08), Style(fill=c)),
        Polygon(_arms(60, 0.42, 0.07), Style(fill=c, stroke=cut, width=0.03)),
        Circle(0, 0, 0.15, Style(fill=c, stroke=cut, width=0.03)),
    ]


def _dradis(c: str, cut: str) -> list[Item]:
    ring = Style(stroke=c, width=0.045)
    return [
        Circle(0, 0, 0.47, ring),
        Circle(0, 0, 0.31, Style(stroke=c, width=0.025)),
        Circle(0, 0, 0.15, Style(stroke=c, width=0.025)),
        Line(-0.47, 0, 0.47, 0, Style(stroke=c, width=0.02)),
        Line(0, -0.47, 0, 0.47, Style(stroke=c, width=0.02)),
        annular_sector(0, 0, 0, 0.45, 20, 70, Style(fill=c), steps=10),
        Circle(-0.22, 0.2, 0.05, Style(fill=c)),
        Circle(0.12, -0.3, 0.04, Style(fill=c)),
    ]


def _raider(c: str, cut: str) -> list[Item]:
    wing = ((0.0, -0.22), (0.5, 0.18), (0.42, 0.3), (0.12, 0.12), (0.0, 0.26),
            (-0.12, 0.12), (-0.42, 0.3), (-0.5, 0.18))
    return [
        Polygon(wing, Style(fill=c)),
        Rect(-0.13, -0.04, 0.26, 0.06, Style(fill=cut), radius=0.03),
        Circle(0.0, -0.01, 0.03, Style(fill=c)),
    ]


def _ship(c: str, cut: str) -> list[Item]:
    hull = ((-0.48, -0.1), (0.28, -0.14), (0.5, 0.0), (0.28, 0.14), (-0.48, 0.1))
    items: list[Item] = [
        Polygon(hull, Style(fill=c)),
        Rect(-0.3, -0.24, 0.34, 0.12, Style(fill=c), radius=0.04),
        Rect(-0.5, -0.06, 0.06, 0.12, Style(fill=cut)),
    ]
    for i in range(4):
        items.append(Rect(-0.3 + i * 0.14, -0.03, 0.08, 0.06, Style(fill=cut)))
    return items


def _crosshair(c: str, cut: str) -> list[Item]:
    s = Style(stroke=c, width=0.07)
    return [
        Circle(0, 0, 0.32, s),
        Line(0, -0.5, 0, -0.14, s), Line(0, 0.14, 0, 0.5, s),
        Line(-0.5, 0, -0.14, 0, s), Line(0.14, 0, 0.5, 0, s),
        Circle(0, 0, 0.06, Style(fill=c)),
    ]


def _eye(c: str, cut: str) -> list[Item]:
    """The Cylon scanner: a dark visor with a glowing dot."""
    return [
        Rect(-0.5, -0.12, 1.0, 0.24, Style(fill=cut, stroke=c, width=0.03), radius=0.12),
        Rect(-0.36, -0.025, 0.46, 0.05, Style(fill=c), radius=0.025),
        Circle(0.1, 0.0, 0.085, Style(fill=c)),
    ]


def _star(c: str, cut: str) -> list[Item]:
    pts = []
    for k in range(10):
        r = 0.5 if k % 2 == 0 else 0.2
        a = math.radians(36 * k)
        pts.append((r * math.sin(a), -r * math.cos(a)))
    return [Polygon(tuple(pts), Style(fill=c))]


def _bars(c: str, cut: str) -> list[Item]:
    s = Style(stroke=c, width=0.06)
    items: list[Item] = [Line(-0.5, -0.42, 0.5, -0.42, s), Line(-0.5, 0.42, 0.5, 0.42, s)]
    for i in range(6):
        x = -0.42 + i * 0.168
        items.append(Line(x, -0.5, x, 0.5, s))
    return items


_BUILDERS: dict[str, Callable[[str, str], list[Item]]] = {
    "fist": _fist, "basestar": _basestar, "dradis": _dradis, "raider": _raider,
    "ship": _ship, "crosshair": _crosshair, "eye": _eye, "star": _star, "bars": _bars,
}


def icon(name: str, cx: float, cy: float, size: float, colour: str, cut: str = "#ffffff",
         rotate_deg: float = 0.0) -> Group:
    """Icon ``name`` centred on (cx, cy), ``size`` mm across, in ``colour``."""
    try:
        build = _BUILDERS[name]
    except KeyError:
        raise ValueError(f"unknown icon {name!r}; expected one of {', '.join(ICONS)}") from None
    return Group(tuple(build(colour, cut)), dx=cx, dy=cy, rotate_deg=rotate_deg, scale=size)
