"""A cloudflared quick tunnel, started from the invite dialog for friends elsewhere.

``cloudflared tunnel --url http://127.0.0.1:<port>`` gives the local port a public
``https://<words>.trycloudflare.com`` address, with no account, for as long as it
runs. `QuickTunnel` runs it as a child process (`QProcess`: the window never waits),
reads that address from its output (`companion.remote.QUICK_TUNNEL`) and says so
(`ready`), or says it could not (`failed`: it ended, or printed no address in
`START_MS`). It is stopped when hosting stops (`ui.phones.PhoneHost.stop_tunnel`).
Cloudflare relays only sealed frames: see docs/remote.md.
"""

from __future__ import annotations

import shutil

from PySide6.QtCore import QObject, QProcess, QTimer, Signal, Slot

from bsg_desktop.companion.remote import QUICK_TUNNEL

START_MS = 30_000  # a quick tunnel usually names its address within a few seconds
COMMAND = "cloudflared"


def available() -> bool:
    return shutil.which(COMMAND) is not None


class QuickTunnel(QObject):
    ready = Signal(str)   # the public https address
    failed = Signal()     # ended or named no address in time

    def __init__(self, port: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.port = port
        self.address = ""
        self._seen = ""
        self._over = False  # failed is said once
        self.process = QProcess(self)
        self.process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        self.process.readyReadStandardOutput.connect(self._read)
        self.process.finished.connect(self._ended)
        self.process.errorOccurred.connect(self._error)
        self._timer = QTimer(self, singleShot=True, interval=START_MS)
        self._timer.timeout.connect(self._too_slow)

    def start(self) -> None:
        exe = shutil.which(COMMAND)
        if exe is None:
            self._fail()
            return
        self.process.start(exe, ["tunnel", "--no-autoupdate", "--url",
                                 f"http://127.0.0.1:{self.port}"])
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        for sig in (self.process.finished, self.process.errorOccurred):
            try:
                sig.disconnect()
            except (RuntimeError, TypeError):
                pass
        if self.process.state() != QProcess.ProcessState.NotRunning:
            self.process.terminate()
            if not self.process.waitForFinished(3000):
                self.process.kill()
                self.process.waitForFinished(2000)

    @property
    def running(self) -> bool:
        return self.process.state() != QProcess.ProcessState.NotRunning

    @Slot()
    def _read(self) -> None:
        text = bytes(self.process.readAllStandardOutput().data()).decode("utf-8", "replace")
        self._seen = (self._seen + text)[-4096:]
        if self.address:
            return
        found = QUICK_TUNNEL.search(self._seen)
        if found:
            self.address = found.group(0)
            self._timer.stop()
            self.ready.emit(self.address)

    @Slot()
    def _ended(self) -> None:
        self._timer.stop()
        self._fail()

    def _fail(self) -> None:
        if not self._over:
            self._over = True
            self.failed.emit()

    @Slot()
    def _error(self) -> None:
        if self.process.state() == QProcess.ProcessState.NotRunning:
            self._ended()

    @Slot()
    def _too_slow(self) -> None:
        self.stop()
        self._fail()
