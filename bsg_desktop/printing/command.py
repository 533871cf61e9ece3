"""``bsg-express print``: write the print-and-play pack into a folder.

All files are rendered in memory first, then written into a staging folder
inside the target folder and moved into place (see `write_files`), so a bad
option, a full disk or an unwritable folder never leaves a half-written or
mixed-version pack behind.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from bsg_desktop.data.components import load_components
from bsg_desktop.errors import UserError
from bsg_desktop.printing.pack import PrintOptions, build_pack, pack_steps
from bsg_desktop.printing.sheets import PAPERS
from bsg_desktop.progress import Bar, wanted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default=".", metavar="DIR",
                        help="folder to write the PDFs into (default: the current folder)")
    parser.add_argument("--paper", default="a4", metavar="|".join(PAPERS),
                        help="paper size (default: a4)")
    parser.add_argument("--lang", default="en", metavar="en|hu", help="language (default: en)")
    parser.add_argument("--ink", default="color", metavar="color|low",
                        help="'low' prints outlines instead of large fills (default: color)")
    parser.add_argument("--die-face", type=float, default=12.7, metavar="MM",
                        help="die sticker size in mm, 8 to 25 (default: 12.7, for 16 mm dice)")
    parser.add_argument("--bleed", type=float, default=3.0, metavar="MM",
                        help="colour beyond the cut line in mm, 0 to 5 (default: 3)")
    parser.add_argument("--layout", default="fold", metavar="fold|duplex",
                        help="'fold': each card and marker with its back beside it, to fold "
                             "(default); 'duplex': 3x3 card sheets and marker sheets with "
                             "mirrored backs on the next page, for double-sided printing")
    parser.add_argument("--exports", action="store_true",
                        help="also write print-on-demand PNGs (300 dpi, 1/8\" bleed) and "
                             "Tabletop Simulator deck sheets with their .json")


STAGE_PREFIX = ".bsg-print-"
STALE_STAGE_SECONDS = 600.0  # a pack is written in seconds; an older staging folder was orphaned


def _clean_stale_stages(out: Path) -> None:
    """Remove staging folders a killed ``print`` left in ``out`` (only the program's own,
    only when older than a print can take)."""
    now = time.time()
    for stage in out.glob(f"{STAGE_PREFIX}*"):
        try:
            if stage.is_dir() and not stage.is_symlink() and \
                    now - stage.stat().st_mtime > STALE_STAGE_SECONDS:
                shutil.rmtree(stage, ignore_errors=True)
        except OSError:
            pass


def write_files(out: Path, files: dict[str, bytes]) -> list[Path]:
    """Write the whole pack into a staging folder inside ``out``, then move it into place.

    Every file is written and synced in the staging folder first; a full disk or an
    unwritable folder stops there and the old pack is untouched. Then each old file
    is moved aside into the staging folder and the new one moved in (renames on one
    file system); if a rename fails, the files moved so far are put back, so the
    folder never holds a pack mixed from two runs (two languages, two papers).
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
        _clean_stale_stages(out)
        stage = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=out))
    except OSError as e:
        raise UserError(f"cannot create folder {out}: {e.strerror or e}") from None
    mode = 0o666 & ~_umask()  # mkstemp makes 0600 files; a PDF should be readable as usual
    try:
        try:
            for name, data in files.items():  # a name may hold one folder: PNG/x.png
                new = stage / "new" / name
                new.parent.mkdir(parents=True, exist_ok=True)
                with open(new, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
                os.chmod(new, mode)
        except OSError as e:
            raise UserError(f"cannot write to {out}: {e.strerror or e}") from None
        moved: list[tuple[Path, Path | None]] = []  # (placed file, the old one set aside)
        try:
            for name in files:
                target = out / name
                target.parent.mkdir(exist_ok=True)
                old = None
                if target.exists():
                    old = stage / "old" / name
                    old.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(target, old)
                moved.append((target, old))
                os.replace(stage / "new" / name, target)
        except OSError as e:
            for target, old in reversed(moved):  # put the old pack back as it was
                try:
                    if old is not None:
                        os.replace(old, target)
                    else:
                        target.unlink(missing_ok=True)
                except OSError:
                    pass
            raise UserError(f"cannot write to {out}: {e.strerror or e}") from None
        return [out / name for name in files]
    finally:
        shutil.rmtree(stage, ignore_errors=True)


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
