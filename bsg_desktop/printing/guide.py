"""The cover sheet, the calibration page and README.txt: how to make the pack.

The cover is written once as text blocks (`textflow`) from the components and the
page counts of the files actually built, so its checklist and its paper list are
always those of the pack beside it; ``README.txt`` is the same blocks as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from bsg_desktop import __version__
from bsg_desktop.art import dice as dice_art
from bsg_desktop.art.emblems import credits
from bsg_desktop.art.fonts import text_width
from bsg_desktop.art.shapes import Drawing, Group, Item, Label, Style
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import number, text, tr
from bsg_desktop.printing.textflow import Art, Block, Entry, Gap, Heading, Para

CALIBRATION_STEPS = (-1.0, -0.5, 0.0, 0.5, 1.0)


def mm_value(value: float, lang: str) -> str:
    """A length as the language writes it (its catalogue's decimal mark)."""
    return number(value, lang)


def calibration_sizes(die_face: float) -> tuple[float, ...]:
    """Five sticker sizes bracketing the chosen one by ±1 mm."""
    return tuple(round(die_face + d, 2) for d in CALIBRATION_STEPS)


@dataclass(frozen=True, slots=True)
class FilePages:
    """Where a kind of sheet sits in the pack, for the cover's paper list."""

    key: str            # print.guide.f.<key>
    first: int
    last: int
    paper_key: str      # print.guide.<paper_key>


def _pages(lang: str, fp: FilePages) -> str:
    if fp.first == fp.last:
        return tr("print.guide.page", lang, first=fp.first)
    return tr("print.guide.pages", lang, first=fp.first, last=fp.last)


def _paper(lang: str, fp: FilePages) -> str:
    """The paper and how to print on it; a double-sided run names the page pairs that
    make each sheet, so no page is printed on the wrong side of another."""
    if fp.paper_key != "card_duplex":
        return tr(f"print.guide.{fp.paper_key}", lang)
    pairs = [f"{n}–{n + 1}" for n in range(fp.first, fp.last, 2)]
    listed = pairs[0] if len(pairs) == 1 else \
        f"{', '.join(pairs[:-1])} {tr('print.guide.and', lang)} {pairs[-1]}"
    return tr("print.guide.card_duplex", lang, pairs=listed)


def cover_blocks(comp: Components, lang: str, ink: str, die_face: float, layout: str,
                 paper_name: str, files: list[tuple[str, list[FilePages]]],
                 exports: bool) -> list[Block]:
    """The cover page's text: edition, checklist, papers, what to buy, order of work."""
    strong, weak = comp.skill("strong"), comp.skill("weak")
    n_dice = strong.count + weak.count + len(comp.crisis_dice)
    models = ", ".join(text(cy.model, lang) for cy in comp.cylons)
    n = len(comp.characters)
    contents = [
        (n, tr("print.guide.c.characters", lang)),
        (comp.not_cylon_count, tr("print.guide.c.not_cylon", lang,
                                  title=text(comp.not_cylon_title, lang))),
        (len(comp.cylons), tr("print.guide.c.cylon", lang, title=text(comp.cylon_title, lang),
                              models=models)),
        (1, tr("print.guide.c.admiral", lang)),
        (3, tr("print.guide.c.board", lang)),
        (n_dice, tr("print.guide.c.dice", lang, strong=strong.count, weak=weak.count,
                    crisis=len(comp.crisis_dice), stickers=6 * n_dice)),
        (comp.dradis_raiders + comp.dradis_ships,
         tr("print.guide.c.dradis", lang, raiders=comp.dradis_raiders,
            ships=comp.dradis_ships)),
        (n, tr("print.guide.c.demoralized", lang)),
        (len(comp.damage_locations), tr("print.guide.c.damage", lang)),
        (2, tr("print.guide.c.tracks", lang)),
        (n, tr("print.guide.c.aids", lang)),
        (n, tr("print.guide.c.screens", lang)),
        (1, tr("print.guide.c.tuck", lang)),
        (1, tr("print.guide.c.rules", lang)),
    ]
    edition = tr("print.guide.edition", lang, version=__version__, paper=paper_name,
                 ink=tr(f"print.guide.ink_{ink}", lang), die=mm_value(die_face, lang),
                 layout=tr(f"print.guide.layout_{layout}", lang))
    blocks: list[Block] = [Heading(tr("print.guide.title", lang), 0), Para(edition),
                           Para(tr("print.guide.intro", lang), bold=True),
                           Heading(tr("print.guide.contents", lang))]
    blocks += [Entry(str(k), t) for k, t in contents]
    blocks.append(Heading(tr("print.guide.paper", lang)))
    for name, parts in files:
        blocks.append(Heading(name, 2))
        for fp in parts:
            blocks.append(Entry("•", tr(f"print.guide.f.{fp.key}", lang, pages=_pages(lang, fp),
                                        paper=_paper(lang, fp)), 4))
    blocks.append(Heading(tr("print.guide.buy", lang)))
    stickers = sum(fp.last - fp.first + 1 for _, parts in files for fp in parts
                   if fp.key == "stickers")
    for key in ("dice", "cups", "paper_one" if stickers == 1 else "paper", "tools"):
        blocks.append(Entry("•", tr(f"print.guide.b.{key}", lang, die=mm_value(die_face, lang),
                                    stickers=stickers), 4))
    blocks.append(Heading(tr("print.guide.order", lang)))
    steps = ["calibrate", "print", "fold" if layout == "fold" else "duplex", "board", "dice",
             "screens"]
    blocks += [Entry(f"{i}.", tr(f"print.guide.o.{k}", lang), 5)
               for i, k in enumerate(steps, start=1)]
    blocks += [Gap(1.5), Para(tr("print.guide.score", lang))]
    if exports:
        blocks += [Gap(1.5), Para(tr("print.guide.exports", lang))]
    blocks += [Gap(1.5), Para(text(comp.reconstructed_note, lang))]
    return blocks


def calibration_strip(comp: Components, die_face: float, ink: str, lang: str) -> Drawing:
    """The five calibration faces side by side with their sizes written under them."""
    strong = comp.skill("strong")
    sizes = calibration_sizes(die_face)
    gap = 6.0
    items: list[Item] = []
    x = 0.0
    top = max(sizes)
    for s in sizes:
        face = dice_art.skill_face(strong, max(strong.faces), s, ink)
        label = tr("print.die.size", lang, size=mm_value(s, lang))
        cell = max(s, text_width(label, 3.0, True))
        items.append(Group(face.items, dx=x + (cell - s) / 2, dy=top - s))
        items.append(Label(x + cell / 2, top + 4.5, label, 3.0, Style(fill="#1a1a1a"), "middle",
                           True))
        x += cell + gap
    return Drawing(x - gap, top + 6, tuple(items))


def calibration_blocks(comp: Components, lang: str, ink: str, die_face: float) -> list[Block]:
    sizes = tr("number.list", lang).join(mm_value(s, lang) for s in calibration_sizes(die_face))
    return [Heading(tr("print.guide.calibration", lang), 0),
            Para(tr("print.guide.calibration_text", lang, sizes=sizes,
                    die=mm_value(die_face, lang)), bold=True),
            Gap(4), Art(calibration_strip(comp, die_face, ink, lang)),
            *credit_blocks(lang)]


def credit_blocks(lang: str) -> list[Block]:
    """The credit the emblems' licence (CC BY 3.0) asks for, naming the icons' authors:
    on the calibration page, so README.txt, which repeats it, says it too."""
    return [Gap(6), Heading(tr("print.guide.credits", lang)),
            Para(tr("print.guide.credits_text", lang, authors=", ".join(credits()))),
            Para("https://game-icons.net"),
            Para("https://creativecommons.org/licenses/by/3.0/")]
