"""A progress bar for long command-line runs, drawn only where a person watches.

`simulate`, `league`, `print` and the fuzz benchmark can run from seconds to
hours. On a terminal they show done/total, the rate and the time left; piped into
a file, a CI log or another program (or with ``--json``) they draw nothing, so
their output stays exactly what it was. The bar goes to standard error, like
every other progress display, so standard output stays the results alone.

The drawing is `rich`'s; it is imported only when a bar is really drawn, so a
command that draws none pays nothing for it.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any, TextIO


def wanted(json_output: bool = False, stream: TextIO | None = None) -> bool:
    """Whether to draw: only for a terminal, and never beside machine-read output."""
    stream = sys.stderr if stream is None else stream
    if json_output:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


class Bar:
    """``with Bar(total, "games", enabled) as bar: ... bar.advance(n)``.

    Disabled, it is a counter and nothing more; callers never branch on it.
    """

    def __init__(self, total: int, unit: str, enabled: bool, label: str = "") -> None:
        self.total = total
        self.unit = unit
        self.label = label
        self.done = 0
        self._enabled = enabled
        self._rich: Any = None
        self._task: Any = None

    def __enter__(self) -> Bar:
        if self._enabled:
            self._start()
        return self

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        unit = self.unit

        class Rate(ProgressColumn):
            """Items per second: for games, the figure people compare runs by."""

            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text("" if speed is None else f"{speed:,.1f} {unit}/s")

        self._rich = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
            TextColumn("left"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=False)
        self._rich.start()
        self._task = self._rich.add_task(self.label or unit, total=self.total)

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self._rich is not None:
            self._rich.advance(self._task, n)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._rich is not None:
            self._rich.stop()
