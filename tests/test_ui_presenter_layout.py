"""Presenter view (F5) on a classroom's projector at 1024x768, 1366x768 and 1920x1080:
the lesson panel's parts never overlap nor leave the panel, no button's words are cut,
every shipped lesson's title takes at most two lines (English and Hungarian), the seat
panels' words and character plates stay inside their own panels, and the board takes
more of the screen than outside presenter view. At 1920x1080 the texts are at the
projector sizes a back row reads (there, a few lessons are enough). Each size runs in
a process of its own, on an offscreen screen of that size (as the program starts its
window)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

PROBE = """
import json, sys, tempfile
from pathlib import Path
from bsg_desktop.ui.command import _app
app = _app(offscreen=False)
from PySide6.QtCore import QRect
from bsg_desktop.i18n import set_language
from bsg_desktop.teach import list_demos
from bsg_desktop.ui.qtart import text_role
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow

def settle():
    for _ in range(6):
        app.processEvents()

def px(widget):
    widget.ensurePolished()
    f = widget.font()
    return f.pixelSize() if f.pixelSize() > 0 else f.pointSizeF() * 96 / 72

w = MainWindow(settings=Settings(Path(tempfile.mkdtemp()) / "s.ini"), autosave_path=None,
               bot_delay_ms=0, animate=False)
w.resize(1024, 640)
w.show()
w.open_demo(list_demos()[0].path)
settle()
normal_scale = w.scene.px_per_mm
w.act_presenter.trigger()
settle()
p = w.lesson_panel
out = {"size": w.size().toTuple(), "full": w.isFullScreen(), "normal_scale": normal_scale,
       "scale": w.scene.px_per_mm, "sizes": {"narration": px(p.narration),
       "forward": px(p.forward_button), "title": px(p.title)}, "pages": []}
names = ("kicker", "title", "progress", "back_button", "forward_button", "reset_button",
         "take_over_button", "close_button")
for lang in ("en", "hu"):
    set_language(lang)
    for d in list_demos() if sys.argv[1] == "all" else list_demos()[:3]:
        w.open_demo(d.path)
        settle()
        parts = {n: getattr(p, n) for n in names}
        parts["scroll"] = p.narration.parentWidget().parentWidget().parentWidget().parentWidget()
        rects = {n: QRect(x.mapTo(p, x.rect().topLeft()), x.size())
                 for n, x in parts.items() if x.isVisible()}
        title = p.title
        lines = title.height() / title.fontMetrics().lineSpacing()
        seats = []
        scene = w.scene
        for seat, (_k, panel) in scene._seat_panels.items():
            x, y, pw, ph = scene.seat_rect(seat)
            inside = lambda r: (x - .01 <= r.left() and r.right() <= x + pw + .01
                                and y - .01 <= r.top() and r.bottom() <= y + ph + .01)
            for child, op in panel.text_parts:
                if child.isVisible() and text_role(op.em) == "words":
                    seats.append((seat, " ".join(op.texts), inside(child.sceneBoundingRect())))
            card = scene.tokens.get(f"card.{seat}")
            if card is not None:
                seats.append((seat, "plate", inside(card.sceneBoundingRect())))
        out["pages"].append({
            "lesson": f"{lang}/{Path(str(d.path)).name}", "title_lines": lines,
            "title": title.text(), "full_title": d.titles.get(lang),
            "outside": [n for n, r in rects.items() if not p.rect().contains(r)],
            "overlap": [[a, b] for a in rects for b in rects
                        if a < b and rects[a].intersects(rects[b])],
            "cut": [n for n, x in parts.items() if n.endswith("button") and x.isVisible()
                    and x.sizeHint().width() > x.width()],
            "seats_out": [s for s in seats if not s[2]]})
set_language("en")
# a step that shows the dice it picks from: they wrap, the narration keeps its width
demo = next(d for d in list_demos() if Path(str(d.path)).name == "x4_kara_reclaims.yaml")
w.open_demo(demo.path)
for _ in range(2):
    w.lesson_forward()
settle()
scroll = p.narration.parentWidget().parentWidget().parentWidget().parentWidget()
out["dice"] = len(p.face_buttons)
out["wide"] = scroll.widget().width() - scroll.viewport().width()
print(json.dumps(out))
w.controller.stop()
"""


def probe(tmp_path: Path, width: int, height: int, lessons: str) -> dict:  # type: ignore[type-arg]
    config = tmp_path / f"screen-{width}.json"
    config.write_text(json.dumps({"screens": [{
        "name": "projector", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", PROBE, lessons], capture_output=True, text=True,
                       timeout=600, env=dict(os.environ, PYTHONPATH=os.getcwd(),
                                             QT_QPA_PLATFORM=f"offscreen:configfile={config}"))
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("width, height", [(1024, 768), (1366, 768), (1920, 1080)])
def test_presenter_view_fits_a_projector_without_overlaps(tmp_path, width: int,  # type: ignore[no-untyped-def]
                                                           height: int) -> None:
    # every shipped lesson in both languages on the laptop-sized projectors; the large
    # screen, where the titles have the most room, checks the sizes on a few
    seen = probe(tmp_path, width, height, "all" if height < 1000 else "few")
    assert seen["full"] and seen["size"] == [width, height]
    assert len(seen["pages"]) >= (70 if height < 1000 else 6)
    for page in seen["pages"]:
        where = (width, page["lesson"])
        assert page["title_lines"] <= 2.5, (where, page["title"], page["title_lines"])
        assert not page["outside"] and not page["overlap"], (where, page)
        assert not page["cut"], (where, page["cut"])
        assert not page["seats_out"], (where, page["seats_out"])
    # a title is cut short only where two lines at the least size cannot hold it
    # (a narrow 1024x768 side panel); at 1366x768 and up every title is whole
    cut = [p for p in seen["pages"] if p["title"] != p["full_title"]]
    assert len(cut) <= (12 if width == 1024 else 0), [p["title"] for p in cut]
    assert all(p["title"].endswith("…") for p in cut)
    assert seen["dice"] >= 4 and seen["wide"] <= 0, "the dice wrap inside the panel"
    # the board takes the room the log leaves: its words grow with it
    assert seen["scale"] >= seen["normal_scale"]
    sizes = seen["sizes"]
    if (width, height) == (1920, 1080):  # the back row's sizes
        assert sizes["narration"] >= 32 and sizes["forward"] >= 22
    else:  # in proportion on a smaller screen, still larger than the window's own
        assert 18 <= sizes["narration"] < 32 and sizes["forward"] >= 14
