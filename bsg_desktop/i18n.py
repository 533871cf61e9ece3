"""The one translation layer: every string a player reads comes through here.

Interface strings live in ``bsg_desktop/locale/<lang>.yaml`` and per-area files
``bsg_desktop/locale/<area>.<lang>.yaml`` (flat keys, merged); card and
component texts live in cards.yaml as `Text` values and are read with `text()`.
The languages are the locale folder's contents: each ``<lang>.yaml`` is one, named
by its own ``language.name``; adding a language is adding its catalogue files (and
its card texts), no code.
Both follow the current language, so switching language re-renders everything.
A missing key falls back to English and then to the key itself, so a missing
translation shows up as visible text rather than a crash.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import yaml

from bsg_desktop.resources import package_path

# The language every text is written in first, and what a missing translation shows.
SOURCE = "en"


def find_languages(folder: Path | None = None) -> dict[str, str]:
    """Every language of the locale folder, code -> its own name (its ``<code>.yaml``'s
    ``language.name``), the source language first: the one list of languages."""
    folder = folder or package_path("locale")
    codes = sorted((p.stem for p in folder.glob("*.yaml") if "." not in p.stem),
                   key=lambda code: (code != SOURCE, code))
    return {code: read_catalog([folder / f"{code}.yaml"]).get("language.name", code)
            for code in codes}


_current = SOURCE
_listeners: list[Callable[[str], None]] = []
# A language for one piece of work (a phone's page in its player's language) that
# leaves the window's language alone; a ContextVar, so each thread has its own.
_speaking: ContextVar[str | None] = ContextVar("bsg_speaking", default=None)


class _HasText(Protocol):
    def get(self, lang: str) -> str: ...


# libyaml's safe loader when present: the catalogs are read before the first frame,
# and the C parser is several times faster (same result)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _CatalogLoader(_SAFE_LOADER):  # type: ignore[valid-type,misc]
    """The safe loader refusing a key written twice, as a user's files are refused
    (inputs.yaml_data): PyYAML keeps the last of two, so a second copy edited alone
    would silently win, or silently lose."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise ValueError(f"line {key_node.start_mark.line + 1}: duplicate key {key!r}")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def catalog_files(lang: str, folder: Path | None = None) -> list[Path]:
    folder = folder or package_path("locale")
    return [p for p in [folder / f"{lang}.yaml", *sorted(folder.glob(f"*.{lang}.yaml"))]
            if p.exists()]


def read_catalog(paths: list[Path]) -> dict[str, str]:
    """The keys of ``paths`` merged; a key twice in one file, or in two files, is an
    error naming the file: the program's own catalogues are wrong, not the user's."""
    merged: dict[str, str] = {}
    for path in paths:
        try:
            raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_CatalogLoader) or {}
        except ValueError as e:
            raise ValueError(f"{path.name}: {e}") from None
        for k, v in raw.items():
            if str(k) in merged:
                raise ValueError(f"{path.name}: key {str(k)!r} is already defined by an "
                                 "earlier catalogue file")
            merged[str(k)] = str(v)
    return merged


@lru_cache(maxsize=8)
def catalog(lang: str) -> dict[str, str]:
    return read_catalog(catalog_files(lang))


LANGUAGES: dict[str, str] = find_languages()


def language_name(code: str, lang: str | None = None) -> str:
    """Language ``code`` as ``lang`` (the current language) calls it: its catalogue's
    ``language.<code>`` if it has one ("angol" in Hungarian), else the language's own
    name, so a language added later is named without touching the others' files."""
    lang = lang or language()
    return catalog(lang).get(f"language.{code}") or LANGUAGES.get(code, code)


def number(value: float, lang: str | None = None) -> str:
    """A number as ``lang`` writes it: its catalogue's ``number.decimal`` mark (12.7 in
    English, 12,7 in Hungarian)."""
    lang = lang or language()
    out = f"{value:g}"
    mark = catalog(lang).get("number.decimal") or "."
    return out.replace(".", mark) if mark != "." else out


def language() -> str:
    return _speaking.get() or _current


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Translate in ``lang`` inside the block without switching the window's language
    (texts built for one phone in its player's language while the table shows another)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def set_language(lang: str) -> None:
    """Switch the language and tell listeners (the window re-applies its texts)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    _current = lang
    for fn in list(_listeners):
        fn(lang)


def on_language_changed(fn: Callable[[str], None]) -> None:
    _listeners.append(fn)


# Hungarian letters read by their names, where an id such as "A5" or "I13" is spelt
# out: the name of A, E, F, I, L, M, N, O, R, S, U, X, Y begins with a vowel.
_VOWEL_NAMED_LETTERS = frozenset("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")
_VOWELS = frozenset("aáeéiíoóöőuúüű")
_ARTICLE_FIELD = re.compile(r"{([Aa])z:(\w+)}")


def article(word: object) -> str:
    """The Hungarian definite article for ``word``: "az" before a vowel sound, else "a".

    The glossary forbids writing "a(z)", so a template asks for the article of a
    field (``{az:type}``) and this picks it from how the word is read aloud. Numbers
    count by their reading (1 egy, 5 öt, 50 ötven, 1000 ezer take "az"), ids by their
    letter's name (az A5, a K8, az I13), anything else by its first letter.

    >>> [article(w) for w in ("Raider", "ismeretlen DRADIS kapcsolat", "Admirális")]
    ['a', 'az', 'az']
    >>> [article(w) for w in (1, 2, 5, 10, 50, 100, 500, 1000, 2000, "3.", "A5", "K8")]
    ['az', 'a', 'az', 'a', 'az', 'a', 'az', 'az', 'a', 'a', 'az', 'a']
    """
    text = str(word).lstrip(" „\"'(«[")
    if not text:
        return "a"
    digits = re.match(r"\d[\d ]*", text)
    if digits:
        number = digits.group().replace(" ", "")
        top = int(number[: len(number) % 3 or 3])  # the leading group of three digits
        return "az" if number[0] == "5" or top == 1 else "a"
    first = text[0]
    if first.isupper() and (len(text) == 1 or text[1].isdigit() or text[1] == "-"):
        return "az" if first in _VOWEL_NAMED_LETTERS else "a"  # an id, spelt out
    return "az" if first.lower() in _VOWELS else "a"


def _articles(template: str, fields: dict[str, Any]) -> str:
    """``{az:field}`` / ``{Az:field}`` -> the article for the field's value, then it."""
    def one(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in fields:
            return m.group(0)
        art = article(fields[name])
        return (art.capitalize() if m.group(1) == "A" else art) + " {" + name + "}"
    return _ARTICLE_FIELD.sub(one, template)


def tr(key: str, lang: str | None = None, /, **fields: Any) -> str:
    """Translate an interface key and fill ``{field}`` placeholders.

    ``{az:field}`` (``{Az:field}`` at the start of a sentence) fills the field after
    the Hungarian article that fits it (`article`). A negative whole number (a check's
    total) is written with a true minus sign, as the dice print theirs, not a hyphen.
    """
    lang = lang or _speaking.get() or _current
    fields = {k: f"\u2212{-v}" if type(v) is int and v < 0 else v for k, v in fields.items()}
    template = catalog(lang).get(key) or catalog(SOURCE).get(key) or key
    if "z:" in template:
        template = _articles(template, fields)
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        return template


def text(value: _HasText, lang: str | None = None) -> str:
    """A component text from cards.yaml in the current (or given) language."""
    return value.get(lang or _speaking.get() or _current)
