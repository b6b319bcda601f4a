"""The pure library operations: duplicate, rename, trash and restore, import, copies."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from builder.app import characters
from builder.app import library as app_library
from builder.app.characters import create_from_baseline
from builder.rules.base import UsageError
from builder.storage import library
from builder.storage.files import FileProblem, list_library, load_character
from builder.storage.paths import characters_dir, trash_dir
from builder.storage.rulesets import load_ruleset


def make(name="Senna", *sets):
    rs = load_ruleset("story-points")
    pairs = [tuple(s.split("=", 1)) for s in sets] or [("sp", "5")]
    return create_from_baseline(rs, name, rs.baseline_from_sets(pairs, rng=random.Random(0)))


def test_create_refuses_an_illegal_baseline_with_the_core_reasons():
    from builder.rules.base import Refusal

    rs = load_ruleset("story-points")
    baseline = rs.baseline_from_sets([("skill.Medicine", "3")], rng=random.Random(0))
    with pytest.raises(Refusal) as refused:
        create_from_baseline(rs, "Bad", baseline)
    assert any("Medicine 3 is above its Linked Vital" in r for r in refused.value.reasons)
    assert list_library() == []


def test_scan_lists_name_ruleset_and_headline():
    make("Senna", "sp=7", "vital.Cognition=3", "skill.Medicine=3", "class.Cleric=1",
         "trait.Cleric.Restoring Grace=1")
    (entry,) = library.scan_library()
    assert entry.name == "Senna" and entry.ruleset_id == "story-points"
    assert entry.headline == {"Unspent SP": 7, "Classes": "Cleric 1"}
    assert entry.problem is None and entry.modified > 0


def test_a_broken_file_is_listed_with_its_problem():
    folder = characters_dir(create=True)
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "alien.json").write_text(json.dumps({"format": 1, "kind": "character",
                                                   "ruleset": "nope", "name": "Alien",
                                                   "baseline": {}, "ledger": []}))
    entries = {e.path.name: e for e in library.scan_library()}
    assert "not a readable character file" in entries["broken.json"].problem
    assert entries["alien.json"].problem == "unknown ruleset 'nope'"


def test_duplicate_copies_under_a_new_name():
    path = make("Senna")
    copy = library.duplicate(path)
    assert copy != path and copy.parent == path.parent
    assert load_character(copy).name == "Senna (copy)"
    assert load_character(copy).doc["baseline"] == load_character(path).doc["baseline"]


def test_rename_changes_only_the_name():
    path = make("Senna")
    before = json.loads(path.read_text())
    assert characters.rename(path, "  Senna the Kind ").renamed == ("Senna", "Senna the Kind")
    after = json.loads(path.read_text())
    assert after.pop("name") == "Senna the Kind"
    before.pop("name")
    assert after == before
    with pytest.raises(UsageError):
        characters.rename(path, "   ")


def test_trash_and_restore_round_trip_byte_for_byte():
    path = make("Senna")
    data = path.read_bytes()
    item = library.move_to_trash(path)
    assert not path.exists() and item.trashed.parent == trash_dir()
    assert [t.original for t in library.trash_items()] == [path.resolve()]
    assert library.restore(item) == path.resolve()
    assert path.read_bytes() == data and library.trash_items() == []


def test_restore_never_overwrites_a_new_file_at_the_old_place():
    path = make("Senna")
    item = library.move_to_trash(path)
    path.write_bytes(b"new")
    restored = library.restore(item)
    assert restored != path and path.read_bytes() == b"new"


def test_import_copies_a_valid_file_and_refuses_a_broken_one(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    source = make("Nyra")
    moved = outside / "nyra.json"
    source.rename(moved)
    imported = Path(app_library.import_files([moved]).lines[0])
    assert imported.parent == characters_dir() and imported.read_bytes() == moved.read_bytes()
    bad = outside / "bad.json"
    bad.write_text("[]")
    with pytest.raises(FileProblem, match="bad.json"):
        app_library.import_files([bad])


def test_a_character_the_library_holds_comes_in_again_as_one_of_its_own(tmp_path):
    """Imported twice (or beside the library's own copy): a second character, a new id,
    which the sync intake never merges into the first; the bytes otherwise as they were."""
    from builder.app.conflicts import take_in_library

    source = tmp_path / "pip.json"
    make("Pip").rename(source)
    first = Path(app_library.import_files([source]).lines[0])
    outcome = app_library.import_files([source, source])
    second, third = map(Path, outcome.lines)
    assert first.read_bytes() == source.read_bytes()
    ids = [json.loads(p.read_text())["id"] for p in (first, second, third)]
    assert len(set(ids)) == 3
    for path in (second, third):
        doc, original = json.loads(path.read_text()), json.loads(source.read_text())
        assert {k: v for k, v in doc.items() if k != "id"} == \
            {k: v for k, v in original.items() if k != "id"}
    assert outcome.summary == (f"Imported {second.name}, {third.name} ({second.name}, "
                               f"{third.name} are characters of their own: the library "
                               "already held these)")
    take_in_library()
    assert all(p.exists() for p in (first, second, third))


def test_save_copy_writes_the_same_bytes(tmp_path):
    path = make("Senna")
    target = library.save_copy(path, tmp_path / "out" / "senna-copy.json")
    assert target.read_bytes() == path.read_bytes()


def test_a_copy_never_replaces_a_link_loop_a_folder_or_a_newer_file(tmp_path):
    """Save a Copy As replaces a file the save dialog asked about, nothing else."""
    from builder.app import library as app_library

    path = make("Senna")
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    (tmp_path / "folder.json").mkdir()
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": 999, "name": "Senna"}))
    for target, said in ((tmp_path / "a.json", "is a symbolic link loop"),
                         (tmp_path / "folder.json", "is a folder"),
                         (newer, "written by a newer version")):
        with pytest.raises(FileProblem, match=said):
            app_library.save_copy(path, target)
    assert (tmp_path / "a.json").is_symlink() and (tmp_path / "folder.json").is_dir()
    assert json.loads(newer.read_text())["format"] == 999
    older = tmp_path / "older.json"
    older.write_text("{}")
    assert app_library.save_copy(path, older).changes[0].before is not None   # replaced
    assert older.read_bytes() == path.read_bytes()


def test_the_cached_index_follows_changed_files_and_survives_corruption():
    path = make("Senna", "sp=7")
    assert library.scan_library()[0].headline["Unspent SP"] == 7
    assert library.index_path().is_file()
    cf = load_character(path)
    cf.do(cf.ruleset.parse_action(["award-checkpoint", "Shrine", "Found it"]))
    cf.save()
    assert library.scan_library()[0].headline["Unspent SP"] == 9
    library.index_path().write_text("{garbage")
    assert library.scan_library()[0].headline["Unspent SP"] == 9
    assert library.scan_library(use_cache=False)[0].headline["Unspent SP"] == 9


def test_the_cached_index_keeps_the_rulesets_order_of_figures():
    rs = load_ruleset("ability-bonuses")
    baseline = rs.chosen_baseline({"MIG": 0, "DEX": 1, "CHA": 2, "FOC": 3})
    create_from_baseline(rs, "Ann", baseline)
    first = library.scan_library()          # writes the index
    again = library.scan_library()          # read back from the index
    for entries in (first, again):
        (entry,) = entries
        assert list(entry.headline) == ["MIG", "DEX", "CHA", "FOC"]
        assert entry.headline_text == "MIG +0 · DEX +1 · CHA +2 · FOC +3"


def test_the_index_is_a_cache_in_the_user_cache_folder(tmp_path, monkeypatch):
    import sys

    from builder.storage import paths

    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / "portable"))
    assert library.index_path().parent == tmp_path / "portable" / "cache"
    if sys.platform.startswith("linux"):
        monkeypatch.delenv("CHARACTER_BUILDER_DATA")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
        assert paths.cache_dir() == tmp_path / "xdg-cache" / "character-builder"
        assert paths.data_dir() == tmp_path / "xdg-data" / "character-builder"
        make("Senna", "sp=7")
        assert library.scan_library()[0].headline["Unspent SP"] == 7
        assert (tmp_path / "xdg-cache" / "character-builder" / "library-index.json").is_file()
        assert not (tmp_path / "xdg-data" / "character-builder" / "cache").exists()


def test_trashing_a_character_leaves_no_lock_file_behind():
    from builder.cli import run

    path = make("Senna")
    # An earlier version's lock beside it goes too.
    assert run(["do", str(path), "rest"]) in (0, 1)
    (path.parent / f".{path.name}.lock").write_bytes(b"")
    library.move_to_trash(path)
    leftovers = [p.name for p in path.parent.iterdir() if p.name.startswith(f".{path.name}")]
    assert leftovers == []


def test_the_application_scan_reads_only_new_and_changed_files(monkeypatch):
    """builder.app.library's scan (the Library tab's and ``library list``'s): step one
    lists every file at once from the index (a placeholder for a new or changed one),
    step two reads just those, in batches, and writes the index back."""
    import os

    from builder.app import library as app_library

    first, second, third = make("Ann"), make("Bob"), make("Cid")
    assert [e.name for e in app_library.scan()] == ["Ann", "Bob", "Cid"]   # index written
    read: list = []
    real = library.read_entry
    monkeypatch.setattr(library, "read_entry", lambda path: read.append(path) or real(path))

    unchanged = app_library.open_scan()
    assert unchanged.stale == [] and [e.name for e in unchanged.entries] == ["Ann", "Bob", "Cid"]
    assert unchanged.read_all() == unchanged.entries and read == []

    doc = json.loads(second.read_text(encoding="utf-8"))
    doc["name"] = "Bea"
    second.write_text(json.dumps(doc), encoding="utf-8")
    stamp = os.stat(first).st_mtime_ns
    os.utime(second, ns=(stamp + 5_000_000_000, stamp + 5_000_000_000))
    fourth = make("Dee")
    scan = app_library.open_scan()
    assert [scan.paths[i] for i in scan.stale] == [second, fourth]
    placeholder = scan.entries[scan.stale[0]]
    assert placeholder.name == second.stem and placeholder.headline == {}   # not read yet
    batches = list(scan.read(batch=1))
    assert [[(i, e.name) for i, e in b] for b in batches] == [[(1, "Bea")], [(3, "Dee")]]
    assert read == [second, fourth]
    assert [e.name for e in scan.entries] == ["Ann", "Bea", "Cid", "Dee"]
    assert app_library.open_scan().stale == []        # the index has them now
    assert third in app_library.open_scan().paths


def test_a_cancelled_application_scan_stops_and_leaves_the_index_as_it_was():
    from builder.app import library as app_library

    make("Ann")
    make("Bob")
    scan = app_library.open_scan()
    assert len(scan.stale) == 2
    stop = []
    for batch in scan.read(batch=1, cancelled=lambda: bool(stop)):
        stop.append(batch)
    assert len(stop) == 1                         # stopped after the first batch
    assert len(app_library.open_scan().stale) == 2   # nothing saved: both read again


def test_a_refresh_starts_from_the_last_scan_without_reading_the_index_again(monkeypatch):
    """open_scan(previous): the folder is listed again and only new or changed files
    are stale; the index file is not parsed again (a refresh on a big library would
    otherwise parse all of it for every saved character)."""
    import os

    from builder.app import library as app_library

    first, second = make("Ann"), make("Bob")
    before = app_library.open_scan()
    before.read_all()
    library.index_path().write_text("{not json", encoding="utf-8")   # not read again
    unchanged = app_library.open_scan(before)
    assert unchanged.stale == []
    assert [e.name for e in unchanged.entries] == ["Ann", "Bob"]
    assert unchanged.entries[0] is before.entries[0]            # the same summaries

    doc = json.loads(second.read_text(encoding="utf-8"))
    doc["name"] = "Bea"
    second.write_text(json.dumps(doc), encoding="utf-8")
    stamp = os.stat(first).st_mtime_ns + 5_000_000_000
    os.utime(second, ns=(stamp, stamp))
    third = make("Cid")
    first.unlink()
    again = app_library.open_scan(unchanged)
    assert [again.paths[i] for i in again.stale] == [second, third]
    assert [e.name for e in again.read_all()] == ["Bea", "Cid"]
    assert [e.name for e in app_library.open_scan().read_all()] == ["Bea", "Cid"]  # saved


def test_a_refresh_reads_again_the_characters_of_a_ruleset_whose_override_changed():
    from builder.app import library as app_library
    from builder.storage.paths import overrides_dir

    make("Ann")
    before = app_library.open_scan()
    before.read_all()
    assert app_library.open_scan(before).stale == []
    overrides_dir().mkdir(parents=True, exist_ok=True)
    (overrides_dir() / "story-points.json").write_text("{}", encoding="utf-8")
    assert app_library.open_scan(before).stale == [0]
