"""The regression corpus: every input that ever broke a command (tests/corpus/).

Each file goes through the commands that read it; whatever it holds, every
command ends with 0, 1 or 2, never an exception (CHARACTER_BUILDER_DEBUG is
set by the test set-up, so an unexpected exception fails the test instead of
being turned into the last-guard line), prints one line per problem, and a
command that did not succeed leaves the file byte for byte as it was.

Files git cannot hold (a named pipe, a device, a symbolic-link loop) are made by
:func:`test_special_files_through_every_command`; the whole corpus is also put in
the library and listed.

Add a file here whenever fuzzing or a user finds an input that fails.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli, qt_importable

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


CHARACTER_COMMANDS = [("show", "--json"), ("show",), ("check",), ("options",), ("undo",),
                      ("plan", "skill:Melee=1"), ("do", "rest")]
if qt_importable():
    CHARACTER_COMMANDS.append(("export-pdf", "-o", "{out}"))
CAMPAIGN_COMMANDS = [("campaign", "show"), ("campaign", "show", "--json"), ("pool", "show"),
                     ("pool", "earn", "fortune", "--reason", "fuzz"), ("undo",),
                     ("campaign", "award", "rest"), ("campaign", "set", "fortune_bonus=1")]


def files(kind: str) -> list[Path]:
    return sorted((CORPUS / kind).glob("*.json"))


def run_on_copy(tmp_path: Path, source: Path, words: tuple[str, ...]):
    target = tmp_path / "input.json"
    shutil.copyfile(source, target)
    before = target.read_bytes()
    result = cli(*command(words, target, tmp_path))
    return result, before, target.read_bytes()


def command(words: tuple[str, ...], target: Path, tmp_path: Path) -> list[str]:
    """The argument list of ``words`` run on ``target`` (``{out}``: a PDF in tmp_path)."""
    words = tuple(w.replace("{out}", str(tmp_path / "out.pdf")) for w in words)
    if words[0] in ("campaign", "pool"):
        return [*words[:2], str(target), *words[2:]]
    return [words[0], str(target), *words[1:]]


def assert_well_behaved(result, before: bytes, after: bytes, words) -> None:
    assert result.code in (0, 1, 2), (words, result)
    assert "Traceback" not in result.err
    if result.code == 2:
        assert len(result.err.strip().splitlines()) == 1, (words, result.err)
    if result.code != 0:
        assert after == before, (words, "a failed command changed the file")
    if after != before:
        json.loads(after)                  # whatever is written is standard JSON
        assert b"NaN" not in after and b"Infinity" not in after
    if "--json" in words and result.code == 0:
        json.loads(result.out, parse_constant=lambda c: pytest.fail(f"{c} printed"))


@pytest.mark.parametrize("source", files("characters"), ids=lambda p: p.stem)
def test_character_corpus(source, tmp_path):
    for words in CHARACTER_COMMANDS:
        result, before, after = run_on_copy(tmp_path, source, words)
        assert_well_behaved(result, before, after, words)


@pytest.mark.parametrize("source", files("campaigns"), ids=lambda p: p.stem)
def test_campaign_corpus(source, tmp_path):
    for words in CAMPAIGN_COMMANDS:
        result, before, after = run_on_copy(tmp_path, source, words)
        assert_well_behaved(result, before, after, words)


def spell_its_class_lacks() -> bytes:
    """A Story Point baseline listing a spell its class lacks (a typo): `check` names it,
    every other command says the same in one line.  Made here rather than kept in
    characters/, whose files the window's corpus test opens too (the window does not
    open it yet)."""
    doc = json.loads((CORPUS / "characters" / "sp-valid.json").read_text())
    doc["baseline"]["classes"]["Ranger"]["spells"] = ["Mend Wound"]
    return json.dumps(doc).encode()


@pytest.mark.parametrize("make", [spell_its_class_lacks], ids=lambda f: f.__name__)
def test_made_character_inputs(make, tmp_path):
    source = tmp_path / "made.json"
    source.write_bytes(make())
    for words in CHARACTER_COMMANDS:
        result, before, after = run_on_copy(tmp_path, source, words)
        assert_well_behaved(result, before, after, words)


SPECIAL = ["pipe", "device", "link-loop", "missing"]


def special_file(kind: str, tmp_path: Path) -> Path:
    if kind == "device":
        return Path("/dev/zero")
    path = tmp_path / f"{kind}.json"
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "link-loop":
        path.symlink_to(path)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="no named pipes or /dev/zero here")
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_through_every_command(kind, tmp_path):
    """A pipe, a device, a link loop or nothing at all: every command refuses it in one
    line at once (one that waited would hang here until the faulthandler timeout)."""
    target = special_file(kind, tmp_path)
    for words in CHARACTER_COMMANDS + CAMPAIGN_COMMANDS:
        result = cli(*command(words, target, tmp_path))
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1, (words, result)
        assert str(target) in result.err, (words, result.err)


def test_the_whole_corpus_in_the_library_is_listed(tmp_path):
    """Every corpus file in the library at once: `library list` lists each (the bad ones
    with their reason) and ends well."""
    from builder.storage.paths import characters_dir

    folder = characters_dir(create=True)
    for source in files("characters") + files("campaigns"):
        shutil.copyfile(source, folder / source.name)
    result = cli("library", "list", "--json")
    assert result.code == 0, result
    listed = {Path(row["path"]).name for row in result.json()}
    assert {p.name for p in files("characters")} <= listed
    assert cli("library", "list").code == 0


def test_the_corpus_is_there():
    assert len(files("characters")) >= 30 and len(files("campaigns")) >= 10
    assert len(files("overrides")) >= 25


@pytest.mark.parametrize("source", files("overrides"), ids=lambda p: p.stem)
def test_override_corpus(source, tmp_path):
    """A broken homebrew override is ignored with one warning line, on every command
    that uses its ruleset; the built-in data is used and nothing breaks."""
    ruleset = source.stem.split("--")[0]
    data = Path(os.environ["CHARACTER_BUILDER_DATA"])
    (data / "rulesets").mkdir(exist_ok=True)
    character = tmp_path / "c.json"
    assert cli("new", ruleset, "C", "-o", character, "--seed", "1").code == 0
    shutil.copyfile(source, data / "rulesets" / f"{ruleset}.json")
    commands = [("rulesets",), ("data", ruleset, "--json"), ("show", character),
                ("check", character), ("options", character),
                ("new", ruleset, "D", "-o", tmp_path / "d.json", "--seed", "2")]
    for words in commands:
        result = cli(*words)
        assert result.code == 0, (words, result)
        warnings = [line for line in result.err.splitlines() if line.startswith("warning:")]
        assert len(warnings) == 1 and "homebrew override ignored" in warnings[0], (words,
                                                                                 result.err)
    builtin = cli("data", ruleset, "--json").json()
    assert builtin["id"] == ruleset

