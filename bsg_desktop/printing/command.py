"""``bsg-express print``: write the print-and-play pack into a folder.

All files are rendered in memory first, then written into a staging folder
inside the target folder and switched into place (see `write_files`), so a bad
option, a full disk, an unwritable folder or a kill never leaves a half-written
or mixed-version pack behind.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

try:  # a lock that ends with its process: flock on POSIX, a locked byte on Windows
    import fcntl
except ImportError:  # pragma: no cover  (Windows)
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

from bsg_desktop.data.components import load_components
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, SOURCE
from bsg_desktop.printing.pack import PrintOptions, build_pack, pack_steps
from bsg_desktop.printing.sheets import PAPERS
from bsg_desktop.progress import Bar, wanted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default=".", metavar="DIR",
                        help="folder to write the PDFs into (default: the current folder)")
    parser.add_argument("--paper", default="a4", metavar="|".join(PAPERS),
                        help="paper size (default: a4)")
    parser.add_argument("--lang", default=SOURCE, metavar="|".join(LANGUAGES),
                        help=f"language (default: {SOURCE})")
    parser.add_argument("--ink", default="color", metavar="color|low",
                        help="'low' prints outlines instead of large fills (default: color)")
    parser.add_argument("--die-face", type=float, default=12.7, metavar="MM",
                        help="die sticker size in mm, 8 to 25 (default: 12.7, for 16 mm dice)")
    parser.add_argument("--bleed", type=float, default=3.0, metavar="MM",
                        help="colour beyond the cut line in mm, 2 to 5 (default: 3); under 2 mm "
                             "a back printed or folded out of register shows paper on the "
                             "sheet's edge cards only")
    parser.add_argument("--layout", default="fold", metavar="fold|duplex",
                        help="'fold': card sheets with the fronts left and the backs right, "
                             "folded along the middle, markers beside their backs (default); "
                             "'duplex': sheets of as many cards or markers as the paper holds "
                             "(cards: A4 8, Letter 6, A3 18), the mirrored backs on the next "
                             "page, for double-sided printing flipped on the long edge")
    parser.add_argument("--exports", action="store_true",
                        help="also write print-on-demand PNGs of the cards (822x1122 and "
                             "825x1125 px at 300 dpi) and the markers, and Tabletop Simulator "
                             "deck sheets with their .json")


STAGE_PREFIX = ".bsg-print-"
STALE_STAGE_SECONDS = 600.0  # a pack is written in seconds; an older unlocked stage was orphaned
LOCK = "lock"  # held by the print writing the stage, for as long as it runs
PLAN = "plan.json"  # the new pack's names and which of them the folder held; written first
SWITCH = "switch.json"  # the plan renamed: the one step after which the new pack wins


def write_files(out: Path, files: dict[str, bytes]) -> list[Path]:
    """Put the pack ``files`` (name -> bytes; a name may hold one folder: PNG/x.png) into
    ``out`` as one whole pack, the folder's own layout unchanged (each file at its name).

    1. A staging folder inside ``out`` (a print's stage is locked while it runs) gets
       every new file, synced, and a plan: the names, and which of them ``out`` holds.
       A full disk or an unwritable folder stops here; ``out`` is untouched.
    2. One rename, plan -> switch, decides: before it the old pack stands, after it the
       new one does.
    3. Each old file is moved aside into the stage and the new one moved in.

    An error in step 3 renames the switch back to the plan and puts the old files back.
    A kill (power cut, SIGKILL) in step 2 or 3 leaves the stage behind, and the next
    print into ``out`` (`finish_interrupted`) first completes it: forwards if the
    switch was made, backwards if not. So ``out`` ends up holding exactly one pack.
    No operating system replaces several files in a folder in one step, so between
    such a kill and the next print the folder can show files of both packs; the
    stage still holds the rest and nothing is lost.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
        finish_interrupted(out)
        stage = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=out))
        lock = _try_lock(stage / LOCK)
        if lock is None:  # nobody else knows its name yet: only a broken lock refuses
            shutil.rmtree(stage, ignore_errors=True)
            raise OSError("cannot lock the staging folder")
    except OSError as e:
        raise UserError(f"cannot write to {out}: {e.strerror or e}") from None
    names = list(files)
    done = False
    try:
        try:
            _stage(out, stage, files)
        except OSError as e:
            done = True  # nothing in ``out`` was touched
            raise UserError(f"cannot write to {out}: {e.strerror or e}") from None
        try:
            os.replace(stage / PLAN, stage / SWITCH)  # the new pack wins from here on
            _sync_dir(stage)
            _move_in(out, stage, names)
            _sync_dirs(out, names)
        except OSError as e:
            try:
                if os.path.lexists(stage / SWITCH):
                    os.replace(stage / SWITCH, stage / PLAN)  # the old pack wins again
                _move_back(out, stage, _read_plan(stage / PLAN))
                done = True
            except OSError:
                pass  # the stage stays: the next print into ``out`` finishes it
            raise UserError(f"cannot write to {out}: {e.strerror or e}") from None
        done = True
        return [out / name for name in names]
    finally:
        # A kill runs no code at all; an exception that is not the disk's (Ctrl+C, a bug)
        # leaves the stage as a kill would, for the next print to finish.
        os.close(lock)
        if done:
            shutil.rmtree(stage, ignore_errors=True)


def finish_interrupted(out: Path) -> None:
    """Complete what killed prints left in ``out``, oldest first: a stage whose switch was
    made is moved in, any other is undone; stages of a print still running are left
    alone (their lock is held). A stage never locked is removed once it is old (it
    was killed before moving anything). OSError if a move fails (the stage stays)."""
    found: list[tuple[int, Path, int, bool, dict[str, Any]]] = []
    try:
        for stage in out.glob(f"{STAGE_PREFIX}*"):
            if not stage.is_dir() or stage.is_symlink():
                continue
            if not (stage / LOCK).exists():
                if time.time() - stage.stat().st_mtime > STALE_STAGE_SECONDS:
                    shutil.rmtree(stage, ignore_errors=True)
                continue
            lock = _try_lock(stage / LOCK)
            if lock is None:
                continue  # a print at work right now
            # read once, under the lock: nothing else changes this stage from here on
            switched = (stage / SWITCH).exists()
            plan = _read_plan(stage / (SWITCH if switched else PLAN))
            found.append((plan["time"], stage, lock, switched, plan))
        found.sort(key=lambda f: f[0])
        while found:
            _, stage, lock, switched, plan = found.pop(0)
            try:
                if switched:
                    _move_in(out, stage, plan["names"])
                else:
                    _move_back(out, stage, plan)
            finally:
                os.close(lock)
            shutil.rmtree(stage, ignore_errors=True)
    finally:
        for _, _, lock, _, _ in found:
            os.close(lock)


def _stage(out: Path, stage: Path, files: dict[str, bytes]) -> None:
    """Every new file into stage/new, synced; then the plan, synced."""
    mode = 0o666 & ~_umask()  # mkdtemp makes a private folder; a PDF should read as usual
    for name, data in files.items():
        new = stage / "new" / name
        new.parent.mkdir(parents=True, exist_ok=True)
        with open(new, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(new, mode)
    existing = [n for n in files if os.path.lexists(out / n)]
    folders = sorted({Path(n).parent.as_posix() for n in files
                      if "/" in n and os.path.lexists((out / n).parent)})
    plan = {"time": time.time_ns(), "names": list(files), "existing": existing,
            "folders": folders}
    with open(stage / PLAN, "w", encoding="utf-8") as fh:
        json.dump(plan, fh)
        fh.flush()
        os.fsync(fh.fileno())
    for folder in {(stage / "new" / n).parent for n in files} | {stage}:
        _sync_dir(folder)


def _move_in(out: Path, stage: Path, names: list[str]) -> None:
    """Each name's old file aside into stage/old, the new one in; a name already moved
    in is skipped, so finishing an interrupted switch repeats nothing."""
    for name in names:
        new = stage / "new" / name
        if not os.path.lexists(new):
            continue
        target = out / name
        target.parent.mkdir(exist_ok=True)
        if os.path.lexists(target):
            old = stage / "old" / name
            if not os.path.lexists(old):
                old.parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, old)  # a link is moved itself, never followed
        os.replace(new, target)


def _move_back(out: Path, stage: Path, plan: dict[str, Any]) -> None:
    """Undo `_move_in` as far as it went: the old files back, new-only files away."""
    existing = set(plan["existing"])
    for name in plan["names"]:
        old, new, target = stage / "old" / name, stage / "new" / name, out / name
        if os.path.lexists(old):
            os.replace(old, target)
        elif name not in existing and not os.path.lexists(new):
            target.unlink(missing_ok=True)  # the new pack's, with no old one to restore
    for folder in {Path(n).parent.as_posix() for n in plan["names"] if "/" in n}:
        path = out / folder
        if folder not in plan["folders"] and path.is_dir() and not any(path.iterdir()):
            path.rmdir()  # made for the new pack only


def _read_plan(path: Path) -> dict[str, Any]:
    """A stage's plan; names that would reach outside the folder are dropped."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict):
        data = {}

    def safe(items: object) -> list[str]:
        if not isinstance(items, list):
            return []
        return [n for n in items if isinstance(n, str) and n and not Path(n).is_absolute()
                and ".." not in Path(n).parts]

    stamp = data.get("time")
    return {"names": safe(data.get("names")), "existing": safe(data.get("existing")),
            "folders": safe(data.get("folders")), "time": stamp if isinstance(stamp, int) else 0}


def _try_lock(path: Path) -> int | None:
    """Open ``path`` and lock it without waiting: the descriptor, or None when another
    live process holds the lock. A lock ends with its process, however it ends."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        os.close(fd)
        return None
    return fd


def _sync_dir(folder: Path) -> None:
    """Make the renames in ``folder`` durable (POSIX; Windows cannot open a folder so)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_dirs(out: Path, names: list[str]) -> None:
    for folder in {(out / n).parent for n in names}:
        _sync_dir(folder)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def run(args: argparse.Namespace) -> int:
    options = PrintOptions(paper=str(args.paper).lower(), lang=args.lang, ink=args.ink,
                           die_face=args.die_face, bleed=args.bleed, layout=args.layout,
                           exports=args.exports)
    try:
        options.check()
    except ValueError as e:
        raise UserError(str(e)) from None
    comp = load_components()
    with Bar(pack_steps(options), "files", wanted(), "print") as bar:
        files = build_pack(comp, options, bar.advance)
    for path in write_files(Path(args.out), files):
        print(path)
    return 0
