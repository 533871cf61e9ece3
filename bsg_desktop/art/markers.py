"""Markers (rules C6–C9): square, ``MARKER`` mm across, one Drawing per side.

They are printed as fold-over pairs (face | back) so each marker is two layers of
paper glued together: sturdy enough to slide, and opaque so the back of a DRADIS
marker never shows what is on its face.

A fold made 2 mm off its line shows the face's last 2 mm on the back's fold edge, and
a duplex back printed 2 mm out of register shows 2 mm of its bleed. So within
`CLEAR` of the edge every side of a deck is the same: the backs' frame and everything
on them lies inside it, and nothing that differs between the faces of one deck (a
name, an effect, a faction's colour) comes nearer the edge than that.
"""

from __future__ import annotations

from bsg_desktop.art.emblems import emblem
from bsg_desktop.art.fonts import MIN_TEXT, block, fit, text_width
from bsg_desktop.art.icons import icon
from bsg_desktop.art.palette import Palette, palette
from bsg_desktop.art.shapes import Drawing, Item, Label, Rect, Style
from bsg_desktop.data.components import Character, Components, DamageLocation
from bsg_desktop.i18n import text, tr

MARKER = 20.0
DAMAGE = "#6b2416"
# the room's icon on a damage marker's face: a tone that keeps its words at 4.5:1
DAMAGE_ICON = {"color": "#9a4430", "low": "#e3c8bf"}
DEMORALIZED = "#4a4f57"
CLEAR = 2.8          # mm from the edge: the worst misfold or misregistration (2 mm) and some
EDGE_FRAME = 0.8     # the frame of a face whose frame is the same on its whole deck
INNER_FRAME = 2.4    # the frame of a DRADIS or ship face: its line starts past 2.1 mm


# A back has nothing but its flat colour within this far of its cut: a sheet printed a
# little turned (0.3–0.5°) lands each back off its cut by a different amount, and a
# frame or a word near the edge would show that amount, telling one marker from another
# by its place on the sheet (tests/test_print_tells.py, benchmarks/tells.py).
BACK_CLEAR = 4.5


def _back_base(pal: Palette, colour: str) -> tuple[list[Item], str | None]:
    """A back's ground: flat, frameless (white in low ink, its words and icon in colour)."""
    if pal.low:
        return [Rect(0, 0, MARKER, MARKER, Style(fill="#ffffff"))], None
    return [Rect(0, 0, MARKER, MARKER, Style(fill=colour))], colour


def _back_marker(pal: Palette, bg: str, icon_name: str, icon_colour: str, caption: str
                 ) -> Drawing:
    """A back's icon and caption, all of it `BACK_CLEAR` inside the cut."""
    items, back = _back_base(pal, bg)
    w = MARKER - 2 * BACK_CLEAR
    size, lines = fit(caption, 2.3, w, 3, bold=True)
    colour = bg if pal.low else "#ffffff"
    if len(lines) == 1:
        items.append(icon(icon_name, MARKER / 2, 8.3, 6.5, icon_colour,
                          cut="#ffffff" if pal.low else bg))
        items.append(Label(MARKER / 2, 13.9, caption, size, Style(fill=colour), "middle", True))
    else:
        items.append(icon(icon_name, MARKER / 2, 7.2, 5.0, icon_colour,
                          cut="#ffffff" if pal.low else bg))
        items += block(caption, BACK_CLEAR, 10.0, w, MARKER - BACK_CLEAR - 10.0, 2.3,
                       colour, bold=True, valign="middle")
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def _base(pal: Palette, colour: str, inset: float = EDGE_FRAME
          ) -> tuple[list[Item], str | None]:
    s = MARKER
    if pal.low:
        return [Rect(0, 0, s, s, Style(fill="#ffffff")),
                Rect(inset, inset, s - 2 * inset, s - 2 * inset,
                     Style(stroke=colour, width=0.45), radius=1.5)], None
    return [Rect(0, 0, s, s, Style(fill=colour)),
            Rect(inset, inset, s - 2 * inset, s - 2 * inset,
                 Style(stroke="#ffffff", width=0.25), radius=1.5)], colour


def _ink(pal: Palette, colour: str) -> str:
    return colour if pal.low else "#ffffff"


def _caption(pal: Palette, colour: str, caption: str, y: float = MARKER - 3.4) -> Label:
    size, _ = fit(caption, 2.3, MARKER - 2 * CLEAR, 3, bold=True)
    return Label(MARKER / 2, y, caption, size, Style(fill=_ink(pal, colour)), "middle", True)


def _icon_marker(pal: Palette, bg: str, icon_name: str, icon_colour: str, caption: str,
                 frame: str | None = None) -> Drawing:
    """Icon and caption inside a frame `INNER_FRAME` in; a caption too long for one line
    inside the frame takes two. ``frame`` is the low-ink frame colour when it is not
    ``bg`` (one colour for every face of a deck)."""
    items, back = _base(pal, frame if pal.low and frame else bg, INNER_FRAME)
    w = MARKER - 2 * INNER_FRAME - 1.4
    size, lines = fit(caption, 2.3, w, 3, bold=True)
    if len(lines) == 1:
        items.append(icon(icon_name, MARKER / 2, 8.6, 9, icon_colour,
                          cut="#ffffff" if pal.low else bg))
        items.append(Label(MARKER / 2, 15.9, caption, size, Style(fill=_ink(pal, frame or bg)),
                           "middle", True))
    else:
        items.append(icon(icon_name, MARKER / 2, 7.4, 7, icon_colour,
                          cut="#ffffff" if pal.low else bg))
        items += block(caption, MARKER / 2 - w / 2, 11.3, w, 5.6, 2.3,
                       _ink(pal, frame or bg), bold=True, valign="middle")
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def raider(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 face: a Cylon Raider."""
    pal = palette(ink)
    return _icon_marker(pal, pal.panel if not pal.low else pal.raider, "raider", pal.raider,
                        text(comp.raider_name, lang), frame=pal.accent)


def colonial_ship(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 face: a Colonial Ship."""
    pal = palette(ink)
    return _icon_marker(pal, pal.panel if not pal.low else pal.ship, "ship",
                        pal.accent if not pal.low else pal.ship, text(comp.ship_name, lang),
                        frame=pal.accent)


def dradis_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C6 back: UNKNOWN, identical for every DRADIS marker."""
    pal = palette(ink)
    return _back_marker(pal, pal.panel if not pal.low else pal.accent, "dradis", pal.accent,
                        text(comp.dradis_back, lang))


def demoralized(ch: Character, comp: Components, lang: str = "en", ink: str = "color"
                ) -> Drawing:
    """C7 face: the character this marker demoralizes, by their emblem and name."""
    pal = palette(ink)
    items, back = _base(pal, pal.human)
    ink_ = _ink(pal, pal.human)
    items.append(emblem(ch.emblem, MARKER / 2, 7.6, 11.0, ink_))
    items.append(_caption(pal, pal.human, text(ch.short, lang), MARKER - 3.2))
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def demoralized_back(comp: Components, lang: str = "en", ink: str = "color") -> Drawing:
    """C7 back: plain, so the pile does not tell whose marker comes next."""
    pal = palette(ink)
    items, back = _back_base(pal, DEMORALIZED)
    inside = MARKER - 2 * BACK_CLEAR
    items += block(_hyphenated(text(comp.demoralized_back, lang), inside),
                   BACK_CLEAR, BACK_CLEAR, inside, inside, 2.4, _ink(pal, DEMORALIZED),
                   bold=True, valign="middle")
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def _hyphenated(name: str, width: float, bold: bool = True) -> str:
    """The name with any word too wide for ``width`` at the smallest type broken in two
    ("Communica- tions"), before a consonant that starts a syllable (one followed by a
    vowel, not the second letter of a Hungarian digraph), as far right as fits."""
    vowels = set("aeiouyáéíóöőúüűAEIOUYÁÉÍÓÖŐÚÜŰ")
    digraphs = {"cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs", "ch", "th", "sh", "ph"}
    words = []
    for word in name.split():
        if text_width(word, MIN_TEXT, bold) <= width:
            words.append(word)
            continue
        cut = max((i for i in range(2, len(word) - 2)
                   if word[i] not in vowels and word[i + 1] in vowels
                   and word[i - 1:i + 1].lower() not in digraphs
                   and text_width(word[:i] + "-", MIN_TEXT, bold) <= width), default=None)
        words.append(f"{word[:cut]}- {word[cut:]}" if cut else word)
    return " ".join(words)


def damage(loc: DamageLocation, lang: str = "en", ink: str = "color") -> Drawing:
    """C8 face: the location and what it disables (K6)."""
    pal = palette(ink)
    items, back = _base(pal, DAMAGE)
    ink_ = _ink(pal, DAMAGE)
    # The room's icon, large and in a tone of the marker behind the words: what the
    # marker shows across the table or on a small screen, where its words are too small.
    items.append(emblem(loc.emblem, MARKER / 2, MARKER / 2, MARKER - 2 * CLEAR,
                        DAMAGE_ICON[pal.ink]))
    # 6 pt at the least (`fonts.MIN_TEXT`): the name takes one or two lines, the rule a
    # hair below it, and the effect the rest, above the frame. The text keeps `CLEAR`
    # from the fold edge (the right), where a misfold would show it on the back, and
    # 0.6 mm from the frame on the left.
    x0, x1 = 1.5, MARKER - CLEAR
    w = x1 - x0
    name = _hyphenated(text(loc.name, lang), w)
    effect = _hyphenated(text(loc.text, lang), w, bold=False)   # "kezdemé- nyezése"
    top, room = 1.4, 17.2          # inside the frame, top to bottom
    for lead, gap in ((1.1, 1.1), (1.0, 0.5)):   # the longest texts: tighter, no rule

        def height(words: str, size: float, bold: bool, space: float,
                   lead: float = lead) -> float:
            s, lines = fit(words, size, w, space, bold, lead)
            return s * (lead * (len(lines) - 1) + 0.73) + 0.45 * s

        # the effect gets what the name leaves, so its type shrinks to fit that
        name_h = height(name, 2.5, True, room)
        effect_h = height(effect, 2.2, False, room - name_h - gap)
        if name_h + gap + effect_h <= room:
            break
    y = top + max(0.0, room - name_h - gap - effect_h) / 2
    items += block(name, x0, y, w, name_h, 2.5, ink_, bold=True, leading=lead)
    if gap > 1.0:
        items.append(Rect(4, y + name_h + gap / 2 - 0.125, MARKER - 8, 0.25, Style(fill=ink_)))
    items += block(effect, x0, y + name_h + gap, w, effect_h, 2.2,
                   pal.text if pal.low else "#f3e1d9", leading=lead)
    return Drawing(MARKER, MARKER, tuple(items), background=back)


def damage_back(lang: str = "en", ink: str = "color") -> Drawing:
    """C8 back: plain, so the damage pile is drawn blind."""
    pal = palette(ink)
    return _back_marker(pal, DAMAGE, "basestar", _ink(pal, DAMAGE), tr("print.marker.damage",
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
