"""The rulebook PDF's text: the rules reference, read from the shipped rules files.

The same ``rules.<lang>.md`` that the window's rules reference and the game log
read (`bsg_desktop.rules`) is turned into text blocks here, so the printed rules
are always the rules the program plays by: every rule with its id, section I's
readings, and I12's note that the crisis dice are reconstructed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bsg_desktop.i18n import tr
from bsg_desktop.printing.textflow import Block, Entry, Gap, Heading, Para
from bsg_desktop.rules import rules_markdown

if TYPE_CHECKING:
    from bsg_desktop.data import Components

_RULE = re.compile(r"^- ([A-Z]\d+) (.*)$")
_MARKUP = re.compile(r"[`*_]")


def _plain(s: str) -> str:
    return _MARKUP.sub("", s).strip()


def rule_blocks(lang: str, components: Components | None = None) -> list[Block]:
    """Headings, paragraphs and one entry per rule (id as its lead), in file order, with
    the numbers of the cards being printed (``components``; the cards in play if None)."""
    blocks: list[Block] = []
    para: list[str] = []
    rule: list[str] = []

    def close() -> None:
        if para:
            blocks.append(Para(_plain(" ".join(para))))
            para.clear()
        if rule:
            blocks.append(Entry(rule[0], _plain(" ".join(rule[1:])), 7.0))
            rule.clear()

    for line in rules_markdown(lang, components).splitlines():
        m = _RULE.match(line)
        if line.startswith("#"):
            close()
            level = 0 if line.startswith("# ") else 1
            blocks.append(Heading(_plain(line.lstrip("#")), level))
            if level == 0:
                blocks += [Para(tr("print.rules.note", lang), bold=True), Gap(1.0)]
        elif m:
            close()
            rule += [m.group(1), m.group(2)]
        elif line.startswith("  ") and line.strip() and rule:
            rule.append(line.strip())
        elif line.strip():
            if rule:
                close()
            if any(isinstance(b, Heading) and b.level == 1 for b in blocks):
                para.append(line.strip())   # the preamble speaks to developers: not printed
        else:
            close()
    close()
    return blocks
