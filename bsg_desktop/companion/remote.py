"""Playing from another home: the public address a host pastes or a tunnel gives.

The program runs no server of its own. A friend elsewhere reaches the table through a
tunnel the host already trusts (Tailscale, a cloudflared quick tunnel, ngrok, an SSH
reverse tunnel, a reverse proxy) that gives the local port a public ``https://``
address. Every frame is sealed end to end with the seat's key, which stays in the
link's ``#`` (no browser sends it), so such a relay sees only sealed frames of one
size and when they pass.

- `public_origin` checks an address the host pasted and gives it back as the one
  origin the server then accepts (`server.CompanionServer`'s ``public``); a bad one
  raises `BadAddress`, whose translation key says in one line what is wrong.
- `tailscale_address` is this computer's Tailscale address, when the ``tailscale``
  command is installed and connected: tailnet peers reach it like a room's Wi-Fi.
- `QUICK_TUNNEL` finds a cloudflared quick tunnel's address in its output
  (`ui.tunnel.QuickTunnel` starts one from the invite dialog).
"""

from __future__ import annotations

import ipaddress
import json
import re
import shutil
import subprocess
from urllib.parse import urlsplit

# a cloudflared quick tunnel names its address in its log: https://<words>.trycloudflare.com
QUICK_TUNNEL = re.compile(r"https://[a-z0-9][a-z0-9-]*\.trycloudflare\.com\b")
_LABEL = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")
TAILNET = ipaddress.ip_network("100.64.0.0/10")  # the addresses Tailscale hands out


class BadAddress(ValueError):
    """A pasted address that cannot be offered; ``key`` says why (a translation key)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def public_origin(text: str) -> str:
    """The pasted address as an origin, ``https://name[:port]`` (lower case, no
    default port), or `BadAddress`. Only https: the page a friend opens must come
    whole from the tunnel (a plain-http relay could change the page itself, and
    with it where the key goes). No path, query or user: the pages live at the
    address's root, and a link carries nothing but the seat's key after ``#``."""
    text = text.strip()
    if not text:
        raise BadAddress("ui.invite.public_empty")
    if "://" not in text:
        text = "https://" + text  # "abc.trycloudflare.com" as most tunnels print it
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise BadAddress("ui.invite.public_name") from None
    if parts.scheme.lower() != "https":
        raise BadAddress("ui.invite.public_https")
    if parts.path not in ("", "/") or parts.query or parts.fragment or \
            parts.username is not None or parts.password is not None:
        raise BadAddress("ui.invite.public_path")
    name = (parts.hostname or "").rstrip(".")
    if not _good_name(name):
        raise BadAddress("ui.invite.public_name")
    if ":" in name:
        name = f"[{name}]"
    return f"https://{name}" + (f":{port}" if port not in (None, 443) else "")


def _good_name(name: str) -> bool:
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    labels = name.split(".")
    return len(name) <= 253 and len(labels) >= 2 and all(_LABEL.match(x) for x in labels) \
        and not labels[-1].isdigit()


def origin_host(origin: str) -> str:
    """The name in an origin (``https://a.example:8443`` → ``a.example``)."""
    return (urlsplit(origin).hostname or "").lower()


def tailscale_address(timeout: float = 3.0) -> str:
    """This computer's Tailscale IPv4 address, or "" (no ``tailscale`` command, not
    connected, or it did not answer in ``timeout`` seconds). ``tailscale status
    --json`` says whether the node is up; ``tailscale ip -4`` is the fallback."""
    exe = shutil.which("tailscale")
    if exe is None:
        return ""
    try:
        out = subprocess.run([exe, "status", "--json"], capture_output=True, text=True,
                             timeout=timeout, check=False).stdout
        status = json.loads(out)
        running = status.get("BackendState", "Running") == "Running"
        found = (status.get("Self") or {}).get("TailscaleIPs") or [] if running else []
    except (OSError, subprocess.SubprocessError, ValueError, AttributeError):
        found = []
    if not found:
        try:
            found = subprocess.run([exe, "ip", "-4"], capture_output=True, text=True,
                                   timeout=timeout, check=False).stdout.split()
        except (OSError, subprocess.SubprocessError):
            return ""
    for a in found:
        try:
            if ipaddress.ip_address(a) in TAILNET:
                return a
        except ValueError:
            continue
    return ""
