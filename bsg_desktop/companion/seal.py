"""Sealed frames of fixed sizes: what a phone and the table say to each other on the Wi-Fi.

A phone's link carries its seat's key (32 random bytes) in the URL fragment, which
a browser never sends: the page, its files and its WebSocket are at addresses that
hold no secret. The page is plain HTTP on a LAN address, where WebCrypto is
missing, so both ends use NaCl's ``secretbox`` (XSalsa20-Poly1305): PyNaCl here,
tweetnacl-js on the page (``static/vendor``).

- **Challenge and response.** The server opens every socket with a fresh random
  challenge (`HELLO` + 32 bytes). Both ends derive the connection's two keys from
  the seat key and that challenge (`session_keys`); the page's first frame, sealed
  with its key, is the proof: only a holder of the seat key can make one that opens.
  The server tries the keys of its seats in turn, so nothing on the wire names a seat.
- **Every frame sealed, both ways.** A frame's nonce is its number in its
  direction (`Channel`), so a frame replayed, dropped or reordered does not open,
  and a recorded connection cannot be replayed on a new one (a new challenge).
- **Sizes no hidden fact decides.** A frame's text is padded (`pad`) to a fixed
  size before it is sealed: every phone-to-table frame to `UP_SIZE`, every
  table-to-phone frame to the smallest of `BUCKETS` that holds it. The host keeps
  every state frame within the first bucket (`host.STATE_BUDGET`), and the larger
  frames (the die-face and card pictures, the page texts) are the same for every
  seat of a language. Sealed bytes do not compress, and the server turns
  per-message compression off anyway.
"""

from __future__ import annotations

import hashlib

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

KEY_BYTES = 32
HELLO = b"BSG1"                    # the challenge frame starts so
CHALLENGE_BYTES = 32
CONTEXT = b"bsg-express companion 1"
UP_SIZE = 1024                     # every frame a phone sends, padded (choices are short)
BUCKETS = (16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024)  # table-to-phone frame sizes
LENGTH_BYTES = 4                   # the padded text starts with its own length
MAC_BYTES = SecretBox.MACBYTES


class Unsealed(Exception):
    """A frame that does not open: a wrong key, a tampered, replayed or reordered frame."""


def session_keys(key: bytes, challenge: bytes) -> tuple[bytes, bytes]:
    """(table-to-phone key, phone-to-table key) of one connection."""
    h = hashlib.sha512(CONTEXT + key + challenge).digest()
    return h[:32], h[32:]


def bucket(n: int) -> int:
    """The padded size of a table-to-phone frame whose text is ``n`` bytes."""
    for size in BUCKETS:
        if n + LENGTH_BYTES <= size:
            return size
    raise ValueError(f"a frame of {n} bytes is larger than the largest bucket")


def pad(data: bytes, size: int) -> bytes:
    if len(data) + LENGTH_BYTES > size:
        raise ValueError(f"{len(data)} bytes do not fit in {size}")
    return len(data).to_bytes(LENGTH_BYTES, "big") + data + bytes(size - LENGTH_BYTES - len(data))


def unpad(padded: bytes) -> bytes:
    n = int.from_bytes(padded[:LENGTH_BYTES], "big")
    if n > len(padded) - LENGTH_BYTES:
        raise Unsealed("bad length")
    return padded[LENGTH_BYTES:LENGTH_BYTES + n]


def nonce(number: int) -> bytes:
    return number.to_bytes(SecretBox.NONCE_SIZE, "big")


class Channel:
    """One connection's sealing, seen from one end: frames out with one key and
    number, frames in with the other. ``table`` is True on the server's side."""

    def __init__(self, key: bytes, challenge: bytes, table: bool) -> None:
        down, up = session_keys(key, challenge)
        self._out = SecretBox(down if table else up)
        self._in = SecretBox(up if table else down)
        self.table = table
        self.sent = 0
        self.received = 0

    def seal(self, text: str) -> bytes:
        data = text.encode("utf-8")
        size = bucket(len(data)) if self.table else UP_SIZE
        box = self._out.encrypt(pad(data, size), nonce(self.sent)).ciphertext
        self.sent += 1
        return box

    def open(self, box: bytes) -> str:
        """The text of the next frame in; raises `Unsealed` (and then the connection
        should end: nothing after a bad frame can be trusted)."""
        want = UP_SIZE + MAC_BYTES if self.table else None
        if want is not None and len(box) != want:
            raise Unsealed("wrong size")
        try:
            padded = self._in.decrypt(box, nonce(self.received))
        except CryptoError:
            raise Unsealed("does not open") from None
        self.received += 1
        try:
            return unpad(padded).decode("utf-8")
        except UnicodeDecodeError:
            raise Unsealed("not text") from None


def opens(key: bytes, challenge: bytes, box: bytes) -> tuple[Channel, str] | None:
    """The table's channel and the frame's text if ``box`` is a first frame sealed
    with ``key``, else None."""
    ch = Channel(key, challenge, table=True)
    try:
        return ch, ch.open(box)
    except Unsealed:
        return None
