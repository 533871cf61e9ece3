"""Running text for the printed sheets: headings, paragraphs, entries, laid out in columns.

The cover sheet, the rulebook and ``README.txt`` are written once as a list of
blocks; `layout` wraps them with the shipped font's metrics (`art.fonts`) into
pages of `Label`s, and `plain_text` turns the same blocks into the text file, so
the instructions on paper and beside the PDFs cannot drift apart.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from bsg_desktop.art.fonts import MIN_TEXT, text_width, wrap
from bsg_desktop.art.shapes import Drawing, Group, Item, Label, Line, Style

INK = "#1a1a1a"
BODY = 3.0          # mm, about 8.5 pt
LEADING = 1.3


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    level: int = 1            # 0 title, 1 section, 2 subsection


@dataclass(frozen=True, slots=True)
class Para:
    text: str
    size: float = BODY
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Entry:
    """A bold lead (a rule id, a bullet, a count) with its text hanging beside it."""

    lead: str
    text: str
    lead_w: float = 8.0


@dataclass(frozen=True, slots=True)
class Art:
    """A drawing placed in the text flow (the scale bars, calibration squares)."""

    drawing: Drawing


@dataclass(frozen=True, slots=True)
class Gap:
    mm: float = 2.0


Block = Heading | Para | Entry | Art | Gap
HEADING_SIZE = {0: 7.0, 1: 4.2, 2: 3.4}


def _lines(block: Block, width: float) -> list[tuple[float, list[Item]]]:
    """The block as rows: (height, items drawn at y = 0 of the row, x = 0 of the column)."""
    rows: list[tuple[float, list[Item]]] = []
    style = Style(fill=INK)
    if isinstance(block, Gap):
        return [(block.mm, [])]
    if isinstance(block, Art):
        return [(block.drawing.height, [Group(block.drawing.items)])]
    if isinstance(block, Heading):
        size = HEADING_SIZE[block.level]
        lines = wrap(block.text, size, width, bold=True)
        rows.append((size * 0.5, []))
        for ln in lines:
            rows.append((size * LEADING, [Label(0, size * 0.95, ln, size, style, "start", True)]))
        if block.level == 1:
            rows.append((1.4, [Line(0, 0.5, width, 0.5, Style(stroke="#8a8a8a", width=0.2))]))
        return rows
    if isinstance(block, Para):
        size = max(block.size, MIN_TEXT)
        for ln in wrap(block.text, size, width, block.bold):
            rows.append((size * LEADING, [Label(0, size * 0.95, ln, size, style, "start",
                                                block.bold)]))
        rows.append((size * 0.4, []))
        return rows
    size = BODY
    lead_w = max(block.lead_w, text_width(block.lead, size, True) + 1.2)
    lines = wrap(block.text, size, width - lead_w)
    for i, ln in enumerate(lines):
        items: list[Item] = []
        if i == 0:   # the lead first: text extraction and screen readers read it first
            items.append(Label(0, size * 0.95, block.lead, size, style, "start", True))
        items.append(Label(lead_w, size * 0.95, ln, size, style))
        rows.append((size * LEADING, items))
    rows.append((size * 0.25, []))
    return rows


def layout(blocks: Sequence[Block], width: float, height: float, columns: int = 1,
           gutter: float = 6.0) -> list[list[Item]]:
    """Blocks flowed into ``columns`` columns of a ``width`` × ``height`` mm box, page
    after page; each page is a list of items in the box's frame. A heading never ends
    a column: it moves on with the first lines of what follows it; nor does a list
    entry leave one of its lines alone in a column."""
    col_w = (width - gutter * (columns - 1)) / columns
    pages: list[list[Item]] = [[]]
    col, y = 0, 0.0
    flat: list[tuple[float, list[Item], bool]] = []   # (height, items, keep with next)
    for block in blocks:
        rows = _lines(block, col_w)
        if isinstance(block, Entry):
            # a list entry of up to three lines moves whole; a longer one keeps two lines
            # on each side of a break, so no line of it stands alone in a column
            n = len(rows) - 1                        # its text lines, then a spacer
            kept = set(range(n - 1)) if n <= 3 else {0, n - 2}
            flat += [(h, items, i in kept) for i, (h, items) in enumerate(rows)]
            continue
        keep = isinstance(block, Heading)
        flat += [(h, items, keep) for h, items in rows]

    def need(i: int) -> float:
        """Height of row i plus what must stay with it (a heading and two lines after)."""
        total, j = 0.0, i
        while j < len(flat) and flat[j][2]:
            total += flat[j][0]
            j += 1
        return total + sum(h for h, _, _ in flat[j:j + 2]) if j > i else flat[i][0]

    for i, (h, items, _) in enumerate(flat):
        if y + need(i) > height + 1e-6 and y > 0:
            col += 1
            y = 0.0
            if col == columns:
                pages.append([])
                col = 0
        if not items and y == 0:
            continue                         # no blank space at the top of a column
        x = col * (col_w + gutter)
        if items:
            pages[-1].append(Group(tuple(items), dx=x, dy=y))
        y += h
    return pages


def plain_text(blocks: Sequence[Block], width: int = 78) -> str:
    """The same blocks as a plain-text file (README.txt), wrapped at ``width`` columns."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            out += ["", block.text, ("=" if block.level <= 1 else "-") * len(block.text)]
        elif isinstance(block, Para):
            out += [*textwrap.wrap(block.text, width), ""]
        elif isinstance(block, Entry):
            lead = f"  {block.lead} "
            out += textwrap.wrap(block.text, width, initial_indent=lead,
                                 subsequent_indent=" " * len(lead))
        elif isinstance(block, Gap) and out and out[-1]:
            out.append("")
    text = "\n".join(out).strip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text + "\n"
