"""A table keeps its campaign in git: ``setup git`` declares the merge driver, and git
merges characters and campaigns entry by entry (real git; the driver runs as git runs
it, a process of its own)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def repo(tmp_path, monkeypatch):
    folder = tmp_path / "table"
    folder.mkdir()
    for key, value in (("GIT_AUTHOR_NAME", "GM"), ("GIT_AUTHOR_EMAIL", "gm@example.invalid"),
                       ("GIT_COMMITTER_NAME", "GM"),
                       ("GIT_COMMITTER_EMAIL", "gm@example.invalid"),
                       ("GIT_CONFIG_GLOBAL", os.devnull), ("GIT_CONFIG_NOSYSTEM", "1")):
        monkeypatch.setenv(key, value)
    git(folder, "init", "-q", "-b", "main")
    ok("setup", "git", folder, "--command", f"{sys.executable} -m builder")
    return folder


def git(folder, *args, check=True) -> subprocess.CompletedProcess:
    done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                          check=False)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def commit(folder, message):
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", message)


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def test_setup_git_declares_the_driver_once(repo):
    assert git(repo, "check-attr", "merge", "mira.json").stdout.strip() == \
        "mira.json: merge: character-builder"
    assert "merge-driver %O %A %B %L %P" in git(repo, "config",
                                                 "merge.character-builder.driver").stdout
    ok("setup", "git", repo)
    assert (repo / ".gitattributes").read_text().count("merge=character-builder") == 1


def test_setup_git_outside_a_work_tree_is_a_usage_error(tmp_path):
    r = cli("setup", "git", tmp_path)
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1


def test_appends_on_two_branches_merge_cleanly_and_alike_both_ways(repo):
    mira = repo / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=16")
    commit(repo, "Mira")
    git(repo, "checkout", "-q", "-b", "ann")
    ok("do", mira, "raise-vital", "Agility")
    commit(repo, "Ann's session")
    git(repo, "checkout", "-q", "-b", "bob", "main")
    ok("do", mira, "raise-vital", "Presence")
    commit(repo, "Bob's session")

    git(repo, "checkout", "-q", "-b", "bob-into-ann", "ann")
    git(repo, "merge", "-q", "--no-edit", "bob")
    one = file_bytes(mira)
    git(repo, "checkout", "-q", "-b", "ann-into-bob", "bob")
    git(repo, "merge", "-q", "--no-edit", "ann")
    assert file_bytes(mira) == one
    assert [e["name"] for e in load(mira)["ledger"]] == ["Agility", "Presence"]
    assert ok("verify", mira).code == 0


def test_a_double_spend_is_a_conflicted_path_holding_both_entries(repo):
    table = repo / "table.json"
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    ok("pool", "start", table, "--players", "1")
    commit(repo, "session 1")
    git(repo, "branch", "bob")
    ok("pool", "spend", table, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    commit(repo, "Ann spends")
    ann_spend = load(table)["ledger"][-1]
    git(repo, "checkout", "-q", "bob")
    ok("pool", "spend", table, "fortune", "--check", "2", "--by", "Bob", "--for", "upgrade")
    commit(repo, "Bob spends, later")
    git(repo, "checkout", "-q", "main")

    done = git(repo, "merge", "--no-edit", "bob", check=False)
    assert done.returncode != 0
    assert "table.json" in git(repo, "diff", "--name-only", "--diff-filter=U").stdout
    merged = load(table)                                    # valid JSON, no markers
    (suspended,) = merged["suspended"]
    assert merged["ledger"][-1] == ann_spend and suspended["entry"]["by"] == "Bob"
    assert suspended["collides_with"] == ann_spend["id"]

    ok("resolve", table, suspended["entry"]["id"], "--keep")
    commit(repo, "merge bob: Bob's spend kept as the GM's ruling")
    assert ok("conflicts", table).out.strip() == "no conflicts"


def test_invalid_json_on_one_side_leaves_ours_untouched(tmp_path):
    ours = tmp_path / "ours.json"
    ok("new", "story-points", "Mira", "-o", ours)
    theirs = tmp_path / "theirs.json"
    theirs.write_text('{"kind": "character", "ledger": [')
    before = file_bytes(ours)
    r = cli("merge-driver", tmp_path / "base.json", ours, theirs, "7", "mira.json")
    assert r.code == 2 and "mira.json" in r.err and len(r.err.strip().splitlines()) == 1
    assert file_bytes(ours) == before
    r = cli("merge-driver", tmp_path / "base.json", theirs, ours, "7", "mira.json")
    assert r.code == 2 and theirs.read_text() == '{"kind": "character", "ledger": ['


def test_other_json_gets_git_s_text_merge(tmp_path):
    base, ours, theirs = (tmp_path / f"{n}.json" for n in ("base", "ours", "theirs"))
    lines = [f'"k{n}": {n},' for n in range(8)]

    def write(path, first, last):
        path.write_text("{\n" + "\n".join([f'"a": {first},', *lines, f'"z": {last}']) + "\n}\n")
    write(base, 1, 2)
    write(ours, 3, 2)
    write(theirs, 1, 4)
    assert cli("merge-driver", base, ours, theirs, "7", "other.json").code == 0
    merged = json.loads(ours.read_text())
    assert (merged["a"], merged["z"]) == (3, 4)


def diverge(repo, name="mira.json"):
    """Mira on main, an entry on branch ann and another on main: the merge to come."""
    mira = repo / name
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=16")
    commit(repo, "Mira")
    git(repo, "checkout", "-q", "-b", "ann")
    ok("do", mira, "raise-vital", "Agility")
    commit(repo, "Ann's session")
    git(repo, "checkout", "-q", "main")
    ok("do", mira, "raise-vital", "Presence")
    commit(repo, "Bob's session")
    return mira


def test_a_rebase_keeps_every_entry(repo):
    mira = diverge(repo)
    git(repo, "checkout", "-q", "ann")
    git(repo, "rebase", "-q", "main")
    assert [e["name"] for e in load(mira)["ledger"]] == ["Agility", "Presence"]


def test_a_clone_without_the_driver_gets_markers_and_repair_recovers_every_entry(repo):
    assert ok("sync", "status", repo, "--json").json()["warnings"] == []
    assert ok("doctor", repo).out.strip() == "no problems found"
    git(repo, "config", "--remove-section", "merge.character-builder")
    (warning,) = ok("sync", "status", repo, "--json").json()["warnings"]
    assert "setup git" in warning and "lacks" in warning
    doctor = cli("doctor", repo)                         # the same check, on its own
    assert doctor.code == 1 and warning in doctor.out
    mira = diverge(repo)
    assert git(repo, "merge", "--no-edit", "ann", check=False).returncode != 0
    assert "<<<<<<<" in mira.read_text()
    # every command that reads it says what it is and what rebuilds it
    shown = cli("show", mira)
    assert shown.code == 2 and shown.err.rstrip().endswith(
        "it holds git's conflict markers (git merged it as text): character-builder repair "
        "rebuilds it")
    looked = cli("conflicts", repo)          # in a folder: no conflict it can see, and why
    assert looked.out.strip() == "no conflicts" and looked.err.startswith(f"note: {mira}: ")
    assert looked.err.rstrip().endswith("its entries were not looked at")
    (unreadable,) = ok("sync", "status", repo, "--json").json()["unreadable"]
    assert unreadable.startswith(f"{mira}: not valid JSON") and "repair" in unreadable
    r = ok("repair", mira)
    assert r.out.strip().endswith("written")
    assert sorted(e["name"] for e in load(mira)["ledger"]) == ["Agility", "Presence"]
    commit(repo, "merge ann")
    left = cli("repair", mira)                            # nothing left to repair
    assert left.code == 2 and left.err.strip().endswith("nothing to repair")
    missing = cli("repair", repo / "nope.json")           # a file that is not there
    assert (missing.code, missing.err.strip()) == (2, f"{repo / 'nope.json'}: no such file")


def test_repair_outside_git_says_so_in_one_line_and_changes_nothing(tmp_path):
    """Outside a git work tree, ``repair`` names the file: missing, or not in git (never
    git's own "fatal:" line)."""
    path = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", path)
    before = path.read_bytes()
    for given, said in ((tmp_path / "nope.json", f"{tmp_path / 'nope.json'}: no such file"),
                        (tmp_path / "gone" / "x.json", f"{tmp_path / 'gone' / 'x.json'}: no such file"),
                        (path, f"{path}: not in a git work tree, so git keeps no versions of "
                               "it; nothing to repair")):
        result = cli("repair", given)
        assert (result.code, result.err.strip()) == (2, said)
    assert path.read_bytes() == before


def test_a_cherry_pick_keeps_every_entry(repo):
    mira = diverge(repo)
    git(repo, "cherry-pick", "ann")                      # Ann's session onto main
    assert [e["name"] for e in load(mira)["ledger"]] == ["Agility", "Presence"]
    git(repo, "merge", "-q", "--no-edit", "ann")         # and merged later: no entry twice
    assert [e["name"] for e in load(mira)["ledger"]] == ["Agility", "Presence"]
    assert ok("verify", mira).code == 0


def test_a_criss_cross_merge_keeps_the_union(repo):
    mira = diverge(repo)
    git(repo, "branch", "bob")                           # main holds Bob's session
    git(repo, "checkout", "-q", "ann")
    git(repo, "merge", "-q", "--no-edit", "bob")         # ann takes bob ...
    git(repo, "checkout", "-q", "bob")
    git(repo, "merge", "-q", "--no-edit", "ann~1")       # ... and bob takes ann's older tip
    ok("do", mira, "raise-skill", "Melee")
    commit(repo, "Bob again")
    git(repo, "checkout", "-q", "ann")
    ok("do", mira, "raise-skill", "Stealth")
    commit(repo, "Ann again")
    git(repo, "merge", "-q", "--no-edit", "bob")         # two merge bases: recursive
    assert sorted(e["name"] for e in load(mira)["ledger"]) == \
        ["Agility", "Melee", "Presence", "Stealth"]
    assert ok("verify", mira).code == 0


def test_deleted_on_one_side_and_changed_on_the_other_keeps_the_character(repo):
    mira = diverge(repo)
    git(repo, "checkout", "-q", "ann")
    git(repo, "rm", "-q", "mira.json")
    commit(repo, "Ann deletes Mira")
    git(repo, "checkout", "-q", "main")
    done = git(repo, "merge", "--no-edit", "ann", check=False)
    assert done.returncode != 0                          # git asks: modify/delete
    assert mira.exists() and ok("verify", mira).code == 0
    assert [e["name"] for e in load(mira)["ledger"]] == ["Presence"]


def test_a_side_that_is_not_json_is_named_by_its_side_not_gits_temporary_file(tmp_path):
    """git hands the driver its versions as temporary files (.merge_file_XXXXXX): a side
    that does not parse is said as "their version" (or "our version"), the file left."""
    from builder.app.sync import NOT_MERGED, merge_driver

    ok("new", "story-points", "Mira", "-o", tmp_path / "mira.json")
    ours = tmp_path / ".merge_file_a1b2c3"
    ours.write_bytes((tmp_path / "mira.json").read_bytes())
    theirs = tmp_path / ".merge_file_d4e5f6"
    theirs.write_text('{"format": 2, "kind": "character", "ledger": [', encoding="utf-8")
    before = ours.read_bytes()
    code, lines = merge_driver(tmp_path / ".merge_file_base", ours, theirs, "7", "mira.json")
    assert code == NOT_MERGED and ours.read_bytes() == before
    (line,) = lines
    assert line.startswith("mira.json: not merged: their version: not valid JSON (line 1")
    assert ".merge_file" not in line
    code, lines = merge_driver(tmp_path / ".merge_file_base", theirs, ours, "7", "mira.json")
    assert code == NOT_MERGED and lines[0].startswith("mira.json: not merged: our version: ")


def test_repair_names_a_version_that_is_not_json_by_its_side(repo):
    """A clone without the driver, their version of the file broken (a hand edit
    committed): repair says which version, not the name of its own temporary copy."""
    git(repo, "config", "--remove-section", "merge.character-builder")
    mira = diverge(repo)
    git(repo, "checkout", "-q", "ann")
    mira.write_text(mira.read_text(encoding="utf-8").rstrip()[:-1], encoding="utf-8")
    commit(repo, "a hand edit cut the file short")
    git(repo, "checkout", "-q", "main")
    assert git(repo, "merge", "--no-edit", "ann", check=False).returncode != 0
    before = mira.read_bytes()
    broken = cli("repair", mira)
    assert broken.code == 2 and broken.err.startswith(f"{mira} (theirs): not valid JSON")
    assert mira.read_bytes() == before


def test_doctor_without_a_folder_in_a_clone_the_library_does_not_hold_says_so(
        repo, monkeypatch):
    """doctor checks the library's folders; run in a clone that is none of them, it says
    that clone was not checked and how to check it (its driver is missing here)."""
    git(repo, "config", "--remove-section", "merge.character-builder")
    monkeypatch.chdir(repo)
    plain = cli("doctor")
    assert (plain.code, plain.out) == (0, "no problems found\n")
    assert plain.err == (f"note: the library's folders were checked, not the git work tree "
                         f"here ({repo.resolve()}); character-builder doctor . checks it\n")
    here = cli("doctor", ".")
    assert here.code == 1 and here.out.startswith("warning: ") and here.err == ""
    ok("library", "add", repo)                        # now one of the library's folders
    held = cli("doctor")
    assert held.code == 1 and held.err == ""
