"""Hungarian in the rulebook's words: no text a player reads uses a variant the
glossary forbids.

The list is ``docs/glossary-hu.md``, a copy of the project's shared glossary (the
test checks the copy when the shared folder sits beside the clone). Its right-hand
column names the variants not to use; its grammar note forbids "a(z)"; and where
the rulebook capitalises a term (Admirális, Kolóniai Hajó, Cylonok) the lowercase
form is a variant too. Every Hungarian text is searched: the interface, log, print,
teach and suspicion catalogues, the rules reference, the cards and the demos.

``python3 tests/test_glossary_hu.py OUT`` writes all of those texts into one file,
with where each comes from, for a read-through.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary-hu.md"

# Lowercase forms of terms the rulebook capitalises, and the one misspelling it
# makes itself: case-sensitive, at the start of a word.
CAPITALS = {
    "admirális": "Admirális",
    "cylon": "Cylon, Cylonok",
    "kolóniai": "Kolóniai Hajó",
    "Kolóniai hajó": "Kolóniai Hajó",
}
# Lowercase entries of the table's right-hand column that are such capitals.
_CASE_SENSITIVE = {"admirális", "cylonok"}


def glossary_rows(text: str) -> list[tuple[str, str, str]]:
    """(English, the rulebook's term, the variants not to use) per table row."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and line.startswith("|") and not set(cells[0]) <= set("-: "):
            rows.append((cells[0], cells[1], cells[2]))
    return rows[1:]  # the header row


def forbidden_variants(text: str) -> list[tuple[re.Pattern[str], str, str]]:
    """(pattern, the variant as written, the rulebook's term) for every forbidden form."""
    out: list[tuple[re.Pattern[str], str, str]] = []

    def add(variant: str, use: str, case: bool) -> None:
        flags = 0 if case else re.IGNORECASE
        body = r"\s*".join(re.escape(w) for w in variant.split())
        out.append((re.compile(rf"(?<!\w){body}", flags), variant, use))

    for _en, use, avoid in glossary_rows(text):
        if not avoid:
            continue
        note = re.search(r"writes (\S+?);", avoid)  # "(the rulebook once writes X; use Y)"
        if note:
            add(note.group(1), use, True)
            continue
        for variant in (v.strip() for v in avoid.split(",")):
            if " / " in variant:  # "erős / gyenge kocka": each adjective with the noun
                left, right = variant.split(" / ")
                noun = right.split(" ", 1)[1] if " " in right else ""
                for adj in (left, right.split(" ", 1)[0]):
                    add(f"{adj} {noun}".strip(), use, False)
                add(f"{left}/{right.split(' ', 1)[0]}", use, False)
            elif variant:
                add(variant, use, variant in _CASE_SENSITIVE)
    if "a(z)" in text:  # the grammar note: never "a(z)"
        out.append((re.compile(r"(?<!\w)a\(z\)", re.IGNORECASE), "a(z)", "a / az"))
    for variant, use in CAPITALS.items():
        add(variant, use, True)
    return out


def _hu_values(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every ``hu:`` text inside a loaded YAML document."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "hu" and isinstance(v, str):
                yield where + ".hu", v
            else:
                yield from _hu_values(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _hu_values(v, f"{where}[{i}]")


def hungarian_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every Hungarian text the product shows or prints."""
    locale = ROOT / "bsg_desktop" / "locale"
    for path in [locale / "hu.yaml", *sorted(locale.glob("*.hu.yaml"))]:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key, value in raw.items():
            yield f"{path.relative_to(ROOT)}: {key}", str(value)
    for path in sorted(ROOT.glob("bsg_desktop/**/*.hu.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                yield f"{path.relative_to(ROOT)}:{n}", line
    cards = ROOT / "cards.yaml"
    yield from _hu_values(yaml.safe_load(cards.read_text(encoding="utf-8")), "cards.yaml: ")
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        yield from _hu_values(doc, f"{path.relative_to(ROOT)}: ")


def violations(texts: Iterator[tuple[str, str]], glossary: str) -> list[str]:
    """One line per forbidden form found (placeholders such as ``{cylons}`` aside)."""
    rules = forbidden_variants(glossary)
    found = []
    for where, value in texts:
        words = re.sub(r"{[^{}]*}", "…", value)
        seen: set[int] = set()
        for pattern, variant, use in rules:
            m = pattern.search(words)
            if m and m.start() not in seen:
                seen.add(m.start())
                found.append(f"{where}: {m.group(0)!r} ({variant}; the rulebook: {use})")
    return found


# Words Hungarian does not use in the product, though no glossary row names them.
LOCAL = {"mentetlen": "nem mentett", "Kom.": "Kommunikációs központ"}

# Title case: Hungarian capitalises only a name's first word ("Hajtóműterem", "Admirális
# szállása", "Morálváltozat"), not each word as English does. A capital after another
# word is allowed for the names and terms written so: people, Galactica, Cylon, Raider,
# Kolóniai Hajó, the Admirális, DRADIS, one-word rooms ("a Galactica Fegyverraktára")
# and a few product names (Game Icons: the vendored emblems).
_UP = "A-ZÁÉÍÓÖŐÚÜŰ"
_NAMES = ("William", "Lee", "Kara", "Laura", "Gaius", "Adam", "Thrace", "Roslin", "Baltar",
          "Starbuck", "Galactica", "Battlestar", "Cylon", "Raider", "Hajó", "Admirális",
          "Fegyverraktár", "Sajtószob", "Fegyvervezérlés", "Evan", "Derrick", "Express",
          "Desktop", "Tabletop", "Simulator", "Saved", "Objects", "My", "Games", "Qt",
          "Multimedia", "PySide", "Icons")
_ARTICLES = {"A", "Az", "Egy"}
_PAIR = re.compile(rf"(?<![\w.])([{_UP}][\w-]*) (?=([{_UP}][\w-]*))")


def title_case_names(value: str) -> list[str]:
    """Word pairs where a capitalised word follows a capitalised word that is not an
    article or an all-capitals label ("A FOGDÁBAN", "FTL"), and is not a name above."""
    found = []
    for m in _PAIR.finditer(value):
        first, second = m.group(1), m.group(2)
        if (first in _ARTICLES or second.isupper() or not any(c.islower() for c in second)
                or second.startswith(_NAMES)):
            continue
        if first.isupper() and len(first) > 1 and not any(c.isdigit() for c in first):
            found.append(f"{first} {second}")  # an acronym before a name: "FTL Ugrás…"
        elif any(c.islower() for c in first):
            found.append(f"{first} {second}")
    return found


def local_violations(texts: Iterator[tuple[str, str]]) -> list[str]:
    """Title-case names and the words of ``LOCAL``, one line each."""
    found = []
    for where, value in texts:
        words = re.sub(r"{[^{}]*}", "…", value)
        found += [f"{where}: {pair!r} (title case; Hungarian capitalises the first word)"
                  for pair in title_case_names(words)]
        for bad, use in LOCAL.items():
            if re.search(rf"(?<!\w){re.escape(bad)}", words):
                found.append(f"{where}: {bad!r} (write {use})")
    return found


def test_the_title_case_check_catches_english_style_names() -> None:
    bad = ["Hajtómű Terem", "az Admirális Szállása", "Morál Változat: a beszéd",
           "FTL Ugráselőkészítés", "Lee Adama Kezdeményezése", "a Kom. Központ"]
    assert all(local_violations(iter([("x", b)])) for b in bad), bad
    good = ["Hajtóműterem", "az Admirális szállása", "Morálváltozat: a beszéd",
            "FTL ugrásjelző", "Kezdeményezés (Lee Adama)", "Kommunikációs központ",
            "A FOGDÁBAN van", "Az Admirális dob", "Két Raider", "a Galactica Fegyverraktára",
            "Egyes Cylon", "Az Új játék ablakban",
            "UGRÁS ELŐKÉSZÍTVE", "C1 Háromrészes tábla"]
    assert [g for g in good if local_violations(iter([("x", g)]))] == []


def test_an_unsaved_game_is_nem_mentett() -> None:
    assert local_violations(iter([("x", "mentetlen játék")]))
    assert not local_violations(iter([("x", "nem mentett játék")]))


def test_no_hungarian_text_writes_names_in_title_case() -> None:
    found = local_violations(hungarian_texts())
    assert not found, "\n".join(found)


def _terms(markdown: str) -> list[str]:
    """The English column of a glossary's table."""
    return [line.split("|")[1].strip() for line in markdown.splitlines()
            if line.startswith("| ") and not line.startswith(("| English", "|---"))]


def test_glossary_keeps_every_term_of_the_shared_one() -> None:
    """The product's glossary starts from the shared one (the rulebook's words) and
    writes its terms as the product prints them (a native reading set some spellings:
    Hajtóműterem, Morálváltozat, távolságjelző); it drops no term."""
    root = ROOT
    shared = [b / "shared" / "glossary-hu.md" for b in (root.parent, root.parent.parent)]
    found = [p for p in shared if p.is_file()]
    if not found:
        pytest.skip("no shared glossary beside the clone")
    ours = _terms(GLOSSARY.read_text(encoding="utf-8"))
    assert [t for t in _terms(found[0].read_text(encoding="utf-8")) if t not in ours] == []


def test_glossary_yields_the_forbidden_variants() -> None:
    variants = {v for _p, v, _u in forbidden_variants(GLOSSARY.read_text(encoding="utf-8"))}
    for v in ("válság", "gyarmati hajó", "Lelkesítés", "sérülésjelző", "képességpróba",
              "Morálvariáns", "a(z)", "parancs", "erős kocka", "gyenge kocka",
              "demoralizáció-jelző", "tegyél be", "betett", "admirális", "Nyughatatlanság",
              "Raiderek megsemmisítése"):
        assert v in variants, v


def test_the_check_catches_variants_and_spares_the_rulebook_words() -> None:
    glossary = GLOSSARY.read_text(encoding="utf-8")
    bad = [("a", "A válságkocka"), ("b", "a gyarmati hajót"), ("c", "az admirális dob"),
           ("d", "Tegyél be kockát"), ("e", "a(z) 3. mező"), ("f", "erős kocka"),
           ("g", "a cylonok nyernek"), ("h", "Kolóniai hajó"), ("i", "Lelkesítés")]
    assert len(violations(iter(bad), glossary)) == len(bad)
    good = [("a", "Az Admirális dob egy magas szakértelem kockával."),
            ("b", "A Cylonok nyernek: a Kolóniai Hajó elpusztul."),
            ("c", "Erős gépi játékos"), ("d", "a közösbe adott kockák; a krízis")]
    assert violations(iter(good), glossary) == []


def test_no_hungarian_text_uses_a_forbidden_variant() -> None:
    texts = list(hungarian_texts())
    assert len(texts) > 400  # the catalogues, the rules, the cards and the demos
    found = violations(iter(texts), GLOSSARY.read_text(encoding="utf-8"))
    assert not found, "\n".join(found)


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.write_text("".join(f"[{w}]\n{t}\n\n" for w, t in hungarian_texts()), encoding="utf-8")
    print(f"{out}: {sum(1 for _ in hungarian_texts())} texts")
