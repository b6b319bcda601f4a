"""The command line's plain words where a rule gives nothing or needs a step first: the
exit codes and files stay what they were, the last line says what happened."""
from __future__ import annotations

from tests.rulesets.vogelfrei.cli.test_campaign_xp_cli import raid, xp  # noqa: F401 - the fixture
from tests.helpers import cli, ok


def test_xp_with_nothing_defeated_says_nothing_is_to_award():
    r = ok("xp")
    assert r.out.splitlines()[-1] == ("nothing to award: the enemies and the treasure come "
                                      "to 0 XP in all")
    r = ok("xp", "1", "--survivors", "40")             # 10 XP among 40: 0 each
    assert r.out.splitlines()[-1].endswith("0 XP for each survivor")
    assert "nothing" not in ok("xp", "1").out
    assert "share    10 each (1 survivor)" in ok("xp", "1").out.splitlines()
    assert "(40 survivors)" in r.out


def test_campaign_xp_with_nothing_to_share_says_nothing_was_awarded(raid):  # noqa: F811
    before = xp(raid["Ulf"])
    r = ok("campaign", "xp", raid["camp"], "--session", "1")
    assert r.out.splitlines()[-1] == ("nothing was awarded: the enemies and the treasure "
                                      "come to 0 XP for every survivor")
    assert xp(raid["Ulf"]) == before
    r = ok("campaign", "xp", raid["camp"], "3", "--session", "2")
    assert "nothing" not in r.out and xp(raid["Ulf"]) > before


def test_a_pool_spend_before_any_session_names_the_command_that_starts_one(raid):  # noqa: F811
    r = cli("pool", "spend", raid["camp"], "fortune", "--check", "1", "--by", "Mira",
            "--for", "upgrade")
    assert r.code == 1
    assert r.err.strip().splitlines()[-1].endswith(
        "no session has started: start one with pool start")
