"""Accessibility that lives in the shared art (so the PDFs keep it too)."""

from __future__ import annotations

from bsg_desktop.art import dice as dice_art
from bsg_desktop.art.shapes import Polygon, walk
from bsg_desktop.data import load_components


def triangles(drawing) -> list[str]:  # type: ignore[no-untyped-def]
    """'up' or 'down' for every triangle on a face, ignoring colour."""
    out = []
    for it in walk(drawing.items):
        if isinstance(it, Polygon) and len(it.points) == 3:
            apex = min(it.points, key=lambda p: p[1]) if sum(
                1 for p in it.points if p[1] == max(q[1] for q in it.points)) == 2 else None
            out.append("up" if apex is not None else "down")
    return out


def test_strong_and_weak_dice_differ_by_shape_not_only_colour() -> None:
    comp = load_components()
    for ink in ("color", "low"):
        for kind, want in (("strong", "up"), ("weak", "down")):
            die = comp.skill(kind)
            for value in set(die.faces):
                marks = triangles(dice_art.skill_face(die, value, 12.7, ink))
                assert marks == [want, want], (kind, value, ink, marks)
