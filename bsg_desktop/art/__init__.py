"""The one description of every component's look, in millimetres, for every surface.

The PDFs (`bsg_desktop.printing`) and the Qt window both render these drawings; no
layout is written twice (design.md, "One look, two surfaces"). Nothing here knows
about a backend except `fonts`, which measures text with the shipped TTF so that
line breaks are decided once, here.

Frame and values (`art.shapes`)
    Millimetres, origin top-left, y axis down; rotation clockwise in degrees.
    Frozen values: ``Style(fill, stroke, width, dash)`` (colours ``"#rrggbb"`` or
    None), ``Rect(x, y, w, h, style, radius)``, ``Circle(cx, cy, r, style)``,
    ``Line(x1, y1, x2, y2, style)``, ``Polygon(points, style)`` (arcs come as points),
    ``Polyline(points, style)``, ``Label(x, y, text, size_mm, style, anchor, bold)``
    (one line; ``y`` is the baseline; ``anchor`` "start" | "middle" | "end"; the
    font is `fonts.REGULAR` / `fonts.BOLD`, files in `fonts.FONT_FILES`),
    ``Group(items, dx, dy, rotate_deg, scale)`` (scale, then rotate, then move) and
    ``Drawing(width, height, items, anchors, background)``. A backend paints items in
    order; ``background`` is the colour the printer continues into the bleed.

Drawing functions (all take the component objects from ``load_components()`` plus
``lang`` ("en" | "hu") and ``ink`` ("color" | "low"), return a new Drawing, and never
change the model; every text comes through `bsg_desktop.i18n`):
    `art.board`: ``dradis_monitor``, ``galactica_seal``, ``galactica_monitor``,
        ``sections`` (the three, left to right) and ``board`` (joined, 380 × 228 mm).
    `art.dice`: ``skill_face(die, value, size)``, ``crisis_face(die, face, size)``.
    `art.markers`: ``raider``, ``colonial_ship``, ``dradis_back``, ``demoralized(ch)``,
        ``demoralized_back``, ``damage(location)``, ``damage_back``, ``jump_marker``,
        ``distance_marker``, ``all_markers`` -> [(id, face, back)]; ``MARKER`` = 20 mm.
    `art.cards`: ``character_front(ch)``, ``character_brig(ch)``, ``not_cylon_front``,
        ``cylon_front(card)``, ``loyalty_back``, ``admiral_front``, ``admiral_back``,
        ``all_cards`` -> [(id, front, back)]; ``CARD_W`` × ``CARD_H`` = 63.5 × 88.9 mm.
    `art.icons`: ``icon(name, cx, cy, size, colour, cut)`` for fist, basestar, dradis,
        raider, ship, crosshair, eye, star, bars (original vector art).

Anchors (board sections; in `board()` they are offset into the board's frame):
    ``dradis.slot.0`` … ``dradis.slot.9``; ``seal.<character_id>.gold``,
    ``seal.<character_id>.black``, ``seal.centre``; ``damage.<location_id>``;
    ``jump.0`` … ``jump.3``; ``distance.0`` … ``distance.6`` (6 = "6+"). Each is the
    centre of the spot, so a token drawn centred there sits in the printed slot.

Example::

    >>> from bsg_desktop.data.components import load_components
    >>> from bsg_desktop.art.board import galactica_seal
    >>> seal = galactica_seal(load_components(), lang="hu", ink="low")
    >>> seal.width, seal.anchor("seal.centre")
    (170.0, (85.0, 106.0))
"""
