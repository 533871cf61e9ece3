"""The emblem library: insignia a character or a room is shown by, chosen by name.

``cards.yaml`` names one for every character (``emblem: wings``) and every damage
location (its room's icon); a user's own character picks one the same way. They are
vendored Game Icons (CC BY 3.0, `art.emblem_paths`), insignia and objects, never a
likeness and nothing from the TV series or the published games. Each is one `Path`,
so the card, the marker, the board token, the phone page and the PDF draw the same
outline.
"""

from __future__ import annotations

from functools import cache

from bsg_desktop.art.emblem_paths import BOX, PATHS
from bsg_desktop.art.shapes import Circle, Drawing, Group, Item, PathOp, Style
from bsg_desktop.art.shapes import Path as PathShape
from bsg_desktop.art.svgpath import parse_ops

EMBLEMS: tuple[str, ...] = tuple(PATHS)
SOURCE = "Game Icons (game-icons.net)"
LICENCE = "CC BY 3.0"


@cache
def _ops(name: str) -> tuple[PathOp, ...]:
    """The emblem's outline, parsed once, in its 512 × 512 box."""
    return parse_ops("".join(PATHS[name][2]))


def emblem(name: str, cx: float, cy: float, size: float, colour: str) -> Group:
    """Emblem ``name`` centred on (cx, cy), its box ``size`` mm across, in ``colour``."""
    if name not in PATHS:
        raise ValueError(f"unknown emblem {name!r}; expected one of {', '.join(EMBLEMS)}")
    k = size / BOX
    return Group((PathShape(_ops(name), Style(fill=colour)),), dx=cx - size / 2,
                 dy=cy - size / 2, scale=k)


def emblem_drawing(name: str, colour: str = "#ffffff", disc: str | None = None,
                   size: float = 10.0) -> Drawing:
    """The emblem alone, ``size`` mm square, on a disc of colour ``disc`` if given (the
    phone and table pages show it as an SVG picture beside a character's name)."""
    items: list[Item] = []
    if disc:
        items.append(Circle(size / 2, size / 2, size / 2, Style(fill=disc)))
    inset = 0.72 if disc else 1.0
    items.append(emblem(name, size / 2, size / 2, size * inset, colour))
    return Drawing(size, size, tuple(items))


def credits() -> dict[str, tuple[str, ...]]:
    """Each author of the vendored icons and the icons of theirs used (Game Icons names)."""
    out: dict[str, list[str]] = {}
    for icon_id, author, _d in PATHS.values():
        out.setdefault(author, []).append(icon_id)
    return {a: tuple(sorted(ids)) for a, ids in sorted(out.items())}


def credit_line() -> str:
    """One line for an About box or a README: the set, its licence and its authors."""
    return (f"Emblems: {SOURCE}, {LICENCE}, by " + ", ".join(credits()) + ".")
