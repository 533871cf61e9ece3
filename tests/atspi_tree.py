"""Run by Debian's /usr/bin/python3, which has pyatspi (python3-pyatspi), from
tests/real_x_atspi.py: the accessibility tree of one application as a screen reader
walks it over AT-SPI, printed as one JSON line.

Only what is showing is walked (a reader such as Orca leaves out nodes without the
SHOWING state, and so everything under them). Usage: atspi_tree.py APP_NAME
"""

from __future__ import annotations

import json
import sys
import time

import pyatspi


def node(acc, depth: int = 0) -> dict | None:  # type: ignore[no-untyped-def, type-arg]
    if acc is None or depth > 60 or not acc.getState().contains(pyatspi.STATE_SHOWING):
        return None
    out = {"role": acc.getRoleName(), "name": acc.name or "",
           "description": acc.description or ""}
    try:
        out["text"] = acc.queryText().getText(0, -1)
    except NotImplementedError:
        pass
    kids = (node(acc.getChildAtIndex(i), depth + 1) for i in range(acc.childCount))
    out["children"] = [k for k in kids if k is not None]
    return out


def main() -> None:
    want = sys.argv[1]
    desktop = pyatspi.Registry.getDesktop(0)
    end = time.monotonic() + 20
    apps: list[object] = []
    while time.monotonic() < end:
        apps = [a for a in (desktop.getChildAtIndex(i) for i in range(desktop.childCount))
                if a is not None and a.name == want]
        if apps:
            break
        time.sleep(0.2)
    print(json.dumps({"tree": node(apps[0]) if apps else None}), flush=True)


main()
