"""The command line's plain words where a rule gives nothing or needs a step first: the
exit codes and files stay what they were, the last line says what happened."""
from __future__ import annotations

from tests.rulesets.vogelfrei.cli.test_campaign_xp_cli import raid  # noqa: F401 - the fixture
from tests.helpers import cli


def test_a_pool_spend_before_any_session_names_the_command_that_starts_one(raid):  # noqa: F811
    r = cli("pool", "spend", raid["camp"], "fortune", "--check", "1", "--by", "Mira",
            "--for", "upgrade")
    assert r.code == 1
    assert r.err.strip().splitlines()[-1].endswith(
        "no session has started: start one with pool start")
