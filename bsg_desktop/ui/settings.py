"""The program's remembered settings: every value has a group and a typed accessor.

The file is read and written here, not by QSettings: Qt turns a value such as
``@Variant(\\0\\0\\0\\t\\x7f\\xff\\xff\\xff)`` into whatever it claims (here a list of
2^31 items) while it reads the file, and a damaged file would then abort the window at
every start before any code of ours could look at it. Here the file is an ini file
whose values are JSON texts (a value that is not JSON is read as plain text, as an
older file holds them); a value of the wrong kind falls back to its default, and a
file that cannot be read at all (not text, no ``[group]``, too large) is set aside
beside itself under a new name, ``problem`` says so, and the defaults are used.

Tests and the screenshot command pass a file of their own, so they never read or
overwrite a player's real settings.
"""

from __future__ import annotations

import configparser
import json
import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from bsg_desktop.crash import APPLICATION, ORGANIZATION
from bsg_desktop.errors import UserError
from bsg_desktop.inputs import read_bytes
from bsg_desktop.present.pace import DEFAULT_PACE, PACES

RECENT_MAX = 8
AUTOSAVE_NAME = "autosave.bsgx.json"
MAX_BYTES = 1_000_000  # a settings file is a few hundred bytes; far beyond that it is not one


def default_settings_path() -> Path:
    """Where QSettings kept them on Linux (``~/.config/BSG Express/bsg-express-desktop.conf``),
    so a player's language and choices carry over; the same folder layout elsewhere."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(base or Path.home() / ".config") / ORGANIZATION / f"{APPLICATION}.conf"


class Settings:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_settings_path()
        # where an unreadable file was set aside, for the window to say once
        self.problem: Path | None = None
        self.values: dict[str, dict[str, object]] = {}
        if not os.path.lexists(self.path):
            return
        try:
            self.values = _read(self.path)
        except (UserError, ValueError, configparser.Error):
            self._set_aside()

    def _set_aside(self) -> None:
        from bsg_desktop.ui.controller import set_aside

        try:
            if not self.path.is_file():
                raise OSError("only a file is moved")  # a folder or a pipe stays put
            self.problem = set_aside(self.path)
        except OSError:
            self.problem = self.path  # it stays where it is; it is not read either way

    def _get(self, group: str, key: str, default: object = None) -> object:
        return self.values.get(group, {}).get(key, default)

    def _set(self, group: str, key: str, value: object) -> None:
        from bsg_desktop.engine.save import write_atomic

        self.values.setdefault(group, {})[key] = value
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, _written(self.values))
        except OSError:
            pass  # a settings folder that cannot be written: the values last this run

    def _flag(self, group: str, key: str, default: bool) -> bool:
        """An on/off value, stored as the text "true" or "false"; anything else stored
        there counts as off."""
        return str(self._get(group, key, _flag_text(default))).lower() == "true"

    def _set_flag(self, group: str, key: str, on: bool) -> None:
        self._set(group, key, _flag_text(on))

    # window
    def window_rect(self) -> tuple[int, int, int, int] | None:
        """The window's last normal (not maximised, not full screen) place and size as
        x, y, width and height; None unless four whole numbers of a sane size are stored.
        Whether they are on a screen today is the window's question (``ui.placement``)."""
        v = self._get("window", "rect")
        if not (isinstance(v, list) and len(v) == 4
                and all(isinstance(n, int) and not isinstance(n, bool) for n in v)):
            return None
        x, y, w, h = v
        if not (all(abs(n) <= 100_000 for n in (x, y)) and 200 <= w <= 20_000
                and 150 <= h <= 20_000):
            return None
        return x, y, w, h

    def set_window_rect(self, x: int, y: int, w: int, h: int) -> None:
        self._set("window", "rect", [int(x), int(y), int(w), int(h)])

    def window_maximised(self) -> bool:
        """The window was maximised when it last closed: off unless stored so."""
        return self._flag("window", "maximised", False)

    def set_window_maximised(self, on: bool) -> None:
        self._set_flag("window", "maximised", on)

    # ui
    def language(self) -> str:
        """One of the languages the program has (English unless another was stored)."""
        from bsg_desktop.i18n import LANGUAGES

        v = self._get("ui", "language", "en")
        return v if isinstance(v, str) and v in LANGUAGES else "en"

    def set_language(self, lang: str) -> None:
        self._set("ui", "language", lang)

    def fast_bots(self) -> bool:
        """The older on/off switch "Computer players: fast" (now the fast pace)."""
        return self._flag("ui", "fast_bots", False)

    def pace(self) -> str:
        """Settings -> Pace: fast, normal or slow (`present.pace`); normal unless another
        was stored, or fast where only the older "fast computer players" switch was on."""
        v = self._get("ui", "pace", None)
        if isinstance(v, str) and v in PACES:
            return v
        return "fast" if v is None and self.fast_bots() else DEFAULT_PACE

    def set_pace(self, pace: str) -> None:
        self._set("ui", "pace", pace)

    def moments(self) -> bool:
        """Short moments on the board (jump, crisis, reveal, brig, game end): on unless
        turned off."""
        return self._flag("ui", "moments", True)

    def set_moments(self, on: bool) -> None:
        self._set_flag("ui", "moments", on)

    def sound(self) -> bool:
        """The moments' sounds: on unless turned off. Sound needs an optional install
        (Qt Multimedia), so whoever can hear it has asked for it; and a player expects
        a game's sounds on, like its moments, with one switch to silence them."""
        return self._flag("ui", "sound", True)

    def set_sound(self, on: bool) -> None:
        self._set_flag("ui", "sound", on)

    def coach(self) -> bool:
        """Help → Coach: each new kind of decision explained the first time. Off until
        Learn by playing turns it on (a newcomer's way in) or the player does: a
        player who came for a game gets the log beside the choices, as before."""
        return self._flag("ui", "coach", False)

    def set_coach(self, on: bool) -> None:
        self._set_flag("ui", "coach", on)

    def show_suspicion(self) -> bool:
        """The suspicion teaching aid is off unless a teacher turns it on."""
        return self._flag("ui", "show_suspicion", False)

    def set_show_suspicion(self, on: bool) -> None:
        self._set_flag("ui", "show_suspicion", on)

    # files
    def recent(self) -> list[str]:
        return [x for x in _texts(self._get("files", "recent", [])) if x]

    def add_recent(self, path: str) -> None:
        items = [path] + [p for p in self.recent() if p != path]
        self._set("files", "recent", items[:RECENT_MAX])

    def last_dir(self) -> str:
        """The folder a file dialog starts in: the home folder unless a folder (text) was
        stored."""
        v = self._get("files", "last_dir", "")
        return v if isinstance(v, str) and v.strip() else str(Path.home())

    def set_last_dir(self, d: str) -> None:
        self._set("files", "last_dir", d)

    # the new game dialog: the table as it was set up last time
    def new_game(self) -> dict[str, object]:
        """Players, names, seat kinds, level and variant chosen last (empty: defaults)."""
        out: dict[str, object] = {}
        n = str(self._get("new_game", "players", ""))
        if n in ("3", "4", "5"):
            out["players"] = int(n)
        for key in ("names", "kinds"):
            out[key] = _texts(self._get("new_game", key, []))[:5]
        level = self._get("new_game", "level", "")
        if level:
            out["level"] = str(level)
        out["morale"] = self._flag("new_game", "morale", False)
        return out

    def set_new_game(self, players: int, names: list[str], kinds: list[str], level: str,
                     morale: bool) -> None:
        self._set("new_game", "players", str(players))
        self._set("new_game", "names", (list(names) + [""] * 5)[:5])
        self._set("new_game", "kinds", (list(kinds) + ["computer"] * 5)[:5])
        self._set("new_game", "level", level)
        self._set_flag("new_game", "morale", morale)

    # the print dialog: the pack as it was asked for last time
    def print_choices(self) -> dict[str, object]:
        """Folder, paper, language, ink, layout, exports, die face, bleed and cards file
        chosen last. Only values of the right kind come back (a hand-edited or damaged
        file may hold anything); the dialog checks ranges and choices itself."""
        out: dict[str, object] = {}
        for key in ("folder", "paper", "lang", "ink", "layout", "cards"):
            v = self._get("print", key, None)
            if isinstance(v, str):
                out[key] = v
        for key in ("die_face", "bleed"):
            try:
                number = float(str(self._get("print", key, "")))
            except ValueError:
                continue
            if number == number and abs(number) != float("inf"):  # no NaN, no infinity
                out[key] = number
        exports = str(self._get("print", "exports", "")).lower()
        if exports in ("true", "false"):
            out["exports"] = exports == "true"
        return out

    def set_print_choices(self, choices: dict[str, object]) -> None:
        for key, value in choices.items():
            stored = ("true" if value else "false") if isinstance(value, bool) else str(value)
            self._set("print", key, stored)

    # session: a game in progress that did not reach a clean exit is offered back
    def lessons_done(self) -> set[str]:
        """The course lessons stepped through to their end (by file name, without .yaml)."""
        return set(_texts(self._get("learn", "done", [])))

    def mark_lesson_done(self, name: str) -> None:
        done = self.lessons_done()
        if name not in done:
            self._set("learn", "done", sorted(done | {name}))

    def clean_exit(self) -> bool:
        return self._flag("session", "clean_exit", True)

    def set_clean_exit(self, clean: bool) -> None:
        self._set_flag("session", "clean_exit", clean)


def _flag_text(on: bool) -> str:
    return "true" if on else "false"


def _texts(v: object) -> list[str]:
    """A stored list of texts as a list of texts. An older file holds a one-item list as
    one text, and a hand-edited or damaged file can hold any type at all: anything but
    text or a list of texts counts as none."""
    if isinstance(v, str):
        return [v]
    if isinstance(v, (list, tuple)):
        return [x for x in v if isinstance(x, str)]
    return []


def _read(path: Path) -> dict[str, dict[str, object]]:
    """The file's groups and values; UserError (not a regular file, too large, cannot be
    opened), ValueError (not UTF-8) or configparser.Error (no ``[group]``) when it
    cannot be read as a settings file."""
    data = read_bytes(path, UserError, MAX_BYTES)  # a regular file, never a pipe read for ever
    parser = configparser.ConfigParser(interpolation=None, strict=False,
                                       default_section="\0none")
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read_string(data.decode("utf-8"), str(path))
    return {group: {key: _value(text) for key, text in parser.items(group)}
            for group in parser.sections()}


def _value(text: str) -> object:
    """A stored value: its JSON, or the text itself (an older file's plain values)."""
    try:
        return json.loads(text) if len(text) < 100_000 else text
    except ValueError:
        return text
    except RecursionError:
        return None


def _written(values: dict[str, dict[str, object]]) -> str:
    lines: list[str] = []
    for group, items in values.items():
        lines.append(f"[{group}]")
        lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}"
                  for key, value in items.items()]
        lines.append("")
    return "\n".join(lines)


def default_autosave_path() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".bsg-express") / AUTOSAVE_NAME
