"""The one way in for a file a user hands the program: saves, scenarios, cards.yaml.

Each kind of file is read through here, so the limits are checked before any work
is done and the same answer comes back whichever door the file came through:

- only regular files are read (a FIFO would block, ``/dev/zero`` never ends), and
  their size is checked against a cap before a byte is read;
- text must be UTF-8 (a binary file is "not a text file", not a decoding error);
- JSON nesting depth and number length are checked before or while parsing, so a
  deep file cannot exhaust the stack and a 5,000-digit number cannot stall;
- YAML is composed by a safe loader that refuses anchors and aliases (their
  expansion is exponential), tags other than plain values, duplicate keys, deep
  nesting and over-long numbers, and remembers the line of every value.

Every problem is a `UserError` (of the caller's type) whose message is one line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from bsg_desktop.errors import UserError
from bsg_desktop.i18n import tr

# Caps, far above any file the program writes or ships (a long save is ~50 kB, the
# largest scenario ~5 kB, cards.yaml ~20 kB) and far below what would hurt.
MAX_SAVE_BYTES = 4_000_000
MAX_YAML_BYTES = 512_000
MAX_DEPTH = 40  # nesting of mappings/lists; real files use at most 5
MAX_NUMBER_CHARS = 30  # digits (and sign, exponent) of one number
MAX_ITEMS = 100_000  # choices in a save, steps or scripted dice in a scenario


def read_bytes(path: str | Path, error: Callable[[str], UserError], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``, or ``error`` saying why not.

    The file is opened without blocking and checked with fstat before reading, so
    a FIFO, a device or a directory is refused at once rather than read for ever.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error(tr("file.no_such", path=path)) from None
    except IsADirectoryError:
        raise error(tr("file.is_folder", path=path)) from None
    except OSError as e:
        raise error(tr("file.unreadable", path=path,
                       reason=e.strerror or e.__class__.__name__)) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise error(tr("file.is_folder", path=path))
        if not stat.S_ISREG(st.st_mode):
            raise error(tr("file.not_regular", path=path))
        if st.st_size > max_bytes:
            raise error(tr("file.too_large", path=path, size=f"{st.st_size:,}",
                           most=f"{max_bytes:,}"))
        chunks = []
        left = max_bytes + 1  # a file that grows while we read is still capped
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as e:
        raise error(tr("file.unreadable", path=path,
                       reason=e.strerror or e.__class__.__name__)) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise error(tr("file.too_large_grew", path=path, most=f"{max_bytes:,}"))
    return data


def decode_text(data: bytes, name: str, error: Callable[[str], UserError], what: str) -> str:
    """UTF-8 text, or ``error`` saying the file is not ``what`` (a binary file)."""
    if b"\x00" in data:
        raise error(tr("file.binary", name=name, what=what))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(tr("file.not_utf8", name=name, what=what, at=e.start)) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: str | Path, error: Callable[[str], UserError], what: str,
              max_bytes: int = MAX_YAML_BYTES) -> str:
    """A regular UTF-8 text file within the size cap."""
    return decode_text(read_bytes(path, error, max_bytes), str(path), error, what)


# -------------------------------------------------------------------- JSON
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (a linear scan, no recursion)."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class _TooLong(ValueError):
    pass


def _number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _TooLong(text)
        return kind(text)

    return parse


def _no_constant(text: str) -> Any:
    raise _TooLong(text)


def load_json(text: str, name: str, error: Callable[[str], UserError]) -> Any:
    """Parsed JSON within the depth and number limits, or ``error`` with a line number."""
    if json_depth(text) > MAX_DEPTH:
        raise error(f"{name}: nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_int=_number(int), parse_float=_number(float),
                          parse_constant=_no_constant)
    except _TooLong as e:
        shown = str(e) if len(str(e)) <= 12 else f"{str(e)[:12]}…"
        raise error(f"{name}: the number {shown} is too long or not finite "
                    f"(at most {MAX_NUMBER_CHARS} characters)") from None
    except json.JSONDecodeError as e:
        raise error(tr("file.damaged", name=name, line=e.lineno, detail=e.msg)) from None
    except RecursionError:  # cannot happen within MAX_DEPTH; kept so it never escapes
        raise error(f"{name}: nested too deeply") from None


# -------------------------------------------------------------------- YAML
class YamlProblem(Exception):
    """A YAML file the safe loader refuses: ``line`` (1-based) and what was wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


_PLAIN_TAGS = {
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:str",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MAP_TAGS = {"tag:yaml.org,2002:map"}
_SEQ_TAGS = {"tag:yaml.org,2002:seq"}


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader with anchors, aliases and deep nesting refused while composing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D401
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise YamlProblem(event.start_mark.line + 1,
                              f"aliases (*{event.anchor}) are not allowed; write the value out")
        if getattr(event, "anchor", None) is not None:
            raise YamlProblem(event.start_mark.line + 1,
                              f"anchors (&{event.anchor}) are not allowed; write the value out")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise YamlProblem(event.start_mark.line + 1,
                                  f"nested deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def compose_yaml(source: str) -> yaml.Node | None:
    """The node tree of one YAML document (None when empty), or YamlProblem."""
    try:
        loader = _Loader(source)  # checks every character at once: a control byte fails here
    except yaml.reader.ReaderError as e:
        raise YamlProblem(source.count("\n", 0, e.position) + 1,
                          f"YAML error: character U+{e.character:04X} is not allowed "
                          "(a control character or binary data)") from None
    try:
        return loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise YamlProblem(mark.line + 1 if mark else 1,
                          f"YAML error: {e.problem or e.context or 'invalid YAML'}") from None
    except yaml.YAMLError as e:
        raise YamlProblem(1, f"YAML error: {e}") from None
    finally:
        loader.dispose()


_scalars = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    line = node.start_mark.line + 1
    if node.tag == _TIMESTAMP:
        return node.value  # a date is read as the text it is written as
    if node.tag not in _PLAIN_TAGS:
        raise YamlProblem(line, f"unsupported value {node.tag!r}; expected text, a number, "
                                "true/false or null")
    if node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and \
            len(node.value) > MAX_NUMBER_CHARS:
        raise YamlProblem(line, f"the number {node.value[:12]}… is too long "
                                f"(at most {MAX_NUMBER_CHARS} characters)")
    try:
        return _scalars.construct_object(node)
    except (yaml.YAMLError, ValueError, OverflowError) as e:
        raise YamlProblem(line, f"cannot read the value {node.value[:20]!r} ({e})") from None
    finally:
        # The constructor remembers every node it built (for aliases, which are refused
        # here); without this, each file read stays in memory for the program's life.
        _scalars.constructed_objects.pop(node, None)


def yaml_data(node: yaml.Node | None, lines: dict[str, int] | None = None,
              path: str = "") -> Any:
    """Plain Python values (dict/list/str/int/float/bool/None) from a composed node.

    ``lines`` collects the 1-based line of every path (``steps[2]``, ``expect.dice.1``).
    Keys must be plain scalars and each may appear once in its mapping.
    """
    if node is None:
        return None
    if lines is not None:
        lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node)
    if isinstance(node, yaml.SequenceNode):
        if node.tag not in _SEQ_TAGS:
            raise YamlProblem(node.start_mark.line + 1, f"unsupported list type {node.tag!r}")
        return [yaml_data(v, lines, f"{path}[{i}]") for i, v in enumerate(node.value)]
    if node.tag not in _MAP_TAGS:
        raise YamlProblem(node.start_mark.line + 1, f"unsupported mapping type {node.tag!r}")
    out: dict[Any, Any] = {}
    for k, v in node.value:
        if not isinstance(k, yaml.ScalarNode):
            raise YamlProblem(k.start_mark.line + 1,
                              "a key must be a plain text or number, not a list or mapping")
        key = _scalar(k)
        where = f"{path}.{key}" if path else str(key)
        if key in out:
            raise YamlProblem(k.start_mark.line + 1, f"{where}: duplicate key {key!r}")
        out[key] = yaml_data(v, lines, where)
    return out


def load_yaml(source: str, lines: dict[str, int] | None = None) -> Any:
    """compose_yaml + yaml_data: plain values of a YAML text, or YamlProblem."""
    return yaml_data(compose_yaml(source), lines)


# ------------------------------------------------------------------- flags
MAX_BUDGET = 3600.0  # seconds of thinking per decision; an hour is already absurd
MAX_WORLDS = 100_000  # sampled worlds per decision (the strong bot plays well with 64)


def budget_seconds(text: str) -> float:
    """An argparse type for ``--budget``: a finite number of seconds above 0, at most an
    hour. ``nan`` compares false with everything and ``inf`` never runs out, so either
    would make every decision think for ever; they are refused here, at the flag."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(v) or not 0 < v <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds above 0 and at most {MAX_BUDGET:g}, got {text!r}")
    return v


def _whole_number(text: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` for an argparse type; a text too long to be
    one is refused before int() reads it."""
    try:
        v = int(text) if len(text) <= MAX_NUMBER_CHARS else None
    except ValueError:
        v = None
    if v is None or not low <= v <= high:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {low} to {high:,}, got {text[:20]!r}")
    return v


def world_count(text: str, low: int = 1) -> int:
    """An argparse type for ``--worlds``: a whole number from ``low`` to MAX_WORLDS."""
    return _whole_number(text, low, MAX_WORLDS)


MAX_JOBS = 64


def job_count(text: str) -> int:
    """An argparse type for ``--jobs``: 1 to MAX_JOBS worker processes."""
    return _whole_number(text, 1, MAX_JOBS)


# The longest output file name taken, in bytes: below the 255 most file systems allow,
# with room for what is written beside it (a report's "-conditions.png" charts) and for
# the temp file each is first written to.
MAX_OUTPUT_NAME_BYTES = 200


def output_file(text: str) -> str:
    """An argparse type for a file the command writes (``--report``, ``--screenshot``):
    checked when the command line is read, so a folder, a root, a missing folder, a name
    too long for the disk or a pipe (which would block the write for ever) is one line
    before any game is played, not an error (or a hang) after all of them."""
    shown = text[:200] + ("…" if len(text) > 200 else "")
    path = Path(text)
    if not text.strip() or text.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise argparse.ArgumentTypeError(f"{shown!r} is a folder; expected a file name")
    size = len(os.fsencode(path.name))
    if size > MAX_OUTPUT_NAME_BYTES:
        raise argparse.ArgumentTypeError(
            f"the file name {shown!r} is too long ({size:,} bytes; at most "
            f"{MAX_OUTPUT_NAME_BYTES})")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:  # a path too long, a loop of links, a file used as a folder
        raise argparse.ArgumentTypeError(
            f"cannot write {shown!r}: {e.strerror or e.__class__.__name__}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise argparse.ArgumentTypeError(f"{shown!r} is a folder; expected a file name")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise argparse.ArgumentTypeError(
            f"cannot write {shown!r}: it is not a regular file (a pipe or a device); "
            "expected a file name")
    folder = path.parent
    try:
        folder_ok = folder.is_dir()
    except OSError:
        folder_ok = False
    if not folder_ok:
        raise argparse.ArgumentTypeError(
            f"cannot write {shown!r}: the folder {str(folder)[:200]!r} does not exist")
    return text
