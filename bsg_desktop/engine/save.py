"""Save and load games as JSON: (setup, seed, overrides, scripts, choices).

A save is the game's recipe, not a dump of its state: loading replays the
choices through the rules, so a hand-edited file can never create an illegal
position, and loading never executes anything (json only). Files are written
atomically (temp file + rename) so a crash mid-save never eats the old save.
"""

from __future__ import annotations

import glob
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from bsg_desktop.data import CrisisFace
from bsg_desktop.engine.core import Choice, Setup
from bsg_desktop.engine.game import Game, replay
from bsg_desktop.engine.setup import SetupError
from bsg_desktop.errors import IllegalChoiceError, SaveError, UserError
from bsg_desktop.i18n import tr
from bsg_desktop.inputs import MAX_ITEMS, MAX_SAVE_BYTES, decode_text, load_json, read_bytes

FORMAT = "bsg-express-save"
VERSION = 1


def to_json(g: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": g.setup.to_json(),
        "seed": g.seed,
        "overrides": g.overrides,
        "script_skill": list(g.script[0]),
        "script_crisis": list(g.script[1]),
        "choices": [str(c) for c in g.choices],
    }


STALE_TMP_SECONDS = 60.0  # a write takes milliseconds; an older temp file was orphaned


def clean_stale_temps(path: str | Path, older_than: float = STALE_TMP_SECONDS) -> int:
    """Remove the temp files a killed write of ``path`` left beside it (``.NAME.*.tmp``,
    only this program's own names, only when older than a write can take); how many.

    Without this every save or autosave killed mid-write leaves one behind: after 200
    kills they filled 62 and 102 MB of hidden files.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    now = time.time()
    removed = 0
    try:
        candidates = list(folder.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return 0
    for tmp in candidates:
        try:
            if tmp.is_file() and not tmp.is_symlink() and now - tmp.stat().st_mtime > older_than:
                tmp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def write_atomic(path: str | Path, text: str, sync: bool = True) -> None:
    """Old or new, never half: the text goes to a temp file beside ``path``, is synced,
    then renamed over it. Temp files of earlier killed writes are cleaned first.

    ``sync=False`` leaves the disk's sync to a later `sync_file`: once renamed, the new
    text survives the program being killed (the system holds it), only not a power cut
    before the sync. The window's autosave uses that to send a move to the phones
    between the two."""
    path = Path(path)
    clean_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sync_file(path: str | Path) -> None:
    """The disk's sync of a file `write_atomic` wrote with ``sync=False``."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def save_game(g: Game, path: str | Path) -> None:
    try:
        write_atomic(path, json.dumps(to_json(g), indent=1, ensure_ascii=False) + "\n")
    except OSError as e:
        raise SaveError(f"cannot write {path}: {e.strerror or e}") from None


def from_json(data: Any, name: str = "save") -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(tr("save.not_a_save", name=name))
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise SaveError(tr("save.version", name=name, version=repr(version), reads=VERSION))
    try:
        setup = Setup.from_json(data.get("setup"))
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be a whole number")
        choices = data.get("choices")
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ValueError("choices must be a list of texts")
        overrides = data.get("overrides") or {}
        if not isinstance(overrides, dict):
            raise ValueError("overrides must be a mapping")
        skill = data.get("script_skill") or []
        crisis = data.get("script_crisis") or []
        if not isinstance(skill, list) or not all(_whole(x) for x in skill):
            raise ValueError("scripted skill dice must be whole numbers")
        if not isinstance(crisis, list) or not all(_whole(x) or isinstance(x, str)
                                                   for x in crisis):
            raise ValueError("scripted crisis dice must be face numbers or face codes")
        for what, items in (("choices", choices), ("scripted skill dice", skill),
                            ("scripted crisis dice", crisis)):
            if len(items) > MAX_ITEMS:  # before any work: each one is a step to replay
                raise ValueError(f"more than {MAX_ITEMS:,} {what}")
        for x in crisis:
            if isinstance(x, str):
                CrisisFace.from_code(x)
        # each text read once: a save of 100,000 choices repeats a handful of them
        read = {text: Choice.parse(text) for text in dict.fromkeys(choices)}
        return replay(setup, seed, [read[c] for c in choices], overrides=overrides,
                      script_skill=skill, script_crisis=crisis)
    except IllegalChoiceError as e:
        raise SaveError(tr("save.no_replay", name=name, error=e)) from None
    except (ValueError, SetupError, UserError) as e:
        raise SaveError(f"{name}: {e}") from None


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def parse_save(text: str, name: str = "save") -> Any:
    """The JSON of a save's text, within the depth and number limits."""
    return load_json(text, name, SaveError)


def read_save(path: str | Path) -> Any:
    """The JSON of a save file, or SaveError saying why it cannot be read.

    Only a regular file within MAX_SAVE_BYTES is read; a binary file is "not a
    saved game", whatever bytes it holds.
    """
    data = read_bytes(path, SaveError, MAX_SAVE_BYTES)
    return parse_save(decode_text(data, str(path), SaveError, tr("save.what")),
                      str(path))


def load_game(path: str | Path) -> Game:
    return from_json(read_save(path), str(path))
