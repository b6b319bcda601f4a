"""``do FILE set-identity KEY VALUE``: who the character is, in every rule system, through
the one application operation the window's "Who" page uses (builder.app.identity)."""
from __future__ import annotations

import json

import pytest

from tests.helpers import cli, ok
from tests.rule_systems import BUILTIN_IDS


def saved(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_set_identity_sets_and_removes_in_every_rule_system(tmp_path, ruleset):
    path = tmp_path / "c.json"
    ok("new", ruleset, "Mira", "-o", path, "--seed", "3")
    ledger = saved(path)["ledger"]
    assert ok("do", path, "set-identity", "Player", "  Ada  ").out == "player: Ada\n"
    ok("do", path, "set-identity", "background", "Ferryman's daughter")
    assert saved(path)["player"] == "Ada" and saved(path)["background"] == "Ferryman's daughter"
    assert ok("show", path, "--json").json()["player"] == "Ada"
    assert ok("do", path, "set-identity", "player", "").out == "player: (none)\n"
    assert "player" not in saved(path) and saved(path)["ledger"] == ledger   # no ledger entry


def test_a_portrait_is_copied_into_the_data_folder(tmp_path, isolated_data):
    import base64

    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8"
                           "BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    image = tmp_path / "face.png"
    image.write_bytes(png)
    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    ok("do", path, "set-identity", "portrait", image)
    stored = saved(path)["portrait"]
    assert (isolated_data / stored).read_bytes() == png
    ok("do", path, "set-identity", "portrait", stored)          # a stored one stays as it is
    assert saved(path)["portrait"] == stored


@pytest.mark.parametrize("words,says", [
    (("colour", "red"), "unknown identity key 'colour'"),
    (("portrait", "missing.png"), "missing.png"),
    (("player",), "required"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_changes(tmp_path, words, says):
    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    before = path.read_bytes()
    result = cli("do", path, "set-identity", *words)
    assert result.code == 2 and len(result.err.splitlines()) == 1 and says in result.err
    assert path.read_bytes() == before


def test_too_long_and_read_only_are_refused(tmp_path):
    from builder.storage.identity import MAX_TEXT

    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    before = path.read_bytes()
    result = cli("do", path, "set-identity", "appearance", "x" * (MAX_TEXT + 1))
    assert result.code == 2 and f"appearance: at most {MAX_TEXT} characters" in result.err
    doc = saved(path)
    doc["format"] = 99
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    assert cli("do", path, "set-identity", "player", "Ada").code == 2
    assert path.read_bytes() == before


def test_set_identity_is_listed_and_has_help(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    text = ok("do", path, "set-identity", "--help").out
    assert text.startswith("usage: character-builder do FILE set-identity")
    assert "player, appearance, background, notes or portrait" in text


def test_notes_are_set_shown_printed_and_removed(tmp_path, qapp):
    """The character's notes: set at creation or with set-identity (several lines kept),
    in show --json, printed in the sheet's Notes section, removed by an empty VALUE."""
    from builder.app import export
    from builder.sheets import SheetOptions
    from builder.sheets.model import Notes

    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "notes=Born in a storm")
    assert saved(path)["notes"] == "Born in a storm"
    said = ok("do", path, "set-identity", "notes", "Owes Bram 20 silver.\nHates boats.")
    assert said.out == "notes: Owes Bram 20 silver.\nHates boats.\n"
    assert ok("show", path, "--json").json()["notes"] == "Owes Bram 20 silver.\nHates boats."
    (sheet,) = export.build_sheets(export.read_characters([path]), SheetOptions())
    (notes,) = [s for s in sheet.sections if s.key == "notes"]
    assert [b.text for b in notes.blocks if isinstance(b, Notes)][0] == \
        "Owes Bram 20 silver.\nHates boats."
    assert "Owes Bram" not in str([s.blocks for s in sheet.sections if s.key == "who"])
    ok("do", path, "set-identity", "notes", "")
    assert "notes" not in saved(path) and ok("show", path, "--json").json()["notes"] == ""
