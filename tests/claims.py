"""The host's side of a claim, for tests whose subject is not the claim itself.

A phone that opens a seat's link gets nothing of the seat until the host lets it in
(`PhoneHost.confirm`, the invite dialog's "Let this phone in"). Most tests play
through phones and are about something else, so they have the host confirm every
code as soon as it is shown, as a host who checks every phone at once would. The
program itself has no such switch: only a test (or a benchmark) connects this.
"""

from __future__ import annotations

from typing import Any


def auto_confirm(phones: Any) -> None:
    """Let every phone that asks for a seat of ``phones`` (a `PhoneHost`) in at once."""
    phones.claim_waiting.connect(lambda seat: phones.confirm(seat, phones.waiting[seat]))
