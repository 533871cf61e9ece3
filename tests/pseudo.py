"""A pseudo-language for tests only, ``qps``: every player text of the English catalogues,
rules and cards, with each letter accented and a third longer, made at test time.

Installed as a language is added (its catalogue files in a locale folder, its rules
file, its card texts), it shows what reaches a player without passing through the
translation layer: such a text keeps plain ASCII letters (`plain_words`), while every
word that came through ``qps`` has none. Its extra length shows labels too narrow for
a longer language.
"""

from __future__ import annotations

import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

QPS = "qps"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçďéƒĝĥíĵķĺḿñóƥǫŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹḾÑÓƤǪŔŠŢÚṼŴẊÝŽ"
_TO_ACCENTED = str.maketrans(_PLAIN, _ACCENTED)
# what a template keeps as written: {fields}, <tags>, &entities; and \n escapes
_KEPT = re.compile(r"\{[^{}]*\}|<[^<>]*>|&#?\w+;|\\n")
# catalogue entries that are data, not words: kept as English writes them
DATA_KEYS = ("number.decimal", "number.list", "print.papers")
# a word of plain letters: a text that did not come through the pseudo-language
_WORD = re.compile(r"[A-Za-z]{2,}")


def pseudo(text: str, limit: int = 0) -> str:
    """``text`` accented and a third longer (``[Ƥášš·Ƥá]`` for "Pass"), its fields,
    tags and entities untouched; at most ``limit`` characters if given."""
    if not text.strip():
        return text
    parts, at = [], 0
    for m in _KEPT.finditer(text):
        parts.append(text[at:m.start()].translate(_TO_ACCENTED))
        parts.append(m.group())
        at = m.end()
    parts.append(text[at:].translate(_TO_ACCENTED))
    body = "".join(parts)
    letters = _KEPT.sub("", text).translate(_TO_ACCENTED)
    pad = (letters.replace(" ", "") * 3)[:max(1, math.ceil(len(letters) / 3) - 2)]
    out = f"[{body}·{pad}]"
    if limit and len(out) > limit:
        out = f"[{body[:limit - 2]}]" if len(body) + 2 > limit else out[:limit - 1] + "]"
    return out


def plain_words(shown: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of plain letters in ``shown`` (none in a text that came through ``qps``),
    but for ``allowed`` (names a player typed, a licence's name)."""
    return [w for w in _WORD.findall(shown) if w not in allowed]


def _catalogue(path: Path) -> dict[str, str]:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def write_catalogues(folder: Path) -> None:
    """``qps.yaml`` and ``<area>.qps.yaml`` beside the English ones in ``folder``."""
    for source in sorted(folder.glob("*.yaml")):
        stem = source.name[:-len(".yaml")]
        if stem != "en" and not stem.endswith(".en"):
            continue
        entries = {str(k): v if str(k) in DATA_KEYS else pseudo(str(v))
                   for k, v in _catalogue(source).items()}
        if stem == "en":
            entries["language.name"] = pseudo("Pseudo")
        target = folder / (f"{QPS}.yaml" if stem == "en" else stem[:-3] + f".{QPS}.yaml")
        target.write_text(yaml.safe_dump(entries, allow_unicode=True, width=10_000),
                          encoding="utf-8")


_RULE_LINE = re.compile(r"^(- [A-Z]\d+ |## [A-Z]\. |#+ |\s*(?:[-*] )?)(.*)$")


def pseudo_rules(markdown: str) -> str:
    """A rules file in ``qps``: its ids, headings' letters and placeholders kept."""
    out = []
    for line in markdown.split("\n"):
        m = _RULE_LINE.match(line)
        assert m is not None  # the last form matches any line
        out.append(m.group(1) + pseudo(m.group(2)))
    return "\n".join(out)


def _with_qps(node: Any, name_chars: int) -> Any:
    """Every text of a cards file ({en: …, hu: …}) given its ``qps`` words too."""
    if isinstance(node, dict):
        if isinstance(node.get("en"), str) and "hu" in node:
            limit = name_chars if len(node["en"]) <= name_chars else 0
            return {**node, QPS: pseudo(node["en"], limit)}
        return {k: _with_qps(v, name_chars) for k, v in node.items()}
    if isinstance(node, list):
        return [_with_qps(v, name_chars) for v in node]
    return node


def write_cards(shipped: Path, target: Path, name_chars: int) -> Path:
    raw = yaml.safe_load(shipped.read_text(encoding="utf-8"))
    target.write_text(yaml.safe_dump(_with_qps(raw, name_chars), allow_unicode=True,
                                     sort_keys=False, width=10_000), encoding="utf-8")
    return target


_SCENARIO_TEXTS = ("title", "intro", "say")


def _scenario_with_qps(node: Any) -> Any:
    """A lesson's texts (a title, an intro, a step's words) given their ``qps`` words."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k in _SCENARIO_TEXTS and isinstance(v, str):
                v = {"en": v, QPS: pseudo(v)}
            elif k in _SCENARIO_TEXTS and isinstance(v, dict) and isinstance(v.get("en"), str):
                v = {**v, QPS: pseudo(v["en"])}
            out[k] = _scenario_with_qps(v)
        return out
    if isinstance(node, list):
        return [_scenario_with_qps(v) for v in node]
    return node


def write_lessons(folder: Path, target: Path) -> Path:
    """A copy of a lessons folder whose lessons speak ``qps`` too."""
    shutil.copytree(folder, target)
    for path in target.glob("*.yaml"):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        path.write_text(yaml.safe_dump(_scenario_with_qps(raw), allow_unicode=True,
                                       sort_keys=False, width=10_000), encoding="utf-8")
    return target


def install(monkeypatch: Any, tmp_path: Path) -> Iterator[Path]:
    """Add ``qps`` as a language is added, and speak it: a locale folder with its
    catalogues, a rules folder with its rules file, a cards file with its texts (the
    path yielded). Everything is put back afterwards."""
    from bsg_desktop import i18n, rules
    from bsg_desktop.data.components import NAME_CHARS, _load, shipped_cards_path
    from bsg_desktop.resources import package_path

    locale = tmp_path / "locale"
    shutil.copytree(package_path("locale"), locale)
    write_catalogues(locale)
    rules_folder = tmp_path / "rules"
    rules_folder.mkdir()
    for md in package_path("rules").glob("rules.*.md"):
        shutil.copy(md, rules_folder / md.name)
    (rules_folder / f"rules.{QPS}.md").write_text(
        pseudo_rules((rules_folder / "rules.en.md").read_text(encoding="utf-8")),
        encoding="utf-8")
    cards = write_cards(shipped_cards_path(), tmp_path / "cards.yaml", NAME_CHARS)

    def caches() -> None:
        i18n.catalog.cache_clear()
        for cached in (rules._markdown, rules._texts, rules._sections):
            cached.cache_clear()
        _load.cache_clear()
        from bsg_desktop.companion.frames import strings_frame
        from bsg_desktop.companion.table import strings_frame as table_strings_frame
        strings_frame.cache_clear()
        table_strings_frame.cache_clear()

    monkeypatch.setattr(i18n, "package_path",
                        lambda name: locale if name == "locale" else package_path(name))
    monkeypatch.setattr(rules, "_FOLDER", rules_folder)
    monkeypatch.setenv("BSG_CARDS", str(cards))
    for code, name in i18n.find_languages().items():  # the folder's languages, qps now one
        monkeypatch.setitem(i18n.LANGUAGES, code, name)
    caches()
    i18n.set_language(QPS)
    try:
        yield cards
    finally:
        i18n.set_language("en")
        monkeypatch.undo()
        caches()
