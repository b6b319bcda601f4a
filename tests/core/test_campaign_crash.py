"""Multi-file changes survive a kill: a process killed (SIGKILL) at each step of a
party award leaves every member with the award and the campaign's entry, or none
of them, once the next command has run (the journal in the user's state folder).

Each kill is a forked process that kills itself at a named step (the journal's
test hook), not a timed kill: every step is hit, every run."""
from __future__ import annotations

import json
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from builder.storage.journal import ENV_CRASH_AT
from tests.helpers import cli, ok

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL")

#: Every step of a change of three files (two members and the campaign), in order.
STEPS = ["temporaries-written", "journal-written", "replaced-1", "replaced-2", "replaced-3"]


def killed_at(step: str, argv: list[str]) -> None:
    """Run the command in a forked process that kills itself at ``step``."""
    pid = os.fork()
    if pid == 0:
        try:
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            os.environ[ENV_CRASH_AT] = step
            from builder.cli import run

            run(argv)
        finally:
            os._exit(0)
    _pid, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, step


def ledger(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ledger"]


def make_party(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    files = {name: folder / f"{name.lower()}.json" for name in ("Nyra", "Joss")}
    for name, path in files.items():
        ok("new", "story-points", name, "-o", path, "--set", "sp=5")
    camp = folder / "coast.json"
    here = os.getcwd()
    os.chdir(folder)            # members stored relative to the campaign: copies move whole
    try:
        ok("campaign", "new", "Iron Coast", "-o", camp, "--ruleset", "story-points",
           "--member", "nyra.json", "--member", "joss.json")
    finally:
        os.chdir(here)
    return {**files, "camp": camp}


def awarded(party: dict[str, Path]) -> list[bool]:
    """For each member and the campaign: does it hold the award?"""
    members = [any(e.get("action") == "award-checkpoint" for e in ledger(party[n]))
               for n in ("Nyra", "Joss")]
    return members + [any(e.get("action") == "award" for e in ledger(party["camp"]))]


def test_a_party_award_killed_at_every_step_is_on_every_member_or_on_none(tmp_path,
                                                                             monkeypatch):
    origin = make_party(tmp_path / "origin")
    award = ["award-checkpoint", "Fort", "Gate"]
    runs = {}
    for step in STEPS:
        folder = tmp_path / step
        shutil.copytree(origin["camp"].parent, folder)
        party = {k: folder / p.name for k, p in origin.items()}
        # Each run has its own state folder (its own journal), as another machine would.
        monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(folder / "userdata"))
        killed_at(step, ["campaign", "award", str(party["camp"]), *award])
        runs[step] = party, awarded(party)

    # What the kills left: from the journal's record on, a mix (the promise broken
    # while the process is dead) that the next command must resolve.
    assert runs["temporaries-written"][1] == [False, False, False]
    assert runs["replaced-1"][1] == [True, False, False]
    assert runs["replaced-2"][1] == [True, True, False]

    for step, (party, _left) in runs.items():
        monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(party["camp"].parent / "userdata"))
        shown = cli("campaign", "show", party["camp"])          # the next command
        assert shown.code == 0, shown.err
        now = awarded(party)
        if step == "temporaries-written":                       # nothing recorded: none
            assert now == [False, False, False] and "interrupted" not in shown.err
            # retrying works, and leaves no temporary file behind
            ok("campaign", "award", party["camp"], *award)
            assert awarded(party) == [True, True, True]
        else:                                                   # recorded: completed
            assert now == [True, True, True], step
            assert shown.err.count("\n") == 1
            assert ("note: an interrupted change of the campaign Iron Coast was completed "
                    "(nyra.json, joss.json, coast.json)") in shown.err
            # and it is one change: undo takes it back from every member
            ok("undo", party["camp"])
            assert awarded(party) == [False, False, False]
        assert not list((party["camp"].parent / "userdata" / "state" / "journal").glob("*"))
        assert [p.name for p in party["camp"].parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_member_another_program_changed_after_the_kill_takes_the_award_back(tmp_path):
    party = make_party(tmp_path / "table")
    before = {k: p.read_bytes() for k, p in party.items()}
    killed_at("replaced-1", ["campaign", "award", str(party["camp"]), "award-checkpoint",
                             "Fort", "Gate"])
    assert awarded(party) == [True, False, False]
    # A program that takes no lock (a sync engine) changes Joss before the next command.
    doc = json.loads(before["Joss"])
    doc["notes"] = "synced from another machine"
    party["Joss"].write_text(json.dumps(doc, indent=2))
    changed = party["Joss"].read_bytes()

    shown = cli("show", party["Nyra"])
    assert shown.code == 0
    assert ("note: an interrupted change of the campaign Iron Coast was taken back "
            f"(nyra.json, joss.json, coast.json): {party['Joss']} changed meanwhile") in shown.err
    assert awarded(party) == [False, False, False]
    assert party["Nyra"].read_bytes() == before["Nyra"]
    assert party["camp"].read_bytes() == before["camp"]
    assert party["Joss"].read_bytes() == changed         # the other program's change stays


def test_loose_characters_party_xp_is_journalled_too(tmp_path):
    from builder.app import characters

    names = ("Ulf", "Kai")
    paths = [tmp_path / f"{n}.json" for n in names]
    for seed, path in enumerate(paths):
        ok("new", "vogelfrei", path.stem, "-o", path, "--seed", seed + 3)
    spec = characters.PartyXp(parts={p: "1" for p in paths}, session="1", treasure=("200",))
    pid = os.fork()
    if pid == 0:
        try:
            os.environ[ENV_CRASH_AT] = "replaced-1"
            characters.party_xp(spec)
        finally:
            os._exit(0)
    _pid, status = os.waitpid(pid, 0)
    assert os.WTERMSIG(status) == signal.SIGKILL
    first = ok("show", paths[1], "--json")                     # the next command finishes it
    assert "note: an interrupted party XP award was completed (Ulf.json, Kai.json)" in first.err
    assert [ok("show", p, "--json").json()["xp"] for p in paths] == [100, 100]


def test_a_running_change_is_never_finished_by_another_command(tmp_path):
    """A record whose writer still holds its lock belongs to a change at work."""
    from builder.storage import journal

    target = tmp_path / "a.json"
    target.write_bytes(b"old\n")
    entry = journal.Entry([journal.Target(target, b"new\n", b"old\n"),
                           journal.Target(tmp_path / "b.json", b"b\n", None)], "test change")
    entry.begin()
    try:
        assert journal.recover() == ([], [])
        assert target.read_bytes() == b"old\n" and entry.record.exists()
    finally:
        entry.end()
    assert not entry.record.exists()
