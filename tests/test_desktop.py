"""`bsg-express install-desktop`: the Linux menu entry and icon, in the user's XDG folders."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from system_tools import system_tool

from bsg_desktop import desktop
from bsg_desktop.cli import main
from bsg_desktop.resources import shipped


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def validate(path: Path) -> None:
    tool = system_tool("desktop-file-validate", "desktop-file-utils")
    r = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr


def test_install_writes_a_valid_entry_and_the_icon_into_xdg_data_home(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["install-desktop"]) == 0
    entry = home / "data" / "applications" / "bsg-express.desktop"
    icon = home / "data" / "icons" / "hicolor" / "scalable" / "apps" / "bsg-express.svg"
    assert capsys.readouterr().out.split() == ["wrote", str(icon), "wrote", str(entry)]
    validate(entry)
    assert icon.read_bytes() == shipped("assets/icons/bsg-express.svg").read_bytes()
    fields = dict(line.split("=", 1) for line in entry.read_text("utf-8").splitlines()[1:])
    assert fields["Icon"] == "bsg-express" and fields["Terminal"] == "false"
    assert fields["Name[hu]"] and fields["Comment[hu]"] != fields["Comment"]
    program = fields["Exec"].split()[0]
    assert Path(program).is_absolute() and Path(program).is_file()
    assert not (home / "home").exists()  # nothing written beside XDG_DATA_HOME

    assert main(["install-desktop", "--uninstall"]) == 0
    assert not entry.exists() and not icon.exists()
    capsys.readouterr()
    assert main(["install-desktop", "--uninstall"]) == 0
    assert capsys.readouterr().out.startswith("nothing to remove")


@pytest.mark.parametrize("value", ["", "relative/data"])
def test_unset_or_relative_xdg_data_home_means_local_share(
        home: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", value)
    assert desktop.entry_path() == home / "home" / ".local/share/applications/bsg-express.desktop"


def test_exec_arguments_are_quoted_as_the_spec_asks(tmp_path: Path) -> None:
    assert desktop.exec_quote("/usr/bin/bsg-express") == "/usr/bin/bsg-express"
    assert desktop.exec_quote("/opt/My Games/bsg 100%") == '"/opt/My Games/bsg 100%%"'
    assert desktop.exec_quote('a"b$c') == '"a\\"b\\$c"'
    odd = tmp_path / "My Games" / "bsg-express.desktop"
    odd.parent.mkdir()
    odd.write_text(desktop.desktop_entry(["/opt/My Games/bsg-express"], tmp_path / "My Games"))
    validate(odd)


def test_an_unwritable_data_folder_is_one_line_exit_2(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = home / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["install-desktop"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("bsg-express install-desktop: error: cannot write")


def test_the_window_names_its_desktop_entry_and_icon(qapp) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.command import _app

    app = _app(offscreen=False)
    assert app.desktopFileName() == desktop.APP_ID
    assert app.applicationName() and not app.windowIcon().isNull()
