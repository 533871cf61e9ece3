"""The shipped font and its metrics, so text is measured and wrapped once, in the art.

The PDFs embed this font and the window loads the same TTF files, so a line that
fits on the printed card fits on screen too. Metrics come from reportlab's
pure-Python TrueType parser: it is deterministic on every platform, which keeps
the checked-in PDFs byte-reproducible (a FreeType-based measure could differ by
version and move a line break).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from bsg_desktop.art.shapes import Label, Style
from bsg_desktop.resources import shipped

FONT_DIR = shipped("assets/fonts")
REGULAR = "BSGSans"
BOLD = "BSGSans-Bold"
# No printed text is smaller than 6 pt (2.117 mm): below that, type on card stock
# blurs and many players cannot read it. `fit` and `block` never shrink below it.
MIN_TEXT = 6 * 25.4 / 72
FONT_FILES: dict[str, Path] = {
    REGULAR: FONT_DIR / "DejaVuSansCondensed.ttf",
    BOLD: FONT_DIR / "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, str]:
    """Register the shipped fonts with reportlab (once) and return (regular, bold) names."""
    for name, path in FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))
    return REGULAR, BOLD


def font_name(bold: bool) -> str:
    register_fonts()
    return BOLD if bold else REGULAR


def text_width(text: str, size_mm: float, bold: bool = False) -> float:
    """Advance width of one line in mm at font size ``size_mm``."""
    return pdfmetrics.stringWidth(text, font_name(bold), size_mm)


def wrap(text: str, size_mm: float, width_mm: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width_mm``; a single over-long word gets its own line."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size_mm, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def fit(text: str, size_mm: float, width_mm: float, height_mm: float, bold: bool = False,
        leading: float = 1.2, min_size: float = MIN_TEXT) -> tuple[float, list[str]]:
    """The largest size (from ``size_mm`` down) at which wrapped text fits the box.

    Hungarian texts run longer than English; shrinking the type a little keeps
    every language on the same card layout instead of clipping.
    """
    size = max(size_mm, min_size)
    while True:
        lines = wrap(text, size, width_mm, bold)
        too_wide = any(text_width(ln, size, bold) > width_mm for ln in lines)
        if (len(lines) * size * leading <= height_mm and not too_wide) or size <= min_size:
            return size, lines
        size = max(round(size - 0.1, 2), min_size)


def block(text: str, x: float, y: float, w: float, h: float, size: float, colour: str,
          bold: bool = False, anchor: str = "middle", valign: str = "top",
          leading: float = 1.22, min_size: float = MIN_TEXT) -> list[Label]:
    """Wrapped text fitted into the box (x, y, w, h); shrinks the type if it must.

    ``anchor`` aligns lines horizontally within the box, ``valign`` ("top",
    "middle") places the paragraph vertically.
    """
    size, lines = fit(text, size, w, h, bold, leading, min_size)
    step = size * leading
    total = step * (len(lines) - 1) + size * 0.73
    top = y if valign == "top" else y + (h - total) / 2
    ax = {"start": x, "middle": x + w / 2, "end": x + w}[anchor]
    style = Style(fill=colour)
    return [Label(ax, top + size * 0.73 + i * step, ln, size, style, anchor, bold)  # type: ignore[arg-type]
            for i, ln in enumerate(lines)]
