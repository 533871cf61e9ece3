"""The print-and-play pack in the pseudo-language ``qps`` (tests/pseudo.py): the text of
every PDF (as pdftotext reads it) and the README hold no English word of the
catalogues, the rules or the cards: everything printed came through the translation
layer."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from pseudo import QPS, install, plain_words
from system_tools import system_tool

from bsg_desktop.data import load_components
from bsg_desktop.printing.pack import FILES, README_FILE, PrintOptions, build_pack
from bsg_desktop.resources import package_path, shipped

# the pack's file names, which its start sheet and README list, are the same in every language
FILE_NAMES = frozenset(w for name in FILES for w in re.findall(r"[A-Za-z]{2,}", name))
_URL = re.compile(r"https?://\S+")  # an address is written the same in every language
PDFTOTEXT = system_tool("pdftotext", "poppler-utils", module_level=True)


@pytest.fixture
def qps(monkeypatch, tmp_path):  # type: ignore[no-untyped-def]
    yield from install(monkeypatch, tmp_path)


def english_words() -> frozenset[str]:
    """Every word of three or more letters the English catalogues, rules and cards use."""
    found: set[str] = set()

    def add(text: str) -> None:
        found.update(w for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^{}]*\}", "", text)))

    for path in package_path("locale").glob("*.yaml"):
        if path.name == "en.yaml" or path.name.endswith(".en.yaml"):
            for value in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).values():
                add(str(value))
    add((package_path("rules") / "rules.en.md").read_text(encoding="utf-8"))

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("en"), str):
                add(node["en"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(yaml.safe_load(shipped("cards.yaml").read_text(encoding="utf-8")))
    return frozenset(found)


def test_the_printed_pack_has_no_english_word(qps: Path, tmp_path: Path) -> None:
    files = build_pack(load_components(), PrintOptions(lang=QPS))
    english = english_words()
    found: dict[str, list[str]] = {}
    for name, data in files.items():
        if name.endswith(".pdf"):
            (tmp_path / name).write_bytes(data)
            words = subprocess.run([PDFTOTEXT, "-q", str(tmp_path / name), "-"],
                                   capture_output=True, text=True, check=True).stdout
        else:
            words = data.decode("utf-8")
        assert words.strip(), name
        plain = [line for line in words.splitlines()
                 if any(w in english for w in plain_words(_URL.sub("", line), FILE_NAMES))]
        if plain:
            found[name] = plain
    assert not found, "\n".join(f"{n}: {line}" for n, lines in found.items() for line in lines)
    assert files[README_FILE]
