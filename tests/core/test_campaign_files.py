"""builder.storage.campaigns: the campaign document, members, group entries, undo."""
from __future__ import annotations

import json

import pytest

from builder.app.campaigns import apply_award, apply_undo, log_pool_entry
from builder.rules import fortune_peril as fp
from builder.rules.base import Refusal, UsageError
from builder.storage import campaigns
from builder.storage.files import CharacterFile, FileProblem, load_character, new_document
from builder.storage.rulesets import load_ruleset


def character(path, name, sets):
    ruleset = load_ruleset("story-points")
    import random

    baseline = ruleset.baseline_from_sets(sets, rng=random.Random(1))
    CharacterFile(doc=new_document(ruleset, name, baseline), ruleset=ruleset).save(path)
    return str(path)


@pytest.fixture
def camp(tmp_path):
    character(tmp_path / "a.json", "Ana", [("sp", "4"), ("vital.Agility", "3")])
    b = character(tmp_path / "b.json", "Bo", [("sp", "4"), ("vital.Agility", "3")])
    c = campaigns.CampaignFile(campaigns.new_document("Run", "STORY-points"),
                               path=tmp_path / "run.json")
    c.add_member("a.json")             # relative to the campaign's folder
    c.add_member(b)
    c.save()
    return campaigns.load_campaign(tmp_path / "run.json")


def test_document_shape_matches_the_schema(camp):
    doc = json.loads(camp.path.read_bytes())
    assert doc["kind"] == "campaign" and doc["ruleset"] == "story-points"
    assert doc["members"][0] == "a.json"
    assert set(doc) >= {"format", "name", "members", "ledger", "settings", "created"}


def test_a_campaign_needs_a_known_ruleset():
    with pytest.raises(UsageError):
        campaigns.new_document("X", "no-such-rules")


def test_find_member_by_given_or_resolved_path(camp, tmp_path):
    assert camp.find_member("a.json") == "a.json"
    assert camp.find_member(str(tmp_path / "a.json")) == "a.json"
    with pytest.raises(UsageError):
        camp.find_member("zzz.json")


def test_pool_entries_replay_and_sessions_are_derived(camp):
    log_pool_entry(camp, fp.start_action(2))
    log_pool_entry(camp, fp.spend_action("fortune", "upgrade", check="1", by="Ana"))
    with pytest.raises(Refusal):
        log_pool_entry(camp, fp.spend_action("fortune", "detail", check="1", by="Ana"))
    assert len(camp.ledger) == 2
    camp.save()
    again = campaigns.load_campaign(camp.path)
    assert (again.pool.fortune, again.pool.peril) == (1, 2)
    assert again.sessions()[0]["players"] == 2


def test_session_start_records_the_sizes_it_generated(camp):
    camp.doc["settings"]["pool"] = {"fortune_per_player": 2}
    logged = log_pool_entry(camp, fp.start_action(3))
    assert (logged["fortune"], logged["peril"]) == (6, 1)
    camp.doc["settings"]["pool"] = {}             # later settings do not rewrite history
    assert camp.pool.fortune == 6


def test_award_records_each_members_entry_and_undo_removes_exactly_it(camp):
    entry, files = apply_award(camp, ["award-checkpoint", "M", "C"])
    camp.commit(files)
    assert [m["path"] for m in entry["members"]] == camp.members
    for member in entry["members"]:
        cf = load_character(camp.member_path(member["path"]))
        assert cf.ledger[-1] == member["entry"]
    undone, files = apply_undo(camp)
    camp.commit(files)
    assert undone is entry
    for path in camp.members:
        assert load_character(camp.member_path(path)).ledger == []


def test_undo_refuses_when_a_member_file_changed_since(camp):
    entry, files = apply_award(camp, ["award-checkpoint", "M", "C"])
    camp.commit(files)
    bo = load_character(camp.member_path(camp.members[1]))
    bo.undo()
    bo.save()
    with pytest.raises(Refusal) as info:
        apply_undo(camp)
    assert info.value.reasons[0].startswith("cannot undo the award")
    assert info.value.reasons[1].startswith("Bo (")
    assert "its ledger is empty" in info.value.reasons[1]


def test_an_unwritable_campaign_file_leaves_members_unchanged(camp, monkeypatch):
    import os

    before = {p: camp.member_path(p).read_bytes() for p in camp.members}
    campaign_before = camp.path.read_bytes()
    entry, files = apply_award(camp, ["award-checkpoint", "M", "C"])
    real = os.replace

    def replace(src, dst, *a, **kw):
        if str(dst).endswith("run.json"):
            raise PermissionError(13, "Permission denied")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(FileProblem) as info:
        camp.commit(files)
    monkeypatch.setattr(os, "replace", real)
    assert "run.json" in str(info.value)
    assert {p: camp.member_path(p).read_bytes() for p in camp.members} == before
    assert camp.path.read_bytes() == campaign_before


def test_bad_pool_settings_in_a_file_are_a_file_problem(camp):
    doc = json.loads(camp.path.read_bytes())
    doc["settings"]["pool"] = {"refresh": "sometimes"}
    camp.path.write_text(json.dumps(doc))
    with pytest.raises(FileProblem) as info:
        campaigns.load_campaign(camp.path)
    assert "run.json" in str(info.value)


def test_unknown_keys_are_kept(camp):
    doc = json.loads(camp.path.read_bytes())
    doc["table_colour"] = "green"
    camp.path.write_text(json.dumps(doc))
    again = campaigns.load_campaign(camp.path)
    log_pool_entry(again, fp.start_action(1))
    again.save()
    assert json.loads(camp.path.read_bytes())["table_colour"] == "green"


def test_campaign_schema_is_valid_json_schema_and_fits_new_files(camp):
    import jsonschema

    from builder.resources import load_json_resource
    from builder.storage.validation import schema_errors

    schema = load_json_resource("schema", "campaign.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    log_pool_entry(camp, fp.start_action(2))
    entry, files = apply_award(camp, ["award-checkpoint", "M", "C"])
    assert schema_errors(schema, camp.doc) == []
    bad = dict(camp.doc, members="a.json")
    assert schema_errors(schema, bad)[0].startswith("members:")
