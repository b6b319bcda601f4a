"""Hypothesis state machines, whole commands on real files: random legal and illegal
actions on a character of each ruleset and on a campaign with its pool and members.

After every step: each file validates and ``check`` finds no problem (only legal
actions ever enter a ledger); a refused action (exit 1) or bad words (exit 2)
change no byte of any file; a done action adds exactly one ledger entry.  At the
end, undoing everything gives back every file byte for byte (but for the entries
it keeps as withdrawn)."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.helpers import cli, ok, undone_bytes
from tests.rule_systems import BUILTIN_IDS, sample, samples_lacking

MACHINE = settings(max_examples=3, stateful_step_count=12, deadline=None, derandomize=True,
                   database=None, suppress_health_check=list(HealthCheck))


def ledger_length(path: Path) -> int:
    return len(json.loads(path.read_text())["ledger"])


class CharacterMachine(RuleBasedStateMachine):
    """A character made with its system's MACHINE_NEW arguments, acting with its
    MACHINE_WORDS (legal and illegal words; in its tests folder's samples.py)."""
    ruleset = "story-points"

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="machine-"))
        self.path = self.folder / "c.json"
        ok("new", self.ruleset, "M", "-o", self.path, *sample(self.ruleset, "MACHINE_NEW"))
        self.words = sample(self.ruleset, "MACHINE_WORDS")
        self.initial = self.path.read_bytes()

    @rule(index=st.integers(0, 100))
    def act(self, index):
        words = self.words[index % len(self.words)]
        before, length = self.path.read_bytes(), ledger_length(self.path)
        result = cli("do", self.path, *words)
        assert result.code in (0, 1, 2), result
        if result.code == 0:
            assert ledger_length(self.path) == length + 1
        else:
            assert self.path.read_bytes() == before, (words, result)

    @rule()
    def undo(self):
        before, length = self.path.read_bytes(), ledger_length(self.path)
        result = cli("undo", self.path)
        if length:
            assert result.code == 0 and ledger_length(self.path) == length - 1
        else:
            assert result.code == 1 and self.path.read_bytes() == before

    @invariant()
    def legal_and_valid(self):
        assert cli("check", self.path).code == 0
        json.loads(cli("show", self.path, "--json").out)

    def teardown(self):
        while ledger_length(self.path):
            ok("undo", self.path)
        assert undone_bytes(self.path) == self.initial
        shutil.rmtree(self.folder)


def machine_for(ruleset: str):
    machine = type(f"Machine_{ruleset.replace('-', '_')}", (CharacterMachine,),
                   {"ruleset": ruleset})
    machine.TestCase.settings = MACHINE
    return machine.TestCase


def test_every_built_in_system_has_its_words_here():
    assert samples_lacking("MACHINE_WORDS", "MACHINE_NEW") == []


# A machine for each built-in rule system: TestStoryPoints for "story-points".
for _ruleset in BUILTIN_IDS:
    globals()["Test" + _ruleset.title().replace("-", "")] = machine_for(_ruleset)


CAMPAIGN_WORDS = [
    ["pool", "start", "--players", "2"], ["pool", "earn", "fortune", "--reason", "r"],
    ["pool", "earn", "peril", "--reason", ""],
    ["pool", "spend", "fortune", "--check", "c1", "--by", "a", "--for", "upgrade"],
    ["pool", "spend", "peril", "--check", "c2", "--by", "GM", "--for", "complication"],
    ["pool", "nemesis", "Grim", "--points", "2"],
    ["campaign", "award", "award-checkpoint", "M", "C"],
    ["campaign", "award", "raise-vital", "Strength"], ["campaign", "award", "fly"],
    ["campaign", "exchange", "a.json", "raise-skill Melee", "b.json", "raise-skill Melee"],
    ["campaign", "exchange", "a.json", "raise-vital Strength", "b.json",
     "raise-skill Melee"],
]


class CampaignMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="campaign-machine-"))
        self.members = [self.folder / "a.json", self.folder / "b.json"]
        for path in self.members:
            ok("new", "story-points", path.stem, "-o", path, "--set", "sp=6")
        self.camp = self.folder / "camp.json"
        ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", self.camp,
           *[w for p in self.members for w in ("--member", p)])
        self.files = [self.camp, *self.members]
        self.initial = self.snapshot()

    def snapshot(self):
        return [p.read_bytes() for p in self.files]

    @rule(index=st.integers(0, 100))
    def act(self, index):
        words = CAMPAIGN_WORDS[index % len(CAMPAIGN_WORDS)]
        argv = [*words[:2], self.camp, *words[2:]]
        if words[1] == "exchange":
            argv = [*words[:2], self.camp, self.members[0], words[3], self.members[1],
                    words[5]]
        before, length = self.snapshot(), ledger_length(self.camp)
        result = cli(*argv)
        assert result.code in (0, 1, 2), result
        if result.code == 0:
            assert ledger_length(self.camp) == length + 1
        else:
            assert self.snapshot() == before, (words, result)

    @rule()
    def undo(self):
        length = ledger_length(self.camp)
        result = cli("undo", self.camp)
        assert result.code == (0 if length else 1), result

    @invariant()
    def every_file_legal(self):
        assert cli("campaign", "show", self.camp, "--json").json()["problems"] == []
        for member in self.members:
            assert cli("check", member).code == 0

    def teardown(self):
        while ledger_length(self.camp):
            ok("undo", self.camp)
        assert [undone_bytes(p) for p in self.files] == self.initial
        shutil.rmtree(self.folder)


TestCampaign = CampaignMachine.TestCase
TestCampaign.settings = MACHINE
