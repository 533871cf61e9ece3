"""What the phone server writes to the host's terminal about requests it refused.

aiohttp logs a malformed request (an over-long line, too many headers, a bad HTTP
version) as an error with its traceback, and the traceback repeats the request line:
``GET /s/<token>/ HTTP/9.9`` would put a seat's token on the host's screen, and anyone
on the network could fill that screen. So aiohttp's loggers get one handler of their
own that writes one short line per refused request at most, naming only the kind of
error (never its text, which holds the request), and no more than one line every
``EVERY`` seconds; what it left out is counted in the next line.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import sys
import time
from typing import Any

EVERY = 10.0  # seconds between two lines at most
LOGGERS = ("aiohttp",)  # aiohttp.server, aiohttp.web, aiohttp.websocket, aiohttp.access …


class RefusedRequests(logging.Handler):
    """One line, rate-limited, without the record's text or traceback."""

    def __init__(self, every: float = EVERY, clock: object = time.monotonic) -> None:
        super().__init__(logging.WARNING)
        self.every = every
        self.clock = clock
        self.last: float | None = None
        self.left_out = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.say(record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else
                 record.levelname.lower())

    def say(self, kind: str) -> None:
        """One line for a refused request of this kind, unless one was written lately."""
        now = self.clock()  # type: ignore[operator]
        if self.last is not None and now - self.last < self.every:
            self.left_out += 1
            return
        self.last = now
        more = f" (and {self.left_out} more since the last line)" if self.left_out else ""
        self.left_out = 0
        try:
            sys.stderr.write(f"bsg-express phone server: refused a request ({kind}){more}\n")
        except (OSError, ValueError):
            pass  # no terminal to write to: nothing is lost that the player needs


_handler: RefusedRequests | None = None


def quiet_request_logs() -> RefusedRequests:
    """Route aiohttp's logs through the one `RefusedRequests` handler (once per process;
    later calls return the same handler)."""
    global _handler
    if _handler is None:
        _handler = RefusedRequests()
        for name in LOGGERS:
            log = logging.getLogger(name)
            log.addHandler(_handler)
            log.propagate = False  # not to the root logger or Python's last-resort stderr
    return _handler


# accept() failing because the process is out of open files (or the system of memory)
EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


def quiet_exhaustion(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server loop's exception handler. A flood of sockets can run the process out
    of open files; asyncio then reports each failed accept with its traceback (and
    waits a second before it accepts again, which is all there is to do). That report
    becomes one short rate-limited line, as a refused request's; anything else goes to
    asyncio's own report."""
    exc = context.get("exception")
    if isinstance(exc, OSError) and exc.errno in EXHAUSTED:
        quiet_request_logs().say("out of open files")
        return
    loop.default_exception_handler(context)
