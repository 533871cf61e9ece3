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

import logging
import sys
import time

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
        now = self.clock()  # type: ignore[operator]
        if self.last is not None and now - self.last < self.every:
            self.left_out += 1
            return
        self.last = now
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else \
            record.levelname.lower()
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
