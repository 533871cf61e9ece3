"""Private screens: each player's own phone (or any browser) as their cup and hand.

The desktop window stays the table everyone sees; a seat whose player opens its
link plays from that device. The companion is a second driver of the engine's one
door: for a seat it sends only that seat's view, its pending decision and its own
redacted log (`frames`), and it receives choices, which the host applies exactly as
the window would. `protocol` checks what arrives, `server` is the aiohttp server
(its own asyncio thread), `static/` the page (plain HTML, CSS and JS, no build step).
"""
