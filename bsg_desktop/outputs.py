"""Files a command writes for the user (``--screenshot``, ``--report`` and its charts):
the old ones or the new ones, never a mix and never half a file.

A file written in place is truncated first, so a full disk (or a quota, or Ctrl+C)
halfway through left a cut PNG where a good one was, and a report's Markdown new
beside charts that were old or broken. Here every file of a set goes first to a temp
file in its own folder (the same file system, so the rename cannot need room) and is
synced; only when all are written are they renamed over the old ones. Any failure
removes the temps and leaves every old file as it was.

An existing output that is not a regular file (a FIFO, a device) is refused: writing
to a FIFO waits for a reader for ever, and renaming over it would remove the user's
pipe.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from types import TracebackType

from bsg_desktop.engine.save import clean_stale_temps
from bsg_desktop.errors import UserError

# the bytes of an output's own name kept in its temp file's name, so the temp file's
# name ("." + name + "." + random + ".tmp") is within the 255 bytes a name may have
_TEMP_NAME_BYTES = 200


def _temp_prefix(path: Path) -> str:
    name = os.fsencode(path.name)[:_TEMP_NAME_BYTES]
    return "." + name.decode("utf-8", "ignore") + "."  # a character cut in two: dropped


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view[: 1 << 20])
        view = view[written:]


def _new_file_mode(path: Path) -> int:
    """The mode the file had, or what a plain ``open(path, "w")`` would give it (the
    umask applied), not the temp file's private 0600."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


class Outputs:
    """A set of files written together: ``add`` each, then leave the ``with`` block
    normally to put them all in place, or by an exception to leave the old ones.

    ``option`` ("--report") starts every error message, as the command line's own
    errors name the flag they are about."""

    def __init__(self, option: str = "") -> None:
        self.prefix = f"{option}: " if option else ""
        self._staged: list[tuple[Path, Path]] = []  # (temp file, target)

    def _error(self, path: Path, e: OSError) -> UserError:
        return UserError(f"{self.prefix}cannot write {path}: {e.strerror or e}")

    def add(self, path: str | Path, data: bytes) -> None:
        """Write ``data`` to a temp file beside ``path`` (UserError if it cannot be)."""
        path = Path(path)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            st = None
        except OSError as e:
            raise self._error(path, e) from None
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise UserError(f"{self.prefix}cannot write {path}: it is not a regular file "
                            "(a pipe or a device)")
        mode = _new_file_mode(path)
        clean_stale_temps(path)  # what an earlier run killed mid-write left behind
        try:
            fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp",
                                       dir=str(path.parent))
        except OSError as e:
            raise self._error(path, e) from None
        self._staged.append((Path(tmp), path))
        try:
            _write_all(fd, data)
            if hasattr(os, "fchmod"):  # POSIX; Windows keeps its own permissions
                os.fchmod(fd, mode)
            os.fsync(fd)
        except OSError as e:
            raise self._error(path, e) from None
        finally:
            os.close(fd)

    def commit(self) -> None:
        """Rename every temp file over its target."""
        try:
            while self._staged:
                tmp, path = self._staged[0]
                try:
                    os.replace(tmp, path)
                except OSError as e:
                    raise self._error(path, e) from None
                self._staged.pop(0)
        finally:
            self.discard()

    def discard(self) -> None:
        """Remove the temp files not yet put in place."""
        for tmp, _path in self._staged:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        self._staged.clear()

    def __enter__(self) -> Outputs:
        return self

    def __exit__(self, kind: type[BaseException] | None, _value: BaseException | None,
                 _tb: TracebackType | None) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def write_file(path: str | Path, data: bytes, option: str = "") -> None:
    """One output file, written whole or not at all."""
    with Outputs(option) as out:
        out.add(path, data)
