"""Error types a user may meet, each carrying a message fit to print as one line.

The command line and the window catch `UserError` and show its message; anything
else is a bug and is reported as one.
"""

from __future__ import annotations

import unicodedata

# Characters that would break an error line in two (or recolour the terminal): a newline
# or a control character in an id, a file name or a value a user typed. They are shown
# escaped, as Python writes them in a string ("kara\\nthrace"), so the line stays one line
# and still says what the file holds.
_BREAKING = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})


def one_line(text: str) -> str:
    """``text`` with every line break and control character escaped."""
    if text.isprintable():
        return text
    return "".join(ch if ch == " " or unicodedata.category(ch) not in _BREAKING
                   else repr(ch)[1:-1] for ch in text)


class UserError(Exception):
    """A problem with the user's input (file, flag, choice), not with the program."""


class DataError(UserError):
    """cards.yaml (or another data file) is malformed: says file, path inside it, expectation."""

    def __init__(self, file: str, path: str, expected: str) -> None:
        self.file = file
        self.path = path
        self.expected = expected
        where = f"{file}: {path}" if path else file
        # one line, whatever an id or a key in the file holds (the path names them)
        super().__init__(one_line(f"{where}: {expected}"))

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        # rebuilt from its three parts, so a --jobs worker can hand it back to the parent
        return (DataError, (self.file, self.path, self.expected))


class SaveError(UserError):
    """A saved game cannot be loaded (truncated, corrupted, edited into nonsense)."""


class IllegalChoiceError(UserError):
    """A choice that is not among the pending decision's legal options."""
