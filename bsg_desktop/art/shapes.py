"""Backend-neutral drawing primitives, in millimetres, y axis down, origin top-left.

These are the words every component's look is written in. They are small frozen
values so that a drawing can be compared, hashed into a snapshot, and rendered by
any backend (reportlab for the PDFs, QGraphicsScene for the window) without the
art code knowing which. Colours are ``"#rrggbb"`` strings; ``None`` means "no
paint". Rotation is clockwise in degrees as seen on the page (the y-down
convention Qt also uses).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Union

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is painted: fill colour, stroke colour, stroke width (mm), dash (mm)."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon (arcs are approximated by points; every backend draws them alike)."""

    points: tuple[Point, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open chain of segments (stroke only)."""

    points: tuple[Point, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Label:
    """One line of text. ``y`` is the baseline; ``size_mm`` is the font size (em) in mm.

    Text is never wrapped by a backend: the art wraps it with `art.fonts` metrics of the
    shipped font, so every surface breaks lines in the same places.
    """

    x: float
    y: float
    text: str
    size_mm: float
    style: Style
    anchor: Anchor = "start"
    bold: bool = False


# A path's operations, in absolute coordinates: ("M", x, y), ("L", x, y),
# ("C", x1, y1, x2, y2, x, y) (a cubic Bézier) and ("Z",) (close the subpath).
PathOp = tuple[str | float, ...]


@dataclass(frozen=True, slots=True)
class Path:
    """A filled outline of straight and cubic segments, filled by the non-zero rule.

    The shape vendored icons are made of (`art.svgpath.parse` turns SVG path data into
    it): every backend knows these four operations, so an icon drawn from SVG data
    looks the same on paper, in the window and on a phone. Subpaths wound the other
    way are holes, as in the SVG the data came from.
    """

    ops: tuple[PathOp, ...]
    style: Style

    def points(self) -> Iterator[Point]:
        """Every end and control point (the path lies inside their hull)."""
        for op in self.ops:
            for i in range(1, len(op), 2):
                yield (float(op[i]), float(op[i + 1]))


Item = Union[Rect, Circle, Line, Polygon, Polyline, Path, Label, "Group"]


@dataclass(frozen=True, slots=True)
class Group:
    """Items drawn in a local frame: scaled, then rotated (clockwise), then moved by dx, dy.

    ``with_text``: the type size (mm) of the note these shapes belong to, such as a
    legend's icon beside its words. A screen that leaves that note out where it would be
    too small to read leaves them out too, so no icon stands there without its words;
    0 (the default, and all of print) draws them always."""

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate_deg: float = 0.0
    scale: float = 1.0
    with_text: float = 0.0

    def map(self, p: Point) -> Point:
        """Where a local point lands in the parent frame."""
        x, y = p[0] * self.scale, p[1] * self.scale
        a = math.radians(self.rotate_deg)
        c, s = math.cos(a), math.sin(a)
        return (x * c - y * s + self.dx, x * s + y * c + self.dy)


@dataclass(frozen=True, slots=True)
class Drawing:
    """A component's look: its size in mm, its items, and named spots on it.

    ``anchors`` maps names to points (mm, same frame) where tokens go, so the window
    places a marker exactly where the printed board has its slot. ``background`` is
    the colour that continues into the bleed when printed (``None``: white paper).
    """

    width: float
    height: float
    items: tuple[Item, ...]
    anchors: Mapping[str, Point] = field(default_factory=lambda: MappingProxyType({}))
    background: str | None = None

    def anchor(self, name: str) -> Point:
        return self.anchors[name]


def walk(items: tuple[Item, ...]) -> Iterator[Item]:
    """Every item, depth first, groups included (for tests and statistics)."""
    for it in items:
        yield it
        if isinstance(it, Group):
            yield from walk(it.items)


def labels(drawing: Drawing) -> list[str]:
    """All texts of a drawing, in drawing order."""
    return [it.text for it in walk(drawing.items) if isinstance(it, Label)]


def frozen_anchors(d: dict[str, Point]) -> Mapping[str, Point]:
    """A read-only anchor map, so a Drawing stays a value."""
    return MappingProxyType(dict(d))


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float, steps: int = 24
               ) -> list[Point]:
    """Points on a circle from angle a0 to a1 (degrees, clockwise from 12 o'clock)."""
    out = []
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        out.append((cx + r * math.sin(a), cy - r * math.cos(a)))
    return out


def annular_sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float,
                   style: Style, steps: int = 24) -> Polygon:
    """A ring segment between radii r0 < r1 and angles a0..a1 (clockwise from 12 o'clock)."""
    outer = arc_points(cx, cy, r1, a0, a1, steps)
    inner = arc_points(cx, cy, r0, a1, a0, steps) if r0 > 0 else [(cx, cy)]
    return Polygon(tuple(outer + inner), style)


def polar(cx: float, cy: float, r: float, a: float) -> Point:
    """The point at radius r, angle a (degrees clockwise from 12 o'clock)."""
    t = math.radians(a)
    return (cx + r * math.sin(t), cy - r * math.cos(t))
