"""The rules reference: rule id -> text, from the rules file shipped with the app.

The log cites rule ids; hovering a log line or pressing F1 shows the rule's own
words from here, in the current language when a translation is shipped
(``rules.<lang>.md``), else in English.

A number the cards file sets is written in the rules files as its name in
braces, ``{jump_max}``, and filled in from the cards in play (``VALUES``), so a
cards file with a longer jump track has rules that say so in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bsg_desktop.data import load_components
from bsg_desktop.i18n import text, tr
from bsg_desktop.resources import package_path

if TYPE_CHECKING:
    from bsg_desktop.data import Components

_FOLDER = package_path("rules")
_RULE = re.compile(r"^- ([A-Z]\d+) (.*)$")
_SECTION = re.compile(r"^## ([A-Z])\. (.*)$")

# placeholder in the rules files -> the value from the cards file
VALUES: dict[str, Callable[[Components], int]] = {
    "jump_max": lambda c: c.jump_max,  # tracks.jump_max: the jump track's last space (J2)
    "distance_win": lambda c: c.distance_win,  # tracks.distance_win: the distance to win (W1)
    "distance_loyalty": lambda c: c.distance_loyalty,  # tracks.distance_loyalty: L1's distance
}


def _values(components: Components | None, lang: str = "en") -> tuple[tuple[str, Any], ...]:
    """What the cards in play put into the rules: the numbers of ``VALUES``, and the X
    line of each character whose own line the rules file does not have (a user's)."""
    c = components if components is not None else load_components()
    values: list[tuple[str, Any]] = [(name, value(c)) for name, value in VALUES.items()]
    lines = tuple(f"- {ch.rule} " + tr("rules.character_line", lang, name=text(ch.name, lang),
                                        title=text(ch.ability_title, lang),
                                        ability=text(ch.ability, lang),
                                        brig=text(ch.brig, lang))
                  for ch in c.characters if ch.rule not in _SHIPPED_X)
    values.append((_X_LINES, lines))
    return tuple(values)


_X_LINES = "x lines"
# the X lines the rules files hold themselves (the rulebook's characters and cards)
_SHIPPED_X = frozenset(f"X{n}" for n in range(1, 11))


def rules_markdown(lang: str = "en", components: Components | None = None) -> str:
    """The rules file in ``lang`` (English if there is none), with the values of
    ``components`` (the cards in play when None) in place of their placeholders, and a
    line in the X section for each of its characters that the rulebook does not have."""
    return _markdown(lang, _values(components, lang))


@lru_cache(maxsize=8)
def _markdown(lang: str, values: tuple[tuple[str, Any], ...]) -> str:
    path = _FOLDER / f"rules.{lang}.md"
    if not path.exists():
        path = _FOLDER / "rules.en.md"
    text = path.read_text(encoding="utf-8")
    for name, value in values:
        if name == _X_LINES:
            if value:  # at the end of the X section, before the next heading
                start = text.index("\n## X.")
                end = text.find("\n## ", start + 1)
                end = len(text) if end < 0 else end
                text = text[:end].rstrip("\n") + "\n" + "\n".join(value) + "\n" + text[end:]
            continue
        text = text.replace("{" + name + "}", str(value))
    return text


def rule_texts(lang: str = "en", components: Components | None = None) -> dict[str, str]:
    """Rule id -> its full text (continuation lines joined)."""
    return _texts(lang, _values(components, lang))


@lru_cache(maxsize=8)
def _texts(lang: str, values: tuple[tuple[str, Any], ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    current: str | None = None
    for line in _markdown(lang, values).splitlines():
        m = _RULE.match(line)
        if m:
            current = m.group(1)
            out[current] = m.group(2).strip()
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


def rule_text(rule_id: str, lang: str = "en", components: Components | None = None) -> str:
    texts = rule_texts(lang, components)
    return texts.get(rule_id) or rule_texts("en", components).get(rule_id, "")


def rule_ids() -> list[str]:
    return list(rule_texts("en"))


def rule_sections(lang: str = "en", components: Components | None = None,
                  ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The file's sections in order: (heading, rule ids), so a reader sees every rule
    under the heading it belongs to (T0 with the turn, I1–I24 with the readings, a
    user's character with the cards)."""
    return _sections(lang, _values(components, lang))


@lru_cache(maxsize=8)
def _sections(lang: str, values: tuple[tuple[str, Any], ...],
              ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: list[tuple[str, list[str]]] = []
    for line in _markdown(lang, values).splitlines():
        m = _SECTION.match(line)
        if m:
            out.append((f"{m.group(1)}. {m.group(2).strip()}", []))
            continue
        r = _RULE.match(line)
        if r and out:
            out[-1][1].append(r.group(1))
    return tuple((head, tuple(ids)) for head, ids in out)


def rule_heading(rule_id: str, lang: str = "en", components: Components | None = None) -> str:
    """The name of the part of the rules ``rule_id`` belongs to ("Dice", "The brig"):
    the one line a page shows above the rule's text when its code is opened."""
    for head, ids in rule_sections(lang, components):
        if rule_id in ids:
            return head.split(". ", 1)[-1]
    return ""


def rule_note(rule_id: str, lang: str = "en", components: Components | None = None,
              ) -> dict[str, str]:
    """A rule code with its name and text, as a page's frame carries it (public: the
    rules of the cards in play), so a tap on the code opens its words with no request
    and in the page's language. Empty for no rule."""
    if not rule_id:
        return {}
    return {"code": rule_id, "name": rule_heading(rule_id, lang, components),
            "text": rule_text(rule_id, lang, components)}
