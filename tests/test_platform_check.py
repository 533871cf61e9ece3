"""First run on a Linux box without Qt's X11 libraries: a clear line naming the packages,
not Qt's abort."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from system_tools import system_tool

from bsg_desktop.cli import main
from bsg_desktop.ui import platform_check


@pytest.fixture(scope="module")
def fake_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plugin linked against an xcb-cursor library the loader cannot find, as on a bare
    Debian install: it exists only in a folder nobody searches, and under a version
    (.so.9) no system ships, so the test does not depend on what this machine has."""
    cc = system_tool(("cc", "gcc"), "gcc libc6-dev")  # makes a plugin with a missing library
    tmp = tmp_path_factory.mktemp("plugin")
    (tmp / "hidden").mkdir()
    (tmp / "stub.c").write_text("int xcb_cursor_stub(void) { return 1; }\n")
    (tmp / "plugin.c").write_text("int xcb_cursor_stub(void);\n"
                                  "int plugin_entry(void) { return xcb_cursor_stub(); }\n")
    subprocess.run([cc, "-shared", "-fPIC", "-Wl,-soname,libxcb-cursor.so.9", "-o",
                    str(tmp / "hidden" / "libxcb-cursor.so.9"), str(tmp / "stub.c")], check=True)
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(tmp / "libqxcb.so"), str(tmp / "plugin.c"),
                    str(tmp / "hidden" / "libxcb-cursor.so.9")], check=True)
    return tmp / "libqxcb.so"


def test_a_missing_xcb_library_is_named_with_its_debian_package(fake_plugin: Path) -> None:
    missing = platform_check.missing_libraries(fake_plugin)
    assert missing == ["libxcb-cursor.so.9"]
    line = platform_check.advice(missing)
    assert "libxcb-cursor.so.9" in line and "sudo apt install libxcb-cursor0" in line


def test_play_says_which_packages_instead_of_aborting(
        fake_plugin: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(platform_check, "xcb_plugin", lambda: fake_plugin)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    assert platform_check.x11_problem()  # else main() would reach Qt, which aborts pytest
    assert main(["play"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "sudo apt install libxcb-cursor0" in err[0], err


def test_the_real_plugin_is_judged_as_the_loader_sees_it() -> None:
    plugin = platform_check.xcb_plugin()
    if plugin is None:
        pytest.skip("this Qt has no xcb plugin")
    ldd = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    assert platform_check.missing_libraries(plugin) == list(
        dict.fromkeys(re.findall(r"^\s*(\S+) => not found", ldd, re.M)))


@pytest.mark.parametrize("env", [{"QT_QPA_PLATFORM": "offscreen"},
                                 {"QT_QPA_PLATFORM": "", "WAYLAND_DISPLAY": "wayland-0"}])
def test_other_platforms_are_not_checked(fake_plugin: Path, monkeypatch: pytest.MonkeyPatch,
                                         env: dict[str, str]) -> None:
    monkeypatch.setattr(platform_check, "xcb_plugin", lambda: fake_plugin)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert platform_check.x11_problem() == ""
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert "libxcb-cursor0" in platform_check.x11_problem()


def test_every_library_the_readme_names_maps_to_its_package() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    for pkg in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0"):
        assert pkg in readme and pkg in platform_check.DEBIAN_PACKAGES.values()
