"""The one translation layer: every string a player reads comes through here.

Interface strings live in ``bsg_desktop/locale/<lang>.yaml`` and per-area files
``bsg_desktop/locale/<area>.<lang>.yaml`` (flat keys, merged); card and
component texts live in cards.yaml as `Text` values and are read with `text()`.
Both follow the current language, so switching language re-renders everything.
A missing key falls back to English and then to the key itself, so a missing
translation shows up as visible text rather than a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Protocol

import yaml

from bsg_desktop.resources import package_path

LANGUAGES: dict[str, str] = {"en": "English", "hu": "Magyar"}
_current = "en"
_listeners: list[Callable[[str], None]] = []
# A language for one piece of work (a phone's page in its player's language) that
# leaves the window's language alone; a ContextVar, so each thread has its own.
_speaking: ContextVar[str | None] = ContextVar("bsg_speaking", default=None)


class _HasText(Protocol):
    def get(self, lang: str) -> str: ...


@lru_cache(maxsize=4)
def catalog(lang: str) -> dict[str, str]:
    folder = package_path("locale")
    merged: dict[str, str] = {}
    for path in [folder / f"{lang}.yaml", *sorted(folder.glob(f"*.{lang}.yaml"))]:
        if path.exists():
            raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            merged.update({str(k): str(v) for k, v in raw.items()})
    return merged


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


def tr(key: str, lang: str | None = None, /, **fields: Any) -> str:
    """Translate an interface key and fill ``{field}`` placeholders."""
    lang = lang or _speaking.get() or _current
    template = catalog(lang).get(key) or catalog("en").get(key) or key
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        return template


def text(value: _HasText, lang: str | None = None) -> str:
    """A component text from cards.yaml in the current (or given) language."""
    return value.get(lang or _speaking.get() or _current)
