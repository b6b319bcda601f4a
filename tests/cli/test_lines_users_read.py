"""Lines a user reads say what happened: a missing argument is named only when it is
required, an export whose summary line cannot be printed says the PDF was written, and
the trash lists a renamed character under its new name (an empty list of Story Points'
show says "none": tests/rulesets/story_points/cli/test_story_points_lines_users_read.py)."""
from __future__ import annotations

import errno
import io
import os
from contextlib import redirect_stderr, redirect_stdout

import pytest

from tests.helpers import cli, ok, qt_importable


def test_a_missing_action_names_only_the_action(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "Ann", "-o", path)
    result = cli("do", path)
    assert result.code == 2
    assert result.err.strip().endswith("the following arguments are required: ACTION")
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points")
    result = cli("campaign", "award", camp)
    assert result.code == 2
    assert result.err.strip().endswith("the following arguments are required: action")
    assert ok("do", path, "rest").code == 0            # an action without ARG still runs


class _Full(io.StringIO):
    """An output on a full disk."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.skipif(not qt_importable(), reason="sheets are painted by Qt")
def test_an_export_whose_summary_cannot_be_printed_says_the_pdf_was_written(tmp_path):
    from builder.cli import run

    path = tmp_path / "c.json"
    ok("new", "story-points", "Ann", "-o", path)
    pdf = tmp_path / "out.pdf"
    stderr = io.StringIO()
    with redirect_stdout(_Full()), redirect_stderr(stderr):
        code = run(["export-pdf", str(path), "-o", str(pdf)])
    assert code == 2
    assert pdf.read_bytes().startswith(b"%PDF")
    assert stderr.getvalue().splitlines() == [
        f"character-builder: {pdf} written, but its summary could not be printed: "
        f"{os.strerror(errno.ENOSPC)}"]


def test_the_trash_lists_a_renamed_character_under_its_new_name():
    ok("new", "story-points", "Senna")
    ok("library", "rename", "Senna", "Mira")
    ok("library", "trash", "Mira")
    listed = ok("library", "restore", "--json").json()
    assert [item["name"] for item in listed] == ["Mira"]
    assert listed[0]["original"].endswith("Senna.json")          # its file kept its name
    assert "(Mira, from " in ok("library", "restore").out


HUGE = "99999999999999999999"


def test_an_action_the_rules_take_but_no_file_keeps_names_the_number_it_was_given(tmp_path):
    """The rules judge a number first (their refusal keeps exit 1); an action they take
    whose number no file keeps is refused in one line naming it by its ledger name, exit
    2 as when the file check refused it, and nothing is written."""
    from builder.storage.files import WHOLE_NUMBER_LIMIT

    greta = tmp_path / "greta.json"
    ok("new", "vogelfrei", "Greta", "--seed", "3", "-o", greta, "--set", "money=2gp")
    before = greta.read_bytes()
    for typed in (HUGE, str(WHOLE_NUMBER_LIMIT + 1)):
        result = cli("do", greta, "award-xp", typed, "--session", "6")
        assert (result.code, result.err.strip().splitlines()) == (
            2, [f"xp must be at most {WHOLE_NUMBER_LIMIT}, not {typed}"])
    refused = cli("do", greta, "buy", "--qty", str(WHOLE_NUMBER_LIMIT + 1), "rope")
    assert refused.code == 1 and "not enough money" in refused.err     # the rules first
    assert greta.read_bytes() == before
    assert ok("xp", "3", "--survivors", HUGE).code == 0                 # writes no file
    camp = tmp_path / "raid.json"
    ok("campaign", "new", "Raid", "--ruleset", "vogelfrei", "--member", greta, "-o", camp)
    party = cli("campaign", "award", camp, "award-xp", HUGE, "--session", "6")
    assert party.code == 2 and party.err.strip().splitlines() == [
        f"Greta ({greta}): xp must be at most {WHOLE_NUMBER_LIMIT}, not {HUGE}"], party.err
    assert greta.read_bytes() == before
    ok("do", greta, "award-xp", str(WHOLE_NUMBER_LIMIT), "--session", "6")   # the bound


def test_the_bound_of_a_logged_number_is_every_file_formats_own():
    import json
    from pathlib import Path

    import builder
    from builder.storage.files import WHOLE_NUMBER_LIMIT

    folder = Path(builder.__file__).parent
    bounds = {}
    for path in [*folder.rglob("character-*.schema.json"),
                 folder / "data" / "schema" / "campaign.schema.json"]:
        whole = json.loads(path.read_text())["$defs"]["int"]
        bounds[path.name] = (whole["minimum"], whole["maximum"])
    assert len(bounds) == 4
    assert set(bounds.values()) == {(-WHOLE_NUMBER_LIMIT, WHOLE_NUMBER_LIMIT)}, bounds
