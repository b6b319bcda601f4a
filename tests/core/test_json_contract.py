"""The JSON (and text) the command line prints is a contract: typed actions and options
inside the core change none of it.

``cli_snapshots/`` holds character files of every built-in rule system and a data-file
system (the samples, the corpus's legal files, and characters made by a few actions)
with what ``show``, ``options`` and ``check`` printed for them before actions and
options became typed; ``made.json`` says how the made ones were made, so the ledger
entries ``do`` writes are compared too (their times and ids aside)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.rules.entry_ids import META_KEYS
from tests.helpers import cli

SNAPSHOTS = Path(__file__).resolve().parent / "cli_snapshots"
EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"
OUTPUTS = json.loads((SNAPSHOTS / "outputs.json").read_text(encoding="utf-8"))
MADE = json.loads((SNAPSHOTS / "made.json").read_text(encoding="utf-8"))
COMMANDS = [["show", "--json"], ["options", "--json"], ["check", "--json"], ["show"], ["options"]]


@pytest.fixture(autouse=True)
def point_buy(isolated_data):
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")


def test_every_snapshot_is_checked():
    files = {key.split(" ", 1)[0] for key in OUTPUTS}
    assert files == {p.name for p in (SNAPSHOTS / "characters").glob("*.json")}
    assert len(files) >= 12 and set(MADE) <= {name.removesuffix(".json") for name in files}


@pytest.mark.parametrize("name", sorted({key.split(" ", 1)[0] for key in OUTPUTS}))
def test_the_printed_output_is_unchanged(name, tmp_path):
    path = tmp_path / name
    shutil.copy(SNAPSHOTS / "characters" / name, path)
    for command in COMMANDS:
        result = cli(command[0], path, *command[1:])
        expected = OUTPUTS[f"{name} {' '.join(command)}"]
        got = {"code": result.code, "out": result.out.replace(str(path), "FILE"),
               "err": result.err.replace(str(path), "FILE")}
        assert got == expected, (name, command)


@pytest.mark.parametrize("name", sorted(MADE))
def test_do_writes_the_same_ledger_entries(name, tmp_path):
    """The made characters again, through ``new`` and ``do`` with the same seeds: the
    file holds the same baseline and ledger entries (their times aside)."""
    path = tmp_path / f"{name}.json"
    recipe = MADE[name]
    assert cli("new", *recipe["new"], "-o", path).code == 0
    for index, words in enumerate(recipe["actions"]):
        cli("do", "--seed", str(index), path, *words)
    made = json.loads(path.read_text(encoding="utf-8"))
    kept = json.loads((SNAPSHOTS / "characters" / f"{name}.json").read_text(encoding="utf-8"))
    assert made["baseline"] == kept["baseline"]
    assert [{k: v for k, v in e.items() if k not in META_KEYS} for e in made["ledger"]] == \
        [{k: v for k, v in e.items() if k not in META_KEYS} for e in kept["ledger"]]
    assert len(made["ledger"]) >= len(recipe["actions"]) - 1
