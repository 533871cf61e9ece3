"""``bsg-express print``: write the print-and-play pack into a folder.

All files are rendered in memory first, then written to temporary files in
the target folder and renamed into place, so a bad option, a full disk or an
unwritable folder never leaves a half-written or mixed-version pack behind.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from bsg_desktop.data.components import load_components
from bsg_desktop.errors import UserError
from bsg_desktop.printing.pack import PrintOptions, build_pack
from bsg_desktop.printing.sheets import PAPERS


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


def write_files(out: Path, files: dict[str, bytes]) -> list[Path]:
    """Write every file to a temp file in ``out``, then rename all; all or nothing."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create folder {out}: {e.strerror or e}") from None
    temps: list[tuple[str, Path]] = []
    mode = 0o666 & ~_umask()  # mkstemp makes 0600 files; a PDF should be readable as usual
    try:
        for name, data in files.items():   # a name may hold one folder: PNG/x.png
            folder, _, base = name.rpartition("/")
            target = out / folder if folder else out
            target.mkdir(exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=target)
            temps.append((name, Path(tmp)))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, mode)
        written = []
        for name, tmp in temps:
            os.replace(tmp, out / name)
            written.append(out / name)
        return written
    except OSError as e:
        for _, tmp in temps:
            tmp.unlink(missing_ok=True)
        raise UserError(f"cannot write to {out}: {e.strerror or e}") from None


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
    files = build_pack(load_components(), options)
    for path in write_files(Path(args.out), files):
        print(path)
    return 0
