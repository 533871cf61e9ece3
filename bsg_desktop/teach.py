"""Teach mode: step through a rule demo (a scenario file) forward and back.

The lesson is pure logic with no Qt, so the same stepping, narration and
"what changed" highlighting can be tested without a window. Going back rebuilds
the game from the scenario (replay is deterministic), so every step is exactly
reproducible and the teacher can take over at any step as a normal game.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from bsg_desktop.data import Text
from bsg_desktop.engine import Event, Game, IllegalChoiceError, PlayerView
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, SOURCE, language, set_language, tr
from bsg_desktop.inputs import read_text
from bsg_desktop.log import describer_for
from bsg_desktop.present.pace import changed_parts
from bsg_desktop.resources import shipped
from bsg_desktop.scenario import Scenario, ScenarioError, load_scenario

DEMO_DIR = shipped("scenarios/demos")


@dataclass(frozen=True)
class DemoEntry:
    path: Path
    titles: Text  # its title in each language the file gives (its file name if none)
    rules: tuple[str, ...]
    error: str = ""  # a demo file with errors is listed with its message, not hidden

    def title(self, lang: str | None = None) -> str:
        return self.titles.get(lang or language())


# each lesson file's entry, with the file's (modification time, size, inode) when it was
# read: a lesson saved again is written to a new file put in place (a new inode)
_listed: dict[Path, tuple[tuple[int, int, int], DemoEntry]] = {}


def list_demos(folder: Path = DEMO_DIR) -> list[DemoEntry]:
    """Every lesson file in ``folder``, each read only when it is new or has changed
    since it was last listed. The window lists the lessons whenever it fills its Learn
    menu (twice as it opens, again at each change of language), and parsing every file
    each time took about 0.4 s."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            st = path.stat()
        except OSError:  # gone since the folder was read: as if it had never been there
            continue
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        known = _listed.get(path)
        if known is None or known[0] != stamp:
            known = _listed[path] = (stamp, _entry(path))
        out.append(known[1])
    return out


def _entry(path: Path) -> DemoEntry:
    try:
        sc = load_scenario(path)
    except ScenarioError as e:
        return DemoEntry(path, Text.of({SOURCE: path.stem}), (), str(e))
    return DemoEntry(path, sc.title or Text.of({SOURCE: path.stem}), sc.rules)


COURSE_FILE = "course.json"
MINE = "mine"  # the chapter of a teacher's own lessons (File → Save as lesson…)


@dataclass(frozen=True)
class Chapter:
    """One chapter of the course: its number, its id (its title is ``teach.chapter.<id>``)
    and its lessons in learning order."""

    number: int
    id: str
    lessons: tuple[DemoEntry, ...]

    def title(self, lang: str | None = None) -> str:
        return tr(f"teach.chapter.{self.id}", lang)

    def numbered(self, index: int, lang: str | None = None) -> str:
        """A lesson's title with its place in the course ("3.2 …")."""
        return tr("teach.course.numbered", lang, chapter=self.number, lesson=index + 1,
                  title=self.lessons[index].title(lang))


class CourseError(UserError):
    """The course file does not match the demos beside it."""


def course(folder: Path = DEMO_DIR, mine: Path | None = None,
           demos: list[DemoEntry] | None = None) -> list[Chapter]:
    """The demos in chapters, in learning order (``course.json`` beside them), then a
    teacher's own lessons from ``mine`` as a chapter of their own. ``demos``: the
    folder's demos already listed (`list_demos`), so no file is read twice.

    A demo the course does not place, or a place with no demo, is a mistake in the
    shipped files, reported as such rather than silently dropped."""
    path = folder / COURSE_FILE
    try:
        data = json.loads(read_text(path, CourseError, "course"))
        chapters = [(str(c["id"]), [str(x) for x in c["lessons"]]) for c in data["chapters"]]
    except (KeyError, TypeError, ValueError) as e:
        raise CourseError(f"{path}: not a course file ({e.__class__.__name__}: {e})") from None
    listed = demos if demos is not None else list_demos(folder)  # each file read once
    by_stem = {d.path.stem: d for d in listed}
    placed = [stem for _id, stems in chapters for stem in stems]
    unknown = sorted(set(placed) - set(by_stem))
    unplaced = sorted(set(by_stem) - set(placed))
    twice = sorted({stem for stem in placed if placed.count(stem) > 1})
    if unknown or unplaced or twice:
        raise CourseError(f"{path}: the course and the demos differ (no such demo: "
                          f"{', '.join(unknown) or 'none'}; in no chapter: "
                          f"{', '.join(unplaced) or 'none'}; in two places: "
                          f"{', '.join(twice) or 'none'})")
    out = [Chapter(i + 1, cid, tuple(by_stem[stem] for stem in stems))
           for i, (cid, stems) in enumerate(chapters)]
    if mine is not None and mine.is_dir():
        own = list_demos(mine)
        if own:
            out.append(Chapter(len(out) + 1, MINE, tuple(own)))
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--list", action="store_true", required=True,
                   help="print the course: chapter, number, title and the rules each lesson "
                        "shows")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default="en")


def run(args: argparse.Namespace) -> int:
    """``bsg-express learn --list``: the course as text, in the chosen language."""
    set_language(args.lang)
    for chapter in course():
        print(tr("teach.course.chapter", number=chapter.number, title=chapter.title()))
        for i, lesson in enumerate(chapter.lessons):
            print(f"  {chapter.numbered(i)}  [{', '.join(lesson.rules)}]")
    return 0


def changes(before: PlayerView, after: PlayerView) -> list[str]:
    """Which parts of the board a step changed: the window highlights them (the pace
    of computer moves counts the same parts, `present.pace.changed_parts`)."""
    return changed_parts(before, after)


class Lesson:
    """A demo in progress: position 0 is the starting position, N after the last step."""

    kicker = "teach.panel.kicker"  # the panel's heading (a review says so instead)
    close_text = "teach.panel.close"

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.pos = 0
        self.game: Game = scenario.start()
        self._events_before = 0
        self._view_before: PlayerView | None = None

    @classmethod
    def open(cls, path: str | Path) -> Lesson:
        return cls(load_scenario(path))

    @property
    def length(self) -> int:
        return len(self.scenario.steps)

    @property
    def at_start(self) -> bool:
        return self.pos == 0

    @property
    def at_end(self) -> bool:
        return self.pos >= self.length

    def forward(self) -> bool:
        if self.at_end:
            return False
        step = self.scenario.steps[self.pos]
        before, count = self.game.view(None), len(self.game.events)
        try:
            self.game.apply(step.choice)
        except IllegalChoiceError as e:
            raise ScenarioError(f"{self.scenario.path}:{step.line}: step {self.pos + 1} "
                                f"({step.choice}): {e}") from None
        self._view_before, self._events_before = before, count
        self.pos += 1
        return True

    def back(self) -> bool:
        if self.at_start:
            return False
        self.goto(self.pos - 1)
        return True

    def position(self, pos: int) -> Game:
        """The game at any position of the lesson (the window's highlight compares two)."""
        return self.scenario.play(max(0, min(pos, self.length)))

    def goto(self, pos: int) -> None:
        """Jump to a step; the step before it is replayed so 'what changed' is right."""
        pos = max(0, min(pos, self.length))
        if pos == 0:
            self.reset()
            return
        prev = self.scenario.play(pos - 1)
        self._view_before = prev.view(None)
        self._events_before = len(prev.events)
        self.game = self.scenario.play(pos)
        self.pos = pos

    def reset(self) -> None:
        self.pos = 0
        self.game = self.scenario.start()
        self._view_before = None
        self._events_before = 0

    def narration(self, lang: str | None = None) -> str:
        lang = lang or language()
        if self.pos == 0:
            t = self.scenario.intro or self.scenario.title
        else:
            t = self.scenario.steps[self.pos - 1].say
        return (t.get(lang) if t else "") or (self.step_log(lang) if self.pos else "")

    def step_log(self, lang: str | None = None) -> str:
        """What the log says of the last step: the narration of a step the teacher has
        not written (a lesson saved from a game starts with none, so the editor's
        fields start empty), and the editor's hint of what to talk about."""
        d = describer_for(self.game)
        return " ".join(d.describe(e, lang or language()) for e in self.step_events())

    def title(self, lang: str | None = None) -> str:
        t = self.scenario.title
        return t.get(lang or language()) if t else Path(self.scenario.path).stem

    def step_events(self) -> list[Event]:
        """The public events of the last step (what the teacher explains now)."""
        if self.pos == 0:
            return []
        return [e for e in self.game.events[self._events_before:] if e.to is None]

    def step_rules(self) -> list[str]:
        seen: list[str] = []
        for e in self.step_events():
            if e.rule not in seen:
                seen.append(e.rule)
        return seen or ([] if self.pos else list(self.scenario.rules))

    def changed(self) -> list[str]:
        if self._view_before is None or self.pos == 0:
            return []
        return changes(self._view_before, self.game.view(None))

    def take_over(self) -> Game:
        """The current position as an ordinary game to play on (a copy: the lesson stays)."""
        return self.game.copy()
