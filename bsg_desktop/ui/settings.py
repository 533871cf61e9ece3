"""The one QSettings helper: every remembered value has a group and a typed accessor.

Tests and the screenshot command pass an ini file of their own, so they never
read or overwrite a player's real settings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

RECENT_MAX = 8
AUTOSAVE_NAME = "autosave.bsgx.json"


class Settings:
    def __init__(self, path: str | Path | None = None) -> None:
        self.q = (QSettings(str(path), QSettings.Format.IniFormat) if path is not None
                  else QSettings())

    def _get(self, group: str, key: str, default: object = None) -> object:
        self.q.beginGroup(group)
        try:
            return self.q.value(key, default)
        finally:
            self.q.endGroup()

    def _set(self, group: str, key: str, value: object) -> None:
        self.q.beginGroup(group)
        self.q.setValue(key, value)
        self.q.endGroup()
        self.q.sync()

    def _flag(self, group: str, key: str, default: bool) -> bool:
        """An on/off value, stored as the text "true" or "false" (as the ini file shows
        it); anything else stored there counts as off."""
        return str(self._get(group, key, _flag_text(default))).lower() == "true"

    def _set_flag(self, group: str, key: str, on: bool) -> None:
        self._set(group, key, _flag_text(on))

    # window
    def geometry(self) -> QByteArray | None:
        v = self._get("window", "geometry")
        return v if isinstance(v, QByteArray) else None

    def set_geometry(self, g: QByteArray) -> None:
        self._set("window", "geometry", g)

    # ui
    def language(self) -> str:
        return str(self._get("ui", "language", "en"))

    def set_language(self, lang: str) -> None:
        self._set("ui", "language", lang)

    def fast_bots(self) -> bool:
        return self._flag("ui", "fast_bots", False)

    def set_fast_bots(self, on: bool) -> None:
        self._set_flag("ui", "fast_bots", on)

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
        # QSettings stores an empty list as nothing: a name list always has five entries
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
    def clean_exit(self) -> bool:
        return self._flag("session", "clean_exit", True)

    def set_clean_exit(self, clean: bool) -> None:
        self._set_flag("session", "clean_exit", clean)


def _flag_text(on: bool) -> str:
    return "true" if on else "false"


def _texts(v: object) -> list[str]:
    """A stored list of texts as a list of texts. QSettings gives one text for a
    one-item list, and a hand-edited or damaged file can hold any type at all
    (``@Size(1 2)``): anything but text or a list of texts counts as none."""
    if isinstance(v, str):
        return [v]
    if isinstance(v, (list, tuple)):
        return [x for x in v if isinstance(x, str)]
    return []


def default_autosave_path() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".bsg-express") / AUTOSAVE_NAME
