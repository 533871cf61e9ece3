"""Colours for both inks, so every drawing function picks by role, not by hex.

``ink="low"`` is the printer-friendly variant: large areas become paper white and
everything that carries meaning (borders, icons, numbers) stays as outline, so the
pack still plays the same while using a fraction of the toner.
"""

from __future__ import annotations

from dataclasses import dataclass

from bsg_desktop.art.shapes import Style

INKS = ("color", "low")


@dataclass(frozen=True, slots=True)
class Palette:
    ink: str
    paper: str          # card / marker body
    panel: str          # board background
    panel_line: str     # grid lines on dark panels
    text: str           # text on paper
    text_on_panel: str  # text on the board panels / dark bands
    accent: str         # DRADIS green
    gold: str
    black: str          # spent-dice part of the seal
    strong: str         # strong skill die border (blue)
    weak: str           # weak skill die border (red)
    human: str          # not-a-Cylon / Colonial blue
    cylon: str          # Cylon red
    raider: str
    ship: str
    slot: str           # slot outline on the board
    mute: str           # secondary text / hints

    @property
    def low(self) -> bool:
        return self.ink == "low"

    def fill(self, colour: str, stroke: str | None = None, width: float = 0.0) -> Style:
        """A large fill in colour ink; in low ink only its outline (in ``stroke``) stays."""
        if self.low:
            return Style(fill=None, stroke=stroke or colour, width=max(width, 0.3))
        return Style(fill=colour, stroke=stroke, width=width)

    def solid(self, colour: str) -> Style:
        """A small fill (icons, pips) that stays filled in both inks."""
        return Style(fill=colour)

    def line(self, colour: str, width: float, dash: tuple[float, ...] | None = None) -> Style:
        return Style(stroke=colour, width=width, dash=dash)

    def ink_text(self, on_panel: bool = False) -> Style:
        return Style(fill=self.text_on_panel if on_panel and not self.low else self.text)


COLOR = Palette(
    ink="color", paper="#f4f1e8", panel="#1d2733", panel_line="#3b4d5e", text="#1a1a1a",
    text_on_panel="#f2f2f2", accent="#47d16c", gold="#c9a227", black="#2a2a2a",
    strong="#1f5fbf", weak="#c0392b", human="#2b5d8a", cylon="#b3261e", raider="#b3261e",
    ship="#2b7a3d", slot="#8fa3b5", mute="#6b6b6b",
)
LOW = Palette(
    ink="low", paper="#ffffff", panel="#ffffff", panel_line="#9a9a9a", text="#000000",
    text_on_panel="#000000", accent="#237a3b", gold="#86670f", black="#000000",
    strong="#1f5fbf", weak="#c0392b", human="#2b5d8a", cylon="#b3261e", raider="#b3261e",
    ship="#2b7a3d", slot="#777777", mute="#555555",
)


def palette(ink: str) -> Palette:
    if ink not in INKS:
        raise ValueError(f"unknown ink {ink!r}; expected one of {', '.join(INKS)}")
    return COLOR if ink == "color" else LOW
