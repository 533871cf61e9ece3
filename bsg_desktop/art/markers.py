"""Markers (rules C6–C9): square, ``MARKER`` mm across, one Drawing per side.

They are printed as fold-over pairs (face | back) so each marker is two layers of
paper glued together: sturdy enough to slide, and opaque so the back of a DRADIS
marker never shows what is on its face.
"""

from __future__ import annotations

from bsg_desktop.art.fonts import block, fit
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import Palette, palette
from bsg_desktop.art.shapes import Drawing, Item, Label, Rect, Style
from bsg_desktop.data.components import Character, Components, DamageLocation
from bsg_desktop.i18n import text, tr

MARKER = 20.0
DAMAGE = "#6b2416"
DEMORALIZED = "#4a4f57"


def _base(pal: Palette, colour: str) -> tuple[list[Item], str | None]:
    s = MARKER
    if pal.low:
        return [Rect(0, 0, s, s, Style(fill="#ffffff")),
                Rect(0.8, 0.8, s - 1.6, s - 1.6, Style(stroke=colour, width=0.45), radius=1.5)
                ], None
    return [Rect(0, 0, s, s, Style(fill=colour)),
            Rect(0.8, 0.8, s - 1.6, s - 1.6, Style(stroke="#ffffff", width=0.25), radius=1.5)
            ], colour


def _ink(pal: Palette, colour: str) -> str:
    return colour if pal.low else "#ffffff"


def _caption(pal: Palette, colour: str, caption: str, y: float = MARKER - 2.4) -> Label:
    size, _ = fit(caption, 2.3, MARKER - 3, 3, bold=True)
    return Label(MARKER / 2, y, caption, size, Style(fill=_ink(pal, colour)), "middle", True)


def _icon_marker(pal: Palette, bg: str, icon_name: str, icon_colour: str, caption: str
                 ) -> Drawing:
    items, back = _base(pal, bg)
    items.append(icon(icon_name, MARKER / 2, MARKER / 2 - 1.5, 12, icon_colour,
                      cut="#ffffff" if pal.low else bg))
    items.append(_caption(pal, bg, caption))
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def raider(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 face: a Cylon Raider."""
    pal = palette(ink)
    return _icon_marker(pal, pal.panel if not pal.low else pal.raider, "raider", pal.raider,
                        text(comp.raider_name, lang))


def colonial_ship(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 face: a Colonial Ship."""
    pal = palette(ink)
    return _icon_marker(pal, pal.panel if not pal.low else pal.ship, "ship",
                        pal.accent if not pal.low else pal.ship, text(comp.ship_name, lang))


def dradis_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 back: UNKNOWN, identical for every DRADIS marker."""
    pal = palette(ink)
    return _icon_marker(pal, pal.panel if not pal.low else pal.accent, "dradis", pal.accent,
                        text(comp.dradis_back, lang))


def demoralized(ch: Character, comp: Components, lang: str = "en", ink: str = "color"
                ) -> Drawing:
    """C7 face: the character this marker demoralizes."""
    from bsg_desktop.art.cards import initials

    pal = palette(ink)
    items, back = _base(pal, pal.human)
    ink_ = _ink(pal, pal.human)
    items.append(Label(MARKER / 2, 11.2, initials(ch), 8, Style(fill=ink_), "middle", True))
    items.append(_caption(pal, pal.human, text(ch.short, lang), MARKER - 3.2))
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def demoralized_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C7 back: plain, so the pile does not tell whose marker comes next."""
    pal = palette(ink)
    items, back = _base(pal, DEMORALIZED)
    items += block(text(comp.demoralized_back, lang), 1.5, 1.5, MARKER - 3, MARKER - 3, 2.4,
                   _ink(pal, DEMORALIZED), bold=True, valign="middle")
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def damage(loc: DamageLocation, lang: str = "en", ink: str = "color") -> Drawing:
    """C8 face: the location and what it disables (K6)."""
    pal = palette(ink)
    items, back = _base(pal, DAMAGE)
    ink_ = _ink(pal, DAMAGE)
    # 6 pt at the least (`fonts.MIN_TEXT`): the name takes up to two lines, the rule a
    # hair, and the effect up to four lines below it.
    items += block(text(loc.name, lang), 1.0, 1.3, MARKER - 2.0, 5.6, 2.5, ink_, bold=True,
                   valign="middle")
    items.append(Rect(4, 7.2, MARKER - 8, 0.25, Style(fill=ink_)))
    items += block(text(loc.text, lang), 1.2, 7.8, MARKER - 2.4, MARKER - 8.9, 2.2,
                   pal.text if pal.low else "#f3e1d9", valign="middle")
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def damage_back(lang: str = "en", ink: str = "color") -> Drawing:
    """C8 back: plain, so the damage pile is drawn blind."""
    pal = palette(ink)
    return _icon_marker(pal, DAMAGE, "basestar", _ink(pal, DAMAGE), tr("print.marker.damage",
                                                                       lang))


def jump_marker(lang: str = "en", ink: str = "color") -> Drawing:
    """C9: the FTL jump preparation marker (same on both sides)."""
    pal = palette(ink)
    return _icon_marker(pal, pal.strong, "crosshair", _ink(pal, pal.strong),
                        tr("print.marker.jump", lang))


def distance_marker(lang: str = "en", ink: str = "color") -> Drawing:
    """C9: the distance marker (same on both sides)."""
    pal = palette(ink)
    return _icon_marker(pal, pal.ship, "ship", _ink(pal, pal.ship),
                        tr("print.marker.distance", lang))


def all_markers(comp: Components, lang: str = "en", ink: str = "color"
                ) -> list[tuple[str, Drawing, Drawing]]:
    """Every marker of the box as (id, face, back), in print order (C6–C9)."""
    out: list[tuple[str, Drawing, Drawing]] = []
    back = dradis_back(comp, lang, ink)
    out += [(f"raider_{i + 1}", raider(comp, lang, ink), back)
            for i in range(comp.dradis_raiders)]
    out += [(f"colonial_ship_{i + 1}", colonial_ship(comp, lang, ink), back)
            for i in range(comp.dradis_ships)]
    dback = demoralized_back(comp, lang, ink)
    out += [(f"demoralized_{ch.id}", demoralized(ch, comp, lang, ink), dback)
            for ch in comp.characters]
    kback = damage_back(lang, ink)
    out += [(f"damage_{loc.id}", damage(loc, lang, ink), kback) for loc in comp.damage_locations]
    jm, dm = jump_marker(lang, ink), distance_marker(lang, ink)
    out += [("jump", jm, jm), ("distance", dm, dm)]
    return out
