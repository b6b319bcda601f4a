"""builder.app: typed outcomes (files changed, digests), typed refusals, the member
guard, all-or-nothing party XP and its undo, one enemy/treasure reader."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from builder.app import campaigns, characters
from builder.app.outcome import Refused, RefusalCode
from builder.rules import fortune_peril as fp
from builder.rules.base import UsageError
from builder.rulesets.vogelfrei.rules.tally import enemy_words, parse_enemies, parse_treasure
from builder.storage.files import FileProblem
from builder.storage.rulesets import load_ruleset
from tests.helpers import cli, ok, undone_bytes


def sha(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def snapshot(*paths) -> dict:
    return {str(p): Path(p).read_bytes() for p in paths}


def new_sp(folder: Path, name: str, *sets: str) -> Path:
    spec = characters.NewCharacter(ruleset=load_ruleset("story-points"), name=name,
                                   sets=characters.parse_sets(list(sets)),
                                   output=folder / f"{name.lower()}.json")
    return characters.create(spec).changes[0].path


@pytest.fixture
def party(tmp_path):
    nyra = new_sp(tmp_path, "Nyra", "sp=20", "vital.Agility=4", "skill.Acrobatics=3")
    joss = new_sp(tmp_path, "Joss", "sp=3", "vital.Perception=4", "skill.Observation=1")
    camp = campaigns.create(campaigns.NewCampaign(
        "Iron Coast", "story-points", members=(str(nyra), str(joss)),
        output=tmp_path / "coast.json")).changes[0].path
    return {"camp": camp, "nyra": nyra, "joss": joss}


def test_an_outcome_names_every_file_with_its_digests_before_and_after(party):
    before = {k: sha(p) for k, p in party.items()}
    outcome = campaigns.award(party["camp"], ["resolve-milestone", "Fort"])
    assert outcome.written
    assert [c.path for c in outcome.changes] == [party["nyra"], party["joss"], party["camp"]]
    for change, key in zip(outcome.changes, ("nyra", "joss", "camp")):
        assert change.before == before[key] and change.after == sha(party[key])
        assert change.before != change.after
    assert outcome.entry is not None and outcome.entry.action == "award"
    assert set(outcome.entries) == {party["nyra"], party["joss"]}


def test_a_dry_run_says_what_would_change_and_writes_nothing(party):
    files = snapshot(*party.values())
    outcome = campaigns.award(party["camp"], ["resolve-milestone", "Fort"], dry_run=True)
    assert not outcome.written and len(outcome.changes) == 3
    assert snapshot(*party.values()) == files


def test_the_member_guard_refuses_and_nothing_is_written(party):
    files = snapshot(*party.values())
    asked = []

    def guard(paths):
        asked.extend(paths)
        return [f"{p.name}: open with an unsaved change" for p in paths if p == party["joss"]]

    with pytest.raises(Refused) as refused:
        campaigns.award(party["camp"], ["resolve-milestone", "Fort"], guard=guard)
    assert refused.value.code is RefusalCode.MEMBER_BUSY
    assert refused.value.reasons == ["joss.json: open with an unsaved change"]
    assert set(asked) == {party["nyra"], party["joss"]}
    assert snapshot(*party.values()) == files


def test_pool_undo_of_a_party_entry_goes_through_the_member_guard(party):
    campaigns.award(party["camp"], ["resolve-milestone", "Fort"])
    files = snapshot(*party.values())
    busy = lambda paths: ["Joss has an unsaved change"] if party["joss"] in paths else []  # noqa: E731
    with pytest.raises(Refused) as refused:
        campaigns.pool_undo(party["camp"], guard=busy)
    assert refused.value.code is RefusalCode.MEMBER_BUSY
    assert snapshot(*party.values()) == files
    # a pool entry writes no member file: the guard has nothing to say about it
    campaigns.pool_act(party["camp"], fp.start_action(3))
    outcome = campaigns.pool_undo(party["camp"], guard=busy)
    assert outcome.paths == [party["camp"]]


def test_undo_refuses_when_the_last_entry_is_not_the_one_shown(party):
    shown = campaigns.award(party["camp"], ["resolve-milestone", "Fort"]).entry
    campaigns.pool_act(party["camp"], fp.start_action(3))      # the command line, meanwhile
    files = snapshot(*party.values())
    with pytest.raises(Refused) as refused:
        campaigns.undo(party["camp"], expected=shown)
    assert refused.value.code is RefusalCode.STALE
    assert snapshot(*party.values()) == files


def test_character_creation_keeps_news_contract(tmp_path):
    ruleset = load_ruleset("story-points")
    target = tmp_path / "ann.json"
    spec = characters.NewCharacter(ruleset=ruleset, name="Ann", sets=[("sp", "3")],
                                   output=target)
    outcome = characters.create(spec)
    assert outcome.lines == (str(target),) and outcome.changes[0].before is None
    with pytest.raises(FileProblem):                 # never overwritten without force
        characters.create(spec)
    replaced = characters.create(characters.NewCharacter(
        ruleset=ruleset, name="Ann", sets=[("sp", "5")], output=target, force=True))
    assert replaced.changes[0].before is not None
    with pytest.raises(UsageError):
        characters.create(characters.NewCharacter(ruleset=ruleset, name="  "))
    import random

    baseline = ruleset.baseline_from_sets([], rng=random.Random(0))
    baseline["vitals"]["Agility"] = 99
    with pytest.raises(Refused) as refused:
        characters.create(characters.NewCharacter(ruleset=ruleset, name="Bad",
                                                  baseline=baseline, output=tmp_path))
    assert refused.value.code is RefusalCode.RULES
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["ann.json"]


# -- party XP over several character files ---------------------------------------------
def vogelfrei(folder: Path, name: str, seed: int) -> Path:
    ruleset = load_ruleset("vogelfrei")
    return characters.create(characters.NewCharacter(
        ruleset=ruleset, name=name, seed=seed, output=folder / f"{name}.json")).changes[0].path


def test_party_xp_is_all_or_nothing_and_its_undo_restores_every_byte(tmp_path):
    ulf, kai = vogelfrei(tmp_path, "Ulf", 3), vogelfrei(tmp_path, "Kai", 4)
    # Kai's file has an illegal entry: the rules refuse any new one there
    clean = kai.read_bytes()
    doc = json.loads(clean)
    doc["ledger"].append({"action": "level-up", "session": "0", "roll": 1})
    kai.write_text(json.dumps(doc))
    files = snapshot(ulf, kai)
    spec = characters.PartyXp(parts={ulf: "1", kai: "1"}, session="1", enemies=("3",),
                              treasure=("100",))
    with pytest.raises(Refused) as refused:
        characters.party_xp(spec)
    assert any(r.startswith("Kai:") for r in refused.value.reasons)
    assert snapshot(ulf, kai) == files                     # Ulf's share not written either

    kai.write_bytes(clean)
    files = snapshot(ulf, kai)
    outcome = characters.party_xp(spec)
    assert outcome.entry is not None
    assert [m["xp"] for m in outcome.entry.entry["members"]] == [75, 75]   # (50 + 100) / 2
    assert outcome.paths == [ulf, kai]
    assert characters.take_back(outcome.entries).paths == [ulf, kai]
    assert {str(p): undone_bytes(p) for p in (ulf, kai)} == files


def test_party_xp_and_take_back_ask_the_member_guard(tmp_path):
    ulf = vogelfrei(tmp_path, "Ulf", 3)
    spec = characters.PartyXp(parts={ulf: "1"}, session="1", enemies=("3",))
    files = snapshot(ulf)
    with pytest.raises(Refused) as refused:
        characters.party_xp(spec, guard=lambda paths: ["Ulf's tab has an unsaved change"])
    assert refused.value.code is RefusalCode.MEMBER_BUSY and snapshot(ulf) == files
    outcome = characters.party_xp(spec)
    with pytest.raises(Refused):
        characters.take_back(outcome.entries, guard=lambda paths: ["busy"])
    assert json.loads(ulf.read_text())["ledger"][-1] == outcome.entries[ulf].entry


# -- one reading of what is typed -----------------------------------------------------------
def test_the_value_follows_the_last_equals_sign():
    assert parse_enemies(["3", "chief=4", "Ulf=the=Red=3*", "=2", "a,b=1"]) == [
        ("#1", "3"), ("chief", "4"), ("Ulf=the=Red", "3*"), ("#4", "2"), ("#5", "a"),
        ("b", "1")]
    assert parse_treasure(["1000 hoard=500"]) == [("", 1000), ("hoard", 500)]
    with pytest.raises(UsageError):
        parse_treasure(["hoard=lots"])
    pairs = parse_enemies(["3 chief=4 x=y=2"])
    assert parse_enemies(enemy_words(pairs)) == pairs


def test_xp_and_campaign_xp_read_enemies_alike(tmp_path):
    shown = cli("xp", "Ulf=the=Red=3", "Ulf=the=Red=3", "2", "--json")
    assert shown.code == 0, shown.err
    counted = json.loads(shown.out)
    assert [c["enemy"] for c in counted["counted"]] == ["Ulf=the=Red", "#3"]
    assert [c["enemy"] for c in counted["repeated"]] == ["Ulf=the=Red"]
    ulf = vogelfrei(tmp_path, "Ulf", 3)
    camp = tmp_path / "raid.json"
    ok("campaign", "new", "Raid", "-o", camp, "--ruleset", "vogelfrei", "--member", ulf)
    ok("campaign", "xp", camp, "Ulf=the=Red=3", "Ulf=the=Red=3", "2", "--session", "1")
    entry = json.loads(camp.read_text())["ledger"][-1]
    assert entry["enemy_xp"] == counted["enemies"]


def test_rulesets_declare_capabilities_instead_of_callers_testing_ids():
    sp, vf, ab = (load_ruleset(r) for r in ("story-points", "vogelfrei", "ability-bonuses"))
    can = {r.id: r.capabilities for r in (sp, vf, ab)}
    assert [rid for rid, c in can.items() if c.training_exchange] == ["story-points"]
    assert [rid for rid, c in can.items() if c.party_xp] == ["vogelfrei"]
    assert vf.party_xp is not None and sp.party_xp is None and ab.party_xp is None
    assert [rid for rid, c in can.items() if c.story_milestones] == ["story-points"]
    assert [rid for rid, c in can.items() if c.planner] == ["story-points"]
    assert [rid for rid, c in can.items() if c.chain] == ["story-points"]
    assert sp.balance_row_key == "sp_after" and vf.balance_row_key is None


def test_campaign_members_one_rule_typed_and_picked(tmp_path, monkeypatch):
    (tmp_path / "table" / "chars").mkdir(parents=True)
    mira = new_sp(tmp_path / "table" / "chars", "Mira", "sp=1")
    monkeypatch.chdir(tmp_path / "table")
    typed = campaigns.create(campaigns.NewCampaign(
        "Typed", "story-points", members=("chars/mira.json",), output=Path("typed.json")))
    from builder.app.queries import campaign_view

    picked_at = tmp_path / "table" / "picked.json"
    picked = campaigns.create(campaigns.NewCampaign(
        "Picked", "story-points", output=picked_at,
        members=(campaigns.member_reference(picked_at, mira),)))
    monkeypatch.chdir(tmp_path)
    for outcome in (typed, picked):
        shown = campaign_view(Path("table") / outcome.changes[0].path.name)
        assert shown["members"] == ["chars/mira.json"]
        assert shown["member_details"][0]["name"] == "Mira"


def test_a_file_created_by_another_program_during_new_is_never_replaced(tmp_path, monkeypatch):
    """Two `new` commands racing for one name: the one that finds the file there when it
    writes refuses (nothing written) instead of replacing the other's character."""
    from builder.storage import files

    target = tmp_path / "senna.json"
    real_new_document = files.new_document

    def other_program_writes_first(*args, **kwargs):
        target.write_bytes(b'{"other": "program"}\n')   # after the existence check
        return real_new_document(*args, **kwargs)

    monkeypatch.setattr(files, "new_document", other_program_writes_first)
    spec = characters.NewCharacter(ruleset=load_ruleset("story-points"), name="Senna",
                                   sets=[], output=target)
    with pytest.raises(FileProblem, match="changed by another program"):
        characters.create(spec)
    assert target.read_bytes() == b'{"other": "program"}\n'


def test_an_open_copy_takes_the_disk_version_only_when_just_its_ledger_moved(tmp_path):
    """What an open tab reloads without asking (builder.app.documents.only_ledger_changed):
    entries added or taken back on disk; never a change of the file's other keys, nor a
    change the open copy holds that is not on disk."""
    from builder.app.documents import only_ledger_changed
    from builder.app.queries import open_character

    path = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=9")
    open_copy = open_character(path)
    ok("do", path, "raise-vital", "Agility")
    assert only_ledger_changed(open_copy, path.read_bytes())
    ok("undo", path)                       # kept as withdrawn: still only the ledger's end
    assert only_ledger_changed(open_copy, path.read_bytes())
    characters.rename(path, "Mirabel")
    assert not only_ledger_changed(open_copy, path.read_bytes())
    assert not only_ledger_changed(open_copy, b"not json")
    fresh = open_character(path)
    fresh.doc["name"] = "Changed here"     # a change of the open copy not on disk
    assert not only_ledger_changed(fresh, path.read_bytes())


def test_an_operation_changes_the_very_copy_the_app_handed_out_and_nothing_else(tmp_path):
    """The read-only view an adapter holds goes back to an operation as the character
    file the application layer opened (that copy changes); an object that only reads
    like one is refused with a TypeError, and nothing is written."""
    from builder.app.queries import open_character

    path = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=9")
    open_copy = open_character(path)
    characters.rename(open_copy, "Mirabel")
    assert open_copy.name == "Mirabel" and open_copy.raw == path.read_bytes()

    class Lookalike:
        name, path, read_only, raw = "Mira", tmp_path / "mira.json", None, None

    before = path.read_bytes()
    with pytest.raises(TypeError, match="not a character file"):
        characters.rename(Lookalike(), "Nobody")  # type: ignore[arg-type]
    assert path.read_bytes() == before


def saved_files(monkeypatch) -> list:
    """The paths of every character file saved from now on, in order."""
    from builder.storage.files import CharacterFile

    saves: list = []
    save = CharacterFile.save

    def counted(self, *args, **kwargs):
        saves.append(self.path)
        return save(self, *args, **kwargs)

    monkeypatch.setattr(CharacterFile, "save", counted)
    return saves


def test_a_plan_is_taken_as_far_as_the_rules_allow_in_one_write(tmp_path, monkeypatch):
    """The chain's Apply: every step in order, written once; a step the rules refuse
    stops the plan there (its reasons in ``refused``), and a refused first step
    refuses the whole (nothing written)."""
    from builder.storage.files import load_character

    path = tmp_path / "kit.json"
    ok("new", "story-points", "Kit", "-o", path, "--set", "sp=6", "--set", "vital.Agility=3")
    before = path.read_bytes()
    with pytest.raises(UsageError):                  # words no rule system reads
        characters.apply_plan(path, [["raise-skill", "Nonsense"], ["raise-skill", "Stealth"]])
    poor = tmp_path / "poor.json"
    ok("new", "story-points", "Poor", "-o", poor, "--set", "vital.Agility=2")
    unpaid = poor.read_bytes()
    with pytest.raises(Refused) as refused:
        characters.apply_plan(poor, [["raise-skill", "Stealth"], ["raise-skill", "Stealth"]])
    assert refused.value.code is RefusalCode.RULES and refused.value.reasons
    assert poor.read_bytes() == unpaid and path.read_bytes() == before
    steps = [["raise-skill", "Stealth"]] * 4        # 1 + 2 + 3 SP, then no SP left
    saves = saved_files(monkeypatch)
    outcome = characters.apply_plan(path, steps)
    assert saves == [path]                            # the steps taken, written once
    ledger = load_character(str(path)).ledger
    assert [(e["action"], e["target"]) for e in ledger] == [("raise-skill", 1),
                                                           ("raise-skill", 2),
                                                           ("raise-skill", 3)]
    assert len(outcome.changes) == 1 and outcome.lines == tuple(
        load_character(str(path)).ruleset.describe(e) for e in ledger)
    assert outcome.refused and any("SP" in reason for reason in outcome.refused)
    assert outcome.summary == "Plan: 3 of 4 steps taken"
    # the same steps from a fresh file, all affordable: every one taken, nothing refused
    path.write_bytes(before)
    done = characters.apply_plan(path, steps[:3])
    assert done.refused == () and done.summary == "Plan: 3 steps taken"


def test_a_ledger_diff_says_what_another_version_added_or_took_back(tmp_path):
    """What an open tab follows from another program's write (builder.ui.operations.follow):
    entries added at the end, entries an undo took off the end (the withdrawn list moves
    with them), or anything else."""
    from builder.app.documents import LedgerDiff, ledger_diff
    from builder.storage.files import load_character

    path = tmp_path / "kit.json"
    ok("new", "story-points", "Kit", "-o", path, "--set", "sp=6", "--set", "vital.Agility=3")
    before = load_character(str(path))
    assert ledger_diff(before, load_character(str(path))) == LedgerDiff()
    ok("do", path, "raise-skill", "Stealth")
    after = load_character(str(path))
    assert ledger_diff(before, after) == LedgerDiff(added=tuple(after.ledger))
    ok("undo", path)
    undone = load_character(str(path))
    assert ledger_diff(after, undone) == LedgerDiff(removed=tuple(after.ledger))
    ok("library", "rename", path, "Kit the Bold")
    assert ledger_diff(undone, load_character(str(path))).other


def test_one_rule_for_a_characters_name_in_every_layer(tmp_path):
    """A blank name is refused with the same words by ``new``, ``library rename``,
    ``library duplicate`` and the file itself; spaces around a name are not kept."""
    from builder.rules.base import NAME_NEEDED, Refusal, kept_name
    from builder.storage.files import load_character

    assert kept_name("  Senna ") == "Senna" and kept_name(" \t") is None
    with pytest.raises(UsageError, match=NAME_NEEDED):
        characters.require_name("   ")
    path = tmp_path / "kit.json"
    ok("new", "story-points", "Kit", "-o", path)
    for words in (("new", "story-points", "  ", "-o", tmp_path / "x.json"),
                  ("library", "rename", path, " "), ("library", "duplicate", path, "--name", " ")):
        result = cli(*words)
        assert result.code == 2 and NAME_NEEDED in result.err, (words, result.err)
    with pytest.raises(Refusal, match=NAME_NEEDED):
        load_character(str(path)).rename("  ")
    assert characters.rename(path, "  Kit the Bold ").renamed == ("Kit", "Kit the Bold")


def test_a_campaigns_name_is_kept_by_the_same_rule(tmp_path):
    """``campaign new`` refuses a blank name (exit 2, one line, no file) and keeps a
    name without the spaces around it, as the New Campaign dialog does."""
    from builder.rules.campaign import NAME_NEEDED

    with pytest.raises(UsageError, match=NAME_NEEDED):
        campaigns.require_name(" \t")
    result = cli("campaign", "new", "  ", "--ruleset", "story-points", "-o", tmp_path / "c.json")
    assert result.code == 2 and result.err.strip().endswith(NAME_NEEDED)
    assert not (tmp_path / "c.json").exists()
    ok("campaign", "new", "  The Iron Coast ", "--ruleset", "story-points", "-o",
       tmp_path / "c.json")
    assert json.loads((tmp_path / "c.json").read_text())["name"] == "The Iron Coast"


def test_a_plans_steps_are_undone_and_taken_again_in_one_write_each(tmp_path, monkeypatch):
    """The chain's Apply undone: every step taken back at once (withdrawn, as an undo
    keeps them) or none, when later entries are in the way; taken again at once."""
    from builder.storage.files import load_character

    path = tmp_path / "kit.json"
    ok("new", "story-points", "Kit", "-o", path, "--set", "sp=8", "--set", "vital.Agility=3")
    characters.apply_plan(path, [["raise-skill", "Stealth"]] * 3)
    steps = load_character(str(path)).ledger
    saves = saved_files(monkeypatch)
    ok("do", path, "raise-skill", "Melee")                  # a later entry in the way
    blocked = path.read_bytes()
    with pytest.raises(Refused) as refused:
        characters.undo_steps(path, steps)
    assert refused.value.code is RefusalCode.STALE and path.read_bytes() == blocked
    characters.undo(path)
    saves.clear()
    undone = characters.undo_steps(path, steps)
    assert saves == [path] and load_character(str(path)).ledger == []
    assert undone.lines[0] == f"undone: {load_character(str(path)).ruleset.describe(steps[0])}"
    withdrawn = json.loads(path.read_text())["withdrawn"]
    assert {e["id"] for e in steps} <= {e["id"] for e in withdrawn}
    saves.clear()
    characters.redo_steps(path, steps)
    again = load_character(str(path)).ledger
    assert saves == [path]
    assert [(e["action"], e["target"]) for e in again] == [(e["action"], e["target"])
                                                         for e in steps]


def test_one_side_of_a_training_exchange_reads_as_the_exchange_itself(party):
    """What the Training Exchange dialog shows of a side (``queries.exchange_step``) is
    what ``campaign exchange`` would say: the exchange's cost beside the full one, the
    rules' reasons, a verb the rule system never exchanges refused in its words."""
    from builder.app.queries import exchange_step
    from builder.storage.files import load_character

    nyra, joss = load_character(str(party["nyra"])), load_character(str(party["joss"]))
    step = exchange_step(nyra, ["raise-skill", "Acrobatics"])
    assert (step.cost, step.full_cost, step.reasons) == (3, 4, ())
    ok("do", party["joss"], "raise-skill", "Observation")          # 1 SP left
    joss = load_character(str(party["joss"]))
    step = exchange_step(joss, ["raise-skill", "Observation"])
    assert step.cost == 2 and len(step.reasons) == 1
    assert step.reasons[0].startswith("Joss: ") and "needs 2 SP, 1 unspent" in step.reasons[0]
    refused = cli("campaign", "exchange", party["camp"], party["nyra"], "raise-vital Agility",
                  party["joss"], "raise-skill Observation")
    vital = exchange_step(nyra, ["raise-vital", "Agility"])
    assert vital.cost is None and vital.reasons[0].removeprefix("Nyra: ") in refused.err
    assert exchange_step(nyra, ["raise-skill", "Cooking"]).reasons[0].startswith("Nyra: ")


def test_what_an_open_character_s_file_holds_now_is_read_through_the_application(
        tmp_path, monkeypatch):
    """The window compares an open copy with the file through ``disk_bytes``: the bytes
    another program left (of a file beyond a character file's size, one byte more than
    a copy can hold: it differs from every copy, and is never read whole), or None when
    there is nothing to read (gone, a folder in its place)."""
    from builder.app import documents
    from builder.app.queries import open_character
    from builder.storage import jsonio

    path = new_sp(tmp_path, "Mira", "sp=9")
    view = open_character(path)
    assert documents.disk_bytes(view) == view.raw == path.read_bytes()
    path.write_bytes(b"{}")
    assert documents.disk_bytes(view) == b"{}"
    path.write_bytes(b"[" * 5000)
    monkeypatch.setattr(jsonio, "MAX_DOCUMENT_BYTES", 1000)
    assert documents.disk_bytes(view) == b"[" * 1001 != view.raw
    monkeypatch.undo()
    path.unlink()
    assert documents.disk_bytes(view) is None
    path.mkdir()
    assert documents.disk_bytes(view) is None
