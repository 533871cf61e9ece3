"""Rewrite the checked-in packs under print/: ``python -m bsg_desktop.printing.regenerate``.

Run it after changing the art, the layouts, the locale files or cards.yaml; the
test suite fails until the checked-in PDFs match what the code produces.
"""

from __future__ import annotations

import json
from pathlib import Path

import reportlab

from bsg_desktop.data.components import load_components
from bsg_desktop.printing.command import write_files
from bsg_desktop.printing.pack import CHECKED_IN, build_pack

PRINT_DIR = Path(__file__).resolve().parents[2] / "print"
MANIFEST = PRINT_DIR / "manifest.json"


def main() -> None:
    comp = load_components()
    for folder, options in CHECKED_IN.items():
        for path in write_files(PRINT_DIR / folder, build_pack(comp, options)):
            print(path)
    # PDF bytes depend on the reportlab release; the staleness test compares bytes only
    # under the release recorded here and falls back to page text and sizes otherwise.
    MANIFEST.write_text(json.dumps({"reportlab": reportlab.Version}, indent=1) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    main()
