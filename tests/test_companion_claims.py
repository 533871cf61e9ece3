"""Claims confirmed at the table: a seat's link alone opens nothing of the seat.

A code on the shared screen can be photographed, and a link sent through a chat
can be opened by anyone who sees it. So the first device to open a seat's link only
asks for it: it is shown a four-digit code and nothing of the seat, and the seat's
frames go out only once the host lets it in from the invite dialog with the same
code beside the seat. A refused device gets its own ending and nothing of the seat;
the seat's link stays open to its player's own phone.

Over real sockets on 127.0.0.1 (`phone_client.Phone`), with Qt's loop running on the
test's thread as in the window. The twin worlds differ only in the asking seat's
loyalty (`engine.twins.flipped`): whatever a phone that was not let in receives must
be the same in both, byte for byte once its own random device secret and code are
set aside, and the same sizes on the wire.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from phone_client import Phone  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.engine.twins import flipped  # noqa: E402
from bsg_desktop.i18n import speaking, tr  # noqa: E402
from bsg_desktop.present.words import card_words  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def pump() -> None:
    QCoreApplication.processEvents()


def settle(seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump()
        time.sleep(0.005)


@pytest.fixture
def phones():  # type: ignore[no-untyped-def]
    made: list[Phone] = []

    def connect(url: str, **kw: Any) -> Phone:
        p = Phone(url, **kw)
        made.append(p)
        return p

    yield connect
    for p in made:
        try:
            p.close()
        except Exception:  # noqa: BLE001 - already closed by the test
            pass


def twin_tables(hosted_table):  # type: ignore[no-untyped-def]
    """Two tables, the host confirming nothing by itself: the same game, but seat 0
    holds a card of the other side in the second."""
    a = hosted_table(11, confirm=False)
    b = hosted_table(11, confirm=False)
    other = flipped(b[0].game, 0)
    assert other is not None and other.players[0].is_cylon != a[0].game.players[0].is_cylon
    b[0].adopt(other, [HUMAN, HUMAN, COMPUTER])
    b[1].start("127.0.0.1", 0)  # another game: new links
    return a, b


def secrets_of(c: Any) -> list[str]:
    """Every loyalty card id and its words in both languages: none may reach a phone
    that was not let in."""
    g = c.game
    out = list(g.c.loyalty_ids)
    for lang in ("en", "hu"):
        with speaking(lang):
            out += [card_words(g.c, card) for card in g.c.loyalty_ids]
    return out


def masked(texts: list[str]) -> list[dict[str, Any]]:
    """The frames with the device's own random secret and code set aside."""
    out = []
    for text in texts:
        msg = json.loads(text)
        for k in ("device", "code"):
            if k in msg:
                msg[k] = "…"
        out.append(msg)
    return out


def drain(phone: Phone, seconds: float = 0.4) -> None:
    """Keep Qt going while frames that might come, come."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump()
        time.sleep(0.005)


def test_a_phone_that_asks_gets_a_code_and_nothing_of_the_seat_until_let_in(
        hosted_table, phones) -> None:  # type: ignore[no-untyped-def]
    worlds = twin_tables(hosted_table)
    seen = []
    for c, ph in worlds:
        p = phones(ph.url(0))
        pending = p.next("pending", pump)
        assert len(pending["code"]) == 4 and pending["code"].isdigit()
        assert pending["title"] == tr("companion.page.pending_title", "en")
        assert pending["device"] == p.device
        settle()
        assert ph.waiting == {0: pending["code"]} and not ph.claimed(0)
        assert ph.connected == set() and 0 not in c.phones  # still played at the table
        # the game goes on meanwhile: none of its frames reach the asking phone
        choices = len(c.game.choices)
        c.choose(c.game.pending.options[0])
        c.play_bots_now(limit=2)
        assert len(c.game.choices) > choices
        # what it sends does nothing: not a choice, not a language; a ping is answered
        p.send({"type": "choose", "seq": ph.host.seq[0], "choice": "skip"})
        p.send({"type": "lang", "lang": "hu"})
        p.send({"type": "ping"})
        assert p.next("pong", pump)["type"] == "pong"
        drain(p)
        assert ph.host.langs[0] == "en" and len(c.game.choices) > choices
        seen.append((p, list(p.texts), list(p.sizes)))
    (p_a, texts_a, sizes_a), (p_b, texts_b, sizes_b) = seen
    assert [json.loads(t)["type"] for t in texts_a] == ["pending", "pong"]
    assert masked(texts_a) == masked(texts_b)  # the same words in both worlds
    assert sizes_a == sizes_b and set(sizes_a) == {16 * 1024 + 16}  # one padded size
    for (c, _ph), texts in zip(worlds, (texts_a, texts_b), strict=True):
        for secret in secrets_of(c):
            assert all(secret not in t for t in texts), secret
    # the host sees the code on the phone and lets it in: now the seat's frames come
    (c, ph), code = worlds[0], json.loads(texts_a[0])["code"]
    assert ph.confirm(0, code)
    welcome = p_a.next("welcome", pump)
    assert welcome["device"] == p_a.device
    state = p_a.next("state", pump)
    assert state["me"]["seat"] == 0 and state["me"]["loyalty"]
    assert p_a.texts[-1] == ph.host.frame(c.game, 0)
    settle()
    assert ph.claimed(0) and ph.host.devices[0] == p_a.device and ph.waiting == {}
    assert 0 in ph.connected and 0 in c.phones
    # the world the other phone was never let into still sent it nothing more
    assert [json.loads(t)["type"] for t in p_b.texts] == ["pending", "pong"]


def test_a_refused_phone_gets_nothing_and_the_link_stays_for_its_owner(
        hosted_table, phones) -> None:  # type: ignore[no-untyped-def]
    worlds = twin_tables(hosted_table)
    seen = []
    for _c, ph in worlds:
        spy = phones(ph.url(0))
        code = spy.next("pending", pump)["code"]
        settle()
        assert ph.refuse(0, code)
        said = spy.next(None, pump)
        assert said["type"] == "declined"
        assert said["message"] == tr("companion.page.declined_device", "en")
        assert spy.next(None, pump) == {"type": "_closed", "code": 4007}
        seen.append((spy.texts, spy.sizes))
        settle()
        assert ph.notice == ("ui.phones.declined", 0) and ph.waiting == {}
        assert not ph.claimed(0) and ph.connected == set()
    assert masked(seen[0][0]) == masked(seen[1][0]) and seen[0][1] == seen[1][1]
    assert [json.loads(t)["type"] for t in seen[0][0]] == ["pending", "declined"]
    for (c, _ph), (texts, _sizes) in zip(worlds, seen, strict=True):
        for secret in secrets_of(c):
            assert all(secret not in t for t in texts), secret
    # the seat's link stays open: its owner's phone asks with a new code and is let in
    c, ph = worlds[0]
    old_code = json.loads(seen[0][0][0])["code"]
    owner = phones(ph.url(0))
    code = owner.next("pending", pump)["code"]
    assert code != old_code
    settle()
    assert not ph.confirm(0, old_code)  # an answer to the refused claim fits no other
    assert ph.confirm(0, code)
    assert owner.next("state", pump)["me"]["seat"] == 0
    # the refused device, reloaded, is refused as any other device now that the seat is claimed
    again = phones(ph.url(0), device=json.loads(seen[0][0][0])["device"])
    assert again.next(None, pump)["type"] == "refused"
    assert again.next(None, pump) == {"type": "_closed", "code": 4003}


def test_a_second_device_while_a_claim_waits_is_told_to_wait(hosted_table, phones) -> None:  # type: ignore[no-untyped-def]
    """The owner comes second, after a photographed link was opened: told that another
    phone waits (and the table told), it asks again once the host refused that one."""
    c, ph = hosted_table(11, confirm=False)
    spy = phones(ph.url(0))
    spy_code = spy.next("pending", pump)["code"]
    settle()
    owner = phones(ph.url(0))
    busy = owner.next(None, pump)
    assert busy["type"] == "busy" and busy["message"] == tr("companion.page.busy_device", "en")
    assert owner.next(None, pump) == {"type": "_closed", "code": 4008}
    settle()
    assert ph.notice == ("ui.phones.refused", 0) and ph.waiting == {0: spy_code}
    assert [json.loads(t)["type"] for t in owner.texts] == ["busy"]
    assert ph.refuse(0, spy_code)
    assert spy.next("declined", pump)
    owner = phones(ph.url(0), device=owner.device)  # the page's own try again
    code = owner.next("pending", pump)["code"]
    settle()
    assert ph.waiting == {0: code} and ph.confirm(0, code)
    assert owner.next("state", pump)["me"]["seat"] == 0
    assert spy.next(None, pump)["type"] == "_closed" and len(spy.texts) == 2


def test_a_waiting_phone_that_comes_back_keeps_its_code(hosted_table, phones) -> None:  # type: ignore[no-untyped-def]
    """A reload or a Wi-Fi drop while waiting: the same device asks with the same code
    (the one beside the seat in the dialog), and its older connection ends."""
    c, ph = hosted_table(11, confirm=False)
    first = phones(ph.url(0))
    code = first.next("pending", pump)["code"]
    again = phones(ph.url(0), device=first.device)
    assert again.next("pending", pump)["code"] == code
    assert first.next("taken_over", pump)
    assert first.next("_closed", pump)["code"] == 4001
    again.close()
    settle()
    assert ph.waiting == {0: code}  # the claim waits for the device to come back
    assert ph.confirm(0, code)
    settle()
    assert ph.claimed(0) and 0 not in ph.connected
    back = phones(ph.url(0), device=first.device)
    assert back.next("state", pump)["me"]["seat"] == 0
    # a wrong code is no answer: a new claim on another seat waits on
    other = phones(ph.url(1))
    code1 = other.next("pending", pump)["code"]
    settle()
    wrong = f"{(int(code1) + 1) % 10000:04d}"
    assert not ph.confirm(1, wrong) and not ph.refuse(1, wrong) and ph.waiting == {1: code1}
    drain(other)
    assert [json.loads(t)["type"] for t in other.texts] == ["pending"]


def test_a_waiting_phone_is_told_when_the_seat_moves_or_hosting_stops(hosted_table, phones) -> None:  # type: ignore[no-untyped-def]
    c, ph = hosted_table(11, confirm=False)
    first = phones(ph.url(0))
    first.next("pending", pump)
    second = phones(ph.url(1))
    second.next("pending", pump)
    settle()
    ph.move_phone(0)  # a new link for seat 0: its waiting claim goes with the old one
    assert first.next(None, pump)["type"] == "moved"
    assert first.next(None, pump) == {"type": "_closed", "code": 4002}
    assert 0 not in ph.waiting and 1 in ph.waiting
    ph.stop()
    assert second.next("_closed", pump)["code"] == 4004
    assert ph.waiting == {}
    for p in (first, second):
        assert all(json.loads(t)["type"] in ("pending", "moved") for t in p.texts)


def test_the_invite_dialog_shows_the_code_beside_the_seat_and_lets_the_phone_in(
        new_window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    from pathlib import Path

    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.invite import InviteDialog

    win = new_window(confirm=False)
    win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    dlg.resize(760, 640)
    dlg.show()
    assert not dlg.confirm_buttons[0].isVisible() and not dlg.claims[0][0].isVisible()
    dlg.show_buttons[0].click()
    assert dlg.shown == 0
    phone = Phone(win.phones.url(0))
    try:
        code = phone.next("pending", pump)["code"]
        qtbot.waitUntil(lambda: dlg.confirm_buttons[0].isVisible())
        box, check, shown = dlg.claims[0]
        assert shown.text() == code and "must show this code" in check.text()
        assert code in shown.accessibleName()
        assert dlg.shown is None and not dlg.show_buttons[0].isEnabled()  # the QR code went
        assert dlg.states[0].text() == tr("ui.invite.state_asking")
        assert not dlg.confirm_buttons[1].isVisible()  # only the asking seat
        assert "asks to join" in win.phone_status.text()
        folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        assert dlg.grab().save(str(folder / "invite-claim-760x640.png"))
        assert not win.phones.claimed(0)
        dlg.confirm_buttons[0].click()
        assert phone.next("state", pump)["me"]["seat"] == 0
        qtbot.waitUntil(lambda: win.phones.claimed(0) and 0 in win.phones.connected)
        assert not dlg.confirm_buttons[0].isVisible()
        assert dlg.states[0].text() == tr("ui.invite.state_connected")
        assert "asks to join" not in win.phone_status.text()  # said until answered
        # the other seat: a phone refused from the dialog; the seat's code can be shown again
        other = Phone(win.phones.url(1))
        try:
            other.next("pending", pump)
            qtbot.waitUntil(lambda: dlg.refuse_buttons[1].isVisible())
            dlg.refuse_buttons[1].click()
            assert other.next("declined", pump)
            qtbot.waitUntil(lambda: not dlg.refuse_buttons[1].isVisible())
            assert dlg.show_buttons[1].isEnabled() and not win.phones.claimed(1)
            assert "was refused" in win.phone_status.text()
        finally:
            other.close()
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_five_phones_asking_at_once_each_show_their_code_and_whole_buttons(
        new_window, qtbot, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """At the dialog's default size, with every seat of five asking at once, each seat's
    code and its two answers show whole (no sideways scrollbar), in either language, and
    each answer names its seat and code for a screen reader."""
    import os
    from pathlib import Path

    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QScrollArea

    from bsg_desktop.engine import Setup
    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.invite import InviteDialog

    set_language(lang)
    win = new_window(confirm=False)
    win.start_game(Setup(players=5), 31, [HUMAN] * 5)
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    asking = [Phone(win.phones.url(seat)) for seat in range(5)]
    try:
        codes = [p.next("pending", pump)["code"] for p in asking]
        qtbot.waitUntil(lambda: len(win.phones.waiting) == 5)
        pump()
        scroll = dlg.findChild(QScrollArea)
        assert not scroll.horizontalScrollBar().isVisible()
        view = scroll.viewport()
        for seat, code in enumerate(codes):
            assert dlg.claims[seat][2].text() == code
            for button in (dlg.confirm_buttons[seat], dlg.refuse_buttons[seat]):
                left = button.mapTo(view, QPoint(0, 0)).x()
                assert left >= 0 and left + button.width() <= view.width(), button.text()
                assert button.width() >= button.sizeHint().width(), button.text()
                assert code in button.accessibleName()
                assert dlg._who(seat) in button.accessibleName()
        folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        dlg.grab().save(str(folder / f"invite-claims-five-{lang}.png"))
        for p in asking:  # nobody let in: none of them holds anything of a seat
            assert [json.loads(t)["type"] for t in p.texts] == ["pending"]
    finally:
        for p in asking:
            p.close()
        set_language("en")
