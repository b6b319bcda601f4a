"""Faults and races, whole-process: a writer killed at random points never leaves a
broken file or (after the next command) a temporary file; two writers at once
never lose an update.  The bigger runs are benchmarks/bench_safety.py."""
from __future__ import annotations

import json
import sys

import pytest

from tests.helpers import cli, ok
from tests.safety_harness import kill_trials, race

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL")


def _do(words):
    def write_once(target, n):
        from builder.cli import run

        run(["do", str(target), *words(n)])
    return write_once


def _next(target):
    ok("do", target, "rest")


def test_a_writer_killed_at_random_points_leaves_old_or_new(tmp_path):
    target = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", target, "--set", "sp=10")
    write = _do(lambda n: ["award-checkpoint", f"M{n}", "C"])
    timed = kill_trials(target, write, _next, kills=25, seed=14)
    pointed = kill_trials(target, write, _next, kills=25, seed=14, at_points=True)
    for report in (timed, pointed):
        assert report.kills == 25 and report.stuck == 0
        assert report.broken == [] and report.leftovers == [], report
    assert pointed.writes > 0                  # some kills came after a complete write
    assert pointed.mid_write > 0               # and some left a half-written temp
    assert cli("check", target).code == 0


def test_a_campaign_writer_killed_at_random_points_leaves_old_or_new(tmp_path):
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp)
    ok("pool", "start", camp, "--players", "2")

    def write_once(target, n):
        from builder.cli import run

        run(["pool", "earn", str(target), "fortune", "--reason", f"r{n}"])

    def next_command(target):
        ok("pool", "earn", target, "peril", "--reason", "next")

    for at_points in (False, True):
        report = kill_trials(camp, write_once, next_command, kills=6, seed=15,
                             at_points=at_points)
        assert report.broken == [] and report.leftovers == [], report


def _entries(path) -> int:
    return len(json.loads(path.read_text())["ledger"])


def test_two_processes_writing_one_character_lose_nothing(tmp_path):
    target = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", target, "--set", "sp=100")
    codes = race(lambda w, r: ["do", str(target), "award-checkpoint", f"W{w}", f"C{r}"],
                 processes=2, rounds=30)
    assert len(codes) == 60 and set(codes) <= {0, 1, 2}
    assert _entries(target) == codes.count(0) == 60


def test_two_processes_writing_one_campaign_lose_nothing(tmp_path):
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp)
    ok("pool", "start", camp, "--players", "2")
    codes = race(lambda w, r: ["pool", "earn", str(camp), "fortune", "--reason", f"{w}-{r}"],
                 processes=2, rounds=30)
    assert _entries(camp) == 1 + codes.count(0) == 61


def test_a_member_award_and_character_writes_at_once_lose_nothing(tmp_path):
    """campaign award (locks the campaign and every member) against do on a member."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        ok("new", "story-points", path.stem, "-o", path, "--set", "sp=100")
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp,
       "--member", a, "--member", b)

    def argv(worker, r):
        if worker == 0:
            return ["campaign", "award", str(camp), "award-checkpoint", "Party", f"C{r}"]
        return ["do", str(a), "award-checkpoint", "Solo", f"C{r}"]

    codes = race(argv, processes=2, rounds=15)
    award_ok, solo_ok = codes[:15].count(0), codes[15:].count(0)
    assert _entries(a) == award_ok + solo_ok and _entries(b) == award_ok
    assert cli("check", a).code == 0
