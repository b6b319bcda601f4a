"""File format versions: characters and campaigns each have their own, and a
format-1 character (before player, appearance, background and portrait were
known keys) is read, upgraded in memory, and written as format 2 when saved."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.storage import atomic
from builder.storage.files import load_character
from builder.storage.formats import CAMPAIGN, CHARACTER, FORMAT_1_KEYS
from tests.helpers import cli, file_bytes, ok

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "characters"


def version_1(tmp_path, **extra) -> Path:
    """The corpus's valid format-1 story-points character, with ``extra`` top-level keys."""
    doc = json.loads((CORPUS / "sp-valid.json").read_text())
    assert doc["format"] == 1
    doc.update(extra)
    path = tmp_path / "old.json"
    path.write_text(atomic.dumps(doc))
    return path


def test_characters_are_at_format_2_and_campaigns_keep_theirs(tmp_path):
    assert CHARACTER.current == 2 and CAMPAIGN.current == 1
    ok("new", "story-points", "Ada", "-o", tmp_path / "a.json")
    assert json.loads((tmp_path / "a.json").read_text())["format"] == 2
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points", "-o", tmp_path / "c.json")
    assert json.loads((tmp_path / "c.json").read_text())["format"] == 1


def test_every_older_version_has_a_step():
    for fmt in (CHARACTER, CAMPAIGN):
        assert sorted(fmt.steps) == list(range(fmt.oldest, fmt.current))


def test_a_version_1_file_reads_and_is_only_rewritten_when_changed(tmp_path):
    path = version_1(tmp_path)
    before = file_bytes(path)
    cf = load_character(path)
    assert cf.doc["format"] == 2 and cf.read_only is None
    shown = ok("show", path, "--json").json()
    assert shown["name"] == "Mira" and shown["sp"]["unspent"] == 20
    ok("check", path)
    assert file_bytes(path) == before                  # reading never writes
    ok("do", path, "raise-skill", "Acrobatics")
    after = json.loads(path.read_text())
    old = json.loads(before)
    assert after["format"] == 2 and len(after["ledger"]) == 1
    for key in ("baseline", "name", "notes", "created", "ruleset", "kind"):
        assert after[key] == old[key]


def test_version_1_identity_keys_written_as_text_are_kept(tmp_path):
    path = version_1(tmp_path, player="Ada", background="Raised by wolves",
                     portrait="portraits/0123456789abcdef.png")
    cf = load_character(path)
    assert cf.doc["player"] == "Ada" and cf.doc["background"] == "Raised by wolves"
    assert cf.doc["portrait"] == "portraits/0123456789abcdef.png"
    assert FORMAT_1_KEYS not in cf.doc
    assert ok("show", path, "--json").json()["player"] == "Ada"


@pytest.mark.parametrize("portrait", ["/etc/hostname", "../outside.png", "C:\\faces\\a.png",
                                      "", 7])
def test_version_1_keys_that_do_not_fit_format_2_are_kept_aside(tmp_path, portrait):
    path = version_1(tmp_path, player={"name": "Ada", "table": 3}, appearance=["tall"],
                     background="Sailor", portrait=portrait)
    cf = load_character(path)
    assert cf.doc[FORMAT_1_KEYS] == {"player": {"name": "Ada", "table": 3},
                                     "appearance": ["tall"], "portrait": portrait}
    assert "player" not in cf.doc and "portrait" not in cf.doc
    assert cf.doc["background"] == "Sailor"
    shown = ok("show", path, "--json").json()
    assert "player" not in shown and "portrait" not in shown
    assert shown["background"] == "Sailor"
    ok("do", path, "rest")
    saved = json.loads(path.read_text())
    assert saved["format"] == 2 and saved[FORMAT_1_KEYS]["player"] == {"name": "Ada",
                                                                         "table": 3}
    assert load_character(path).doc[FORMAT_1_KEYS] == saved[FORMAT_1_KEYS]  # stable


def test_a_version_1_key_named_like_the_store_is_not_lost(tmp_path):
    path = version_1(tmp_path, player=5, format_1_keys="mine")
    doc = load_character(path).doc
    assert doc[FORMAT_1_KEYS] == {"player": 5, "format_1_keys": "mine"}


@pytest.mark.parametrize("version", [0, -1])
def test_a_version_older_than_1_is_refused(tmp_path, version):
    path = version_1(tmp_path, format=version)
    before = file_bytes(path)
    result = cli("do", path, "rest")
    assert result.code == 2 and "older than the oldest" in result.err
    assert len(result.err.strip().splitlines()) == 1 and file_bytes(path) == before


def test_a_version_3_character_opens_read_only_without_an_upgrade(tmp_path):
    path = version_1(tmp_path, format=3, player="Ada", portrait="/faces/a.png")
    before = file_bytes(path)
    cf = load_character(path)
    assert cf.read_only and "format 3" in cf.read_only
    assert cf.doc["format"] == 3 and cf.doc["portrait"] == "/faces/a.png" and FORMAT_1_KEYS not in cf.doc
    result = cli("do", path, "rest")
    assert result.code == 2 and "read-only" in result.err and file_bytes(path) == before


def test_a_campaign_of_format_2_is_newer_than_this_version(tmp_path):
    ok("new", "story-points", "Ada", "-o", tmp_path / "a.json")
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points", "-o", tmp_path / "c.json",
       "--member", tmp_path / "a.json")
    doc = json.loads((tmp_path / "c.json").read_text())
    doc["format"] = 2
    (tmp_path / "c.json").write_text(json.dumps(doc))
    from builder.storage.campaigns import load_campaign

    campaign = load_campaign(tmp_path / "c.json")
    assert campaign.read_only and "format 2" in campaign.read_only
    assert campaign.doc["format"] == 2


def test_every_corpus_character_of_format_1_upgrades_to_a_valid_format_2_document(tmp_path):
    from builder.storage.files import FileProblem

    loaded = 0
    for source in sorted(CORPUS.glob("*.json")):
        target = tmp_path / source.name
        shutil.copyfile(source, target)
        try:
            cf = load_character(target)
        except FileProblem:
            continue                            # broken on purpose: refused as before
        loaded += 1
        assert cf.doc["format"] == 2
        cf.to_bytes()                           # would validate as format 2
    assert loaded >= 5
