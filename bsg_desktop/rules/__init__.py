"""The rules reference: rule id -> text, from the rules file shipped with the app.

The log cites rule ids; hovering a log line or pressing F1 shows the rule's own
words from here, in the current language when a translation is shipped
(``rules.<lang>.md``), else in English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bsg_desktop.resources import package_path

_FOLDER = package_path("rules")
_RULE = re.compile(r"^- ([A-Z]\d+) (.*)$")
_SECTION = re.compile(r"^## ([A-Z])\. (.*)$")


def rules_markdown(lang: str = "en") -> str:
    path = _FOLDER / f"rules.{lang}.md"
    if not path.exists():
        path = _FOLDER / "rules.en.md"
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def rule_texts(lang: str = "en") -> dict[str, str]:
    """Rule id -> its full text (continuation lines joined)."""
    out: dict[str, str] = {}
    current: str | None = None
    for line in rules_markdown(lang).splitlines():
        m = _RULE.match(line)
        if m:
            current = m.group(1)
            out[current] = m.group(2).strip()
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


def rule_text(rule_id: str, lang: str = "en") -> str:
    texts = rule_texts(lang)
    return texts.get(rule_id) or rule_texts("en").get(rule_id, "")


def rule_ids() -> list[str]:
    return list(rule_texts("en"))


@lru_cache(maxsize=4)
def rule_sections(lang: str = "en") -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The file's sections in order: (heading, rule ids), so a reader sees every rule
    under the heading it belongs to (T0 with the turn, I1–I24 with the readings)."""
    out: list[tuple[str, list[str]]] = []
    for line in rules_markdown(lang).splitlines():
        m = _SECTION.match(line)
        if m:
            out.append((f"{m.group(1)}. {m.group(2).strip()}", []))
            continue
        r = _RULE.match(line)
        if r and out:
            out[-1][1].append(r.group(1))
    return tuple((head, tuple(ids)) for head, ids in out)
