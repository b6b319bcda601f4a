"""Two laptops at the table share a folder through two real Syncthing instances on
loopback.  Both change the same characters while apart; back together, Syncthing
keeps one version and a conflict copy; each laptop's player runs ``sync intake``; the
folder converges: the same bytes on both laptops, every entry of both, and no new
conflict copy in the rounds after.

Along the way it checks what sharing.md and builder/storage/conflicts.py say about
Syncthing: how it names a conflict copy (the winning device's short id in it), that
the copy travels to both devices, that two laptops writing identical bytes make no
conflict, and that nothing of the program's (no lock, no temporary file) is left in
the shared folder.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from builder.storage.conflicts import original_name
from tests.slow.syncthing import Instance, in_sync, program, wait_for

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(program() is None, reason="syncthing is not on PATH")]

#: The ignore lines docs/user/sharing.md asks a table to add.
STIGNORE = "(?d).*.tmp\n(?d)*.lock\n"
CONFLICT = re.compile(r"^mira\.sync-conflict-(\d{8})-(\d{6})-([0-9A-Z]{7})\.json$")


def character_builder() -> str:
    here = Path(sys.executable).parent / "character-builder"
    return str(here) if here.exists() else (shutil.which("character-builder") or "")


class Laptop:
    """A player's laptop: a Syncthing, and the program with its own data, settings and
    state folders (so its own device id)."""

    def __init__(self, root: Path, name: str):
        self.sync = Instance(root, name)
        self.user = root / f"user-{name}"
        self.env = {**os.environ, "HOME": str(self.user),
                    "CHARACTER_BUILDER_DATA": str(self.user / "data"),
                    "CHARACTER_BUILDER_DEVICE_NAME": f"{name}'s laptop",
                    "XDG_CONFIG_HOME": str(self.user / "config"),
                    "XDG_STATE_HOME": str(self.user / "state"),
                    "XDG_CACHE_HOME": str(self.user / "cache")}
        self.env.pop("CHARACTER_BUILDER_DEBUG", None)

    @property
    def folder(self) -> Path:
        return self.sync.folder

    def run(self, *args: object) -> str:
        done = subprocess.run([character_builder(), *map(str, args)], env=self.env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{args}: {done.returncode}\n{done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr
        return done.stdout

    def entry_ids(self, name: str) -> set[str]:
        doc = json.loads((self.folder / name).read_text(encoding="utf-8"))
        return {e["id"] for e in doc["ledger"]}


@pytest.fixture
def table(tmp_path):
    ann, bob = Laptop(tmp_path, "ann"), Laptop(tmp_path, "bob")
    ann.sync.configure(bob.sync)
    bob.sync.configure(ann.sync)
    for laptop in (ann, bob):
        (laptop.folder / ".stignore").write_text(STIGNORE, encoding="utf-8")
    try:
        ann.sync.start()
        bob.sync.start()
        wait_for("the laptops connected", lambda: ann.sync.connected(bob.sync)
                 and bob.sync.connected(ann.sync))
        yield ann, bob
    finally:
        for laptop in (ann, bob):
            laptop.sync.stop()


def apart(ann: Laptop, bob: Laptop) -> None:
    """Ann's Syncthing pauses Bob's device: no connection between the laptops (one side
    pausing: two would race when resumed, a dial into a paused device waits out its
    handshake's timeout)."""
    ann.sync.pause(bob.sync)
    wait_for("the laptops apart", lambda: not ann.sync.connected(bob.sync)
             and not bob.sync.connected(ann.sync))


def together(ann: Laptop, bob: Laptop, *gone: str) -> None:
    for laptop in (ann, bob):
        laptop.sync.scan()
    ann.sync.resume(bob.sync)
    wait_for("the laptops connected again", lambda: ann.sync.connected(bob.sync)
             and bob.sync.connected(ann.sync))
    in_sync(ann.sync, bob.sync, also=gone)


def test_two_laptops_change_the_same_characters_apart_and_converge(table):
    ann, bob = table
    ann.run("new", "story-points", "Mira", "-o", ann.folder / "mira.json", "--set", "sp=40")
    ann.run("new", "story-points", "Rook", "-o", ann.folder / "rook.json", "--set", "sp=40")
    # What an older version or a killed write may leave: kept local by the ignore lines.
    for name in ("mira.json.lock", ".mira.json.a1b2c3.4242.tmp"):
        (ann.folder / name).write_text("{", encoding="utf-8")
    ann.sync.scan()
    in_sync(ann.sync, bob.sync)
    for laptop in (ann, bob):
        ignores = laptop.sync.rest("GET", "/rest/db/ignores?folder=table")
        assert not ignores.get("error") and ignores["ignore"] == STIGNORE.splitlines()
    assert sorted(p.name for p in bob.folder.iterdir() if p.is_file()) == [
        ".stignore", "mira.json", "rook.json"]

    # Apart: both change Mira; Bob's file manager copies Rook and Bob plays the copy.
    apart(ann, bob)
    ann.run("do", ann.folder / "mira.json", "raise-vital", "Agility")
    ann.run("do", ann.folder / "rook.json", "raise-vital", "Agility")
    bob.run("do", bob.folder / "mira.json", "raise-vital", "Presence")
    shutil.copy2(bob.folder / "rook.json", bob.folder / "rook (1).json")
    bob.run("do", bob.folder / "rook (1).json", "raise-vital", "Presence")
    written = {"mira.json": ann.entry_ids("mira.json") | bob.entry_ids("mira.json"),
               "rook.json": ann.entry_ids("rook.json") | bob.entry_ids("rook (1).json")}
    anns_mira = ann.entry_ids("mira.json")
    together(ann, bob)

    # Syncthing kept one version of Mira and renamed the other: the copy is on both
    # laptops, named with the date, the time and the winning device's short id.
    files = ann.sync.files()
    copies = [name for name in files if CONFLICT.match(name)]
    assert len(copies) == 1, sorted(files)
    copy = copies[0]
    assert original_name(copy) == "mira.json"
    winner = ann if json.loads(files["mira.json"])["ledger"][-1]["id"] in anns_mira else bob
    assert CONFLICT.match(copy).group(3) == winner.sync.short_id
    assert sorted(files) == sorted([".stignore", "mira.json", copy, "rook (1).json",
                                    "rook.json"])

    # Both players take the copies in at the same moment, apart (the worst case): the
    # merges write the same bytes on both laptops.
    apart(ann, bob)
    for laptop in (ann, bob):
        said = laptop.run("sync", "intake", laptop.folder)
        assert f"{copy}: merged into" in said and "rook (1).json: merged into" in said
    assert ann.sync.files() == bob.sync.files()
    together(ann, bob, copy, "rook (1).json")
    merged = ann.sync.files()
    assert sorted(merged) == [".stignore", "mira.json", "rook.json"]
    for name, ids in written.items():
        assert ids <= ann.entry_ids(name), name
        assert ann.run("verify", ann.folder / name).strip() == f"{ann.folder / name}: ok"

    # Another round changes nothing: no new conflict copy, the same bytes.
    for laptop in (ann, bob):
        assert laptop.run("sync", "intake", laptop.folder) == ""
    together(ann, bob, copy, "rook (1).json")
    assert ann.sync.files() == merged == bob.sync.files()
