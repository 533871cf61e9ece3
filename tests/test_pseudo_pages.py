"""The phone page and the table page in the pseudo-language ``qps`` (tests/pseudo.py), in
one Chromium: every text they show came through the translation layer (no word of
plain letters), and no text is cut off by its box or pushes the page sideways.

The table speaks ``qps`` as a window does, so the phone of each seat starts in it and
the table page follows it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("playwright")

from pseudo import install, plain_words  # noqa: E402
from test_companion_browser import artefacts  # noqa: E402

from bsg_desktop.i18n import LANGUAGES  # noqa: E402

# Elements whose text is cut off by their own box (overflow hidden or an ellipsis), or
# wider than the page; the page's own text.
LOOK = """() => {
  const cut = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.offsetParent === null || !el.textContent.trim() || el.closest('[hidden]')
        || el.closest('.visually-hidden')) continue;  // for screen readers: clipped to 1 px
    // the phone's header keeps one line on a 320 px phone, its name cut short by design
    if (el.matches('header h1')) continue;
    const s = getComputedStyle(el);
    const hides = ['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1)
      cut.push(`${el.tagName}#${el.id}.${el.className}: ${el.textContent.trim().slice(0, 60)}`);
    if (el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      cut.push(`past the edge ${el.tagName}#${el.id}.${el.className}`);
  }
  const titles = [...document.querySelectorAll('[title], [aria-label], [alt], option')]
    .map(e => [e.title, e.getAttribute('aria-label'), e.alt,
               e.matches('option') ? e.textContent : ''].join(' '));
  return {cut, text: document.body.innerText + ' ' + titles.join(' ') + ' ' + document.title};
}"""


BRAND = frozenset({"BSG", "Express"})  # the game's name, the same in every language


@pytest.fixture
def qps(monkeypatch, tmp_path):  # type: ignore[no-untyped-def]
    yield from install(monkeypatch, tmp_path)


def _untranslated(text: str) -> list[str]:
    # each language by its own name, in the page's language list
    endonyms = frozenset(w for name in LANGUAGES.values() for w in plain_words(name))
    return sorted(set(plain_words(text, endonyms | BRAND)))


def test_the_phone_and_table_pages_speak_only_through_the_catalogues(  # type: ignore[no-untyped-def]
        qps: Path, chromium, hosted_table, tmp_path) -> None:
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(23)
    table = TableHost(c, ph)
    table.publish()
    folder = artefacts(tmp_path)
    found: dict[str, Any] = {}

    def look(browser: Any) -> None:
        pages = [("phone-360", ph.url(0), (360, 740), "#decision [data-choice]"),
                 ("phone-768", ph.url(1), (768, 1024), "#decision, #table .sentence"),
                 ("table-1280", table.url(), (1280, 720), "#seats .seat")]
        for name, url, (w, h), ready in pages:
            page = browser.new_context(viewport={"width": w, "height": h}).new_page()
            page.goto(url)
            page.wait_for_selector(ready)
            page.wait_for_timeout(300)  # the frames after the first
            page.screenshot(path=str(folder / f"qps-{name}.png"))
            found[name] = page.evaluate(LOOK)
            page.context.close()

    chromium.do(look, timeout=120)
    problems = [f"{name}: cut {cut}" for name, seen in found.items() for cut in seen["cut"]]
    problems += [f"{name}: {_untranslated(seen['text'])}" for name, seen in found.items()
                 if _untranslated(seen["text"])]
    assert not problems, "\n".join(problems)
