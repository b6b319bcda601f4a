"""The export's one path (builder/app/export.py) without Qt: read, build, plan and
write with a renderer passed in, as the command line and the window pass theirs."""
from __future__ import annotations

import pytest

from builder.app import export
from builder.rules.base import UsageError
from builder.sheets import SheetOptions
from tests.sheet_samples import make_story_points_files

PDF = b"%PDF-1.4 a sheet\n%%EOF\n"


@pytest.fixture
def party(tmp_path):
    folder = tmp_path / "chars"
    folder.mkdir()
    return export.read_characters(make_story_points_files(folder))


def fake_render(seen: list):
    def render(job: export.Job) -> bytes:
        seen.append((job.path.name, [sheet.name for sheet in job.sheets]))
        return PDF + job.path.name.encode()
    return render


def test_one_file_holds_every_sheet_in_order(party, tmp_path):
    sheets = export.build_sheets(party, SheetOptions(layout="compact"))
    assert [s.layout for s in sheets] == ["compact", "compact"]
    seen: list = []
    plan = export.plan(tmp_path / "party.pdf", sheets, [c.name for c in party])
    assert plan.one_file and not plan.make_folder
    assert export.export(plan, fake_render(seen)) == [tmp_path / "party.pdf"]
    assert seen == [("party.pdf", ["Senna Vail", "Graynor Ashdown"])]
    assert (tmp_path / "party.pdf").read_bytes() == PDF + b"party.pdf"


def test_a_folder_gets_one_pdf_each_or_none(party, tmp_path):
    sheets = export.build_sheets(party)
    names = [c.name for c in party]
    folder = tmp_path / "sheets"
    plan = export.plan(f"{folder}/", sheets, names)
    assert plan.make_folder and not plan.one_file
    assert [job.index for job in plan.jobs] == [0, 1]

    def failing(job: export.Job) -> bytes:
        if job.index == 1:
            raise OSError("the painter refused")
        return PDF

    with pytest.raises(export.ExportFailed, match="Graynor-Ashdown.pdf: cannot be written "
                                                  r"\(the painter refused\); nothing changed"):
        export.export(plan, failing)
    assert not folder.exists()  # the folder it made is gone again
    seen: list = []
    written = export.export(plan, fake_render(seen))
    assert [p.name for p in written] == ["Senna-Vail.pdf", "Graynor-Ashdown.pdf"]
    assert sorted(p.name for p in folder.iterdir()) == ["Graynor-Ashdown.pdf", "Senna-Vail.pdf"]


def test_a_cancel_from_the_renderer_writes_nothing(party, tmp_path):
    class Stop(Exception):
        pass

    def cancelled(job: export.Job) -> bytes:
        raise Stop()

    target = tmp_path / "party.pdf"
    target.write_bytes(PDF)
    with pytest.raises(Stop):
        export.export(export.plan(target, export.build_sheets(party), ["a", "b"]), cancelled)
    assert target.read_bytes() == PDF
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["party.pdf"]


@pytest.mark.parametrize("out,kind", [("x.pdf", "file"), ("X.PDF", "file"), ("new/", "folder"),
                                      ("chars", "folder")])
def test_how_out_is_read(tmp_path, out, kind, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chars").mkdir()
    assert export.target_kind(out) == kind


@pytest.mark.parametrize("out", ["out.txt", "sheets", "x.pdf.bak"])
def test_anything_else_is_refused(tmp_path, out, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match="not a .pdf file name nor a folder"):
        export.target_kind(out)


def test_sections_of_every_rule_system_when_no_character_is_given(party):
    every = dict(export.sheet_sections())
    story = dict(export.sheet_sections([(party[0].ruleset_id, party[0].derived)]))
    assert set(story) <= set(every)
    assert story["vitals"] == "Core Vitals"
    vogelfrei = dict(export.sheet_sections([("vogelfrei", None)]))
    assert "gear" in vogelfrei and "gear" in every and "gear" not in story
    assert export.section_choices(party) == list(story)


def test_a_folder_export_killed_while_replacing_is_completed_by_the_next_write(tmp_path,
                                                                               monkeypatch):
    """Exports write through storage's journalled writer: a folder export stopped
    between its replaces (a kill) ends whole, every PDF new, once a command runs."""
    from builder.sheets import output
    from builder.storage import journal

    folder = tmp_path / "sheets"
    folder.mkdir()
    a, b = folder / "a.pdf", folder / "b.pdf"
    a.write_bytes(PDF + b"old a")
    b.write_bytes(PDF + b"old b")

    class Killed(BaseException):
        pass

    def crash(step: str) -> None:
        if step == "replaced-1":
            raise Killed

    monkeypatch.setattr(journal, "crash_point", crash)
    try:
        output.write_outputs({a: PDF + b"new a", b: PDF + b"new b"})
    except Killed:      # the killed writer's journal lock goes with its frames
        pass
    assert (a.read_bytes(), b.read_bytes()) == (PDF + b"new a", PDF + b"old b")
    done, problems = journal.recover()
    assert problems == [] and [r.completed for r in done] == [True]
    assert (a.read_bytes(), b.read_bytes()) == (PDF + b"new a", PDF + b"new b")
    assert journal.recover() == ([], [])  # the record is gone
