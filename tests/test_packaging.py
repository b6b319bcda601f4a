"""Desktop integration: the launcher, icon, MIME type and AppStream metainfo
install into the user's folders, validate, and make character files (and only
them) open with the app."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ok

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
MIME = "application/x-character-builder+json"
METAINFO = "io.github.character_builder.CharacterBuilder.metainfo.xml"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="freedesktop integration")


def test_the_icon_ships_with_the_package():
    from builder.resources import resource_exists

    assert resource_exists("icons", "character-builder.svg")
    for size in (16, 32, 48, 256):
        png = ("icons", "hicolor", f"{size}x{size}", "apps", "character-builder.png")
        assert resource_exists(*png)


def test_the_launcher_names_the_icon_and_only_its_own_mime_type():
    text = (PACKAGING / "character-builder.desktop").read_text()
    assert "Icon=character-builder\n" in text
    assert f"MimeType={MIME};\n" in text and "application/json" not in text


@pytest.fixture
def installed(tmp_path):
    data = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    done = subprocess.run([str(PACKAGING / "install-desktop"), "--exec", sys.executable],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return data, env


def test_install_desktop_puts_every_file_in_the_users_folders(installed):
    data, _ = installed
    assert (data / "applications" / "character-builder.desktop").is_file()
    assert (data / "mime" / "packages" / "character-builder.xml").is_file()
    assert (data / "metainfo" / METAINFO).is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "character-builder.svg").is_file()
    assert (data / "icons" / "hicolor" / "48x48" / "apps" / "character-builder.png").is_file()
    launcher = (data / "applications" / "character-builder.desktop").read_text()
    assert f"Exec={sys.executable} %F" in launcher


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils not installed")
def test_the_installed_launcher_validates(installed):
    data, _ = installed
    done = subprocess.run(["desktop-file-validate",
                           str(data / "applications" / "character-builder.desktop")],
                          capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_the_metainfo_validates():
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(PACKAGING / METAINFO)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("gio") is None or shutil.which("update-mime-database") is None,
                    reason="needs gio and shared-mime-info")
def test_character_files_get_the_apps_type_and_other_json_stays_json(installed, tmp_path):
    _, env = installed
    character = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", character, "--set", "sp=3")
    campaign = tmp_path / "coast.json"
    ok("campaign", "new", "Coast", "-o", campaign, "--ruleset", "story-points")
    plain = tmp_path / "plain.json"
    plain.write_text('{"kind": "something else"}\n')

    def content_type(path):
        done = subprocess.run(["gio", "info", "-a", "standard::content-type", str(path)],
                              env=env, capture_output=True, text=True)
        return done.stdout.rsplit(":", 1)[-1].strip()

    assert content_type(character) == MIME
    assert content_type(plain) == "application/json"
    assert content_type(campaign) == "application/json"
    done = subprocess.run(["gio", "mime", MIME], env=env, capture_output=True, text=True)
    assert "Default application" in done.stdout and "character-builder.desktop" in done.stdout


def _install_desktop(tmp_path, *args, path):
    data = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(data), PATH=path)
    done = subprocess.run(["/bin/sh", str(PACKAGING / "install-desktop"), *args], env=env,
                          capture_output=True, text=True, timeout=120)
    return done, data


def test_install_desktop_refuses_when_the_program_cannot_be_found(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    bare = f"{empty}:/usr/bin:/bin"
    assert shutil.which("character-builder", path=bare) is None
    done, data = _install_desktop(tmp_path, path=bare)
    assert done.returncode == 2 and not data.exists()
    (line,) = done.stderr.splitlines()
    assert "character-builder is not on PATH" in line and "--exec" in line
    done, data = _install_desktop(tmp_path, "--exec", str(tmp_path / "nothing-here"), path=bare)
    assert done.returncode == 2 and not data.exists()
    (line,) = done.stderr.splitlines()
    assert "nothing-here" in line and "--exec" in line


def test_install_desktop_writes_the_program_found_on_path(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "character-builder"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    done, data = _install_desktop(tmp_path, path=f"{folder}:/usr/bin:/bin")
    assert done.returncode == 0, done.stderr
    launcher = (data / "applications" / "character-builder.desktop").read_text()
    assert f"Exec={program} %F" in launcher
