"""Party PDFs: a bookmark per character and per section, --duplex starts every character
on an odd page, a short title, the players as Author, every metadata field set."""
from __future__ import annotations

import json
import re

from pypdf import PdfReader

from builder import __version__
from tests.helpers import ok, outline
from tests.pdf_text import folded_pages
from tests.sheet_samples import make_files, make_story_points_files, make_vogelfrei_file


def first_lines(pdf) -> list[str]:
    return [text.strip() for text in folded_pages(pdf)]


def test_bookmarks_duplex_and_metadata(tmp_path, qapp):
    senna, graynor = make_story_points_files(tmp_path)
    greta = make_vogelfrei_file(tmp_path)
    document = json.loads(senna.read_text(encoding="utf-8"))
    document["player"] = "Ada"  # who plays her (the window and `new --set player=` set it)
    senna.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / "party.pdf"
    ok("export-pdf", senna, greta, graynor, "-o", out, "--duplex")
    reader = PdfReader(str(out))
    texts = first_lines(out)
    marks = outline(reader)
    starts = [page for level, _title, page in marks if level == 0]
    assert [title for level, title, _p in marks if level == 0] == [
        "Senna Vail", "Greta Hollerin", "Graynor Ashdown"]
    assert all(page % 2 == 0 for page in starts)  # page 1, 3, 5...: the front of a sheet
    for page in starts:
        assert not texts[page].startswith("Ledger")  # the character's first page
    for page in range(len(texts)):
        if page not in starts and page - 1 in starts and texts[page] == "":
            assert page % 2 == 1  # a blank back page, never a character's start
    sections = [(title, page) for level, title, page in marks if level == 1]
    # Senna on one page with her ledger, a blank back, then Greta's two pages (her
    # records on the second)
    assert ("Core Vitals", 0) in sections and ("Ledger", 0) in sections
    assert ("Abilities", 2) in sections and ("Ledger", 3) in sections
    assert sum(1 for title, _p in sections if title == "Ledger") == 3
    info = reader.metadata
    assert info.title == "Party sheets: 3 characters"
    # every player, or the character where the player is unnamed
    assert info.author == "Ada, Greta Hollerin, Graynor Ashdown"
    creators = re.findall(r"<rdf:li>([^<]*)</rdf:li>",
                          reader.xmp_metadata.stream.get_data().decode("utf-8"))
    assert creators == ["Ada", "Greta Hollerin", "Graynor Ashdown"]  # a list in the XMP
    assert info.creator == f"Character Builder {__version__}"
    for key in ("/Subject", "/Keywords", "/Producer", "/CreationDate", "/ModDate"):
        assert info.get(key), key


def test_without_duplex_characters_follow_each_other(tmp_path, qapp):
    _senna, graynor = make_story_points_files(tmp_path)
    greta = make_vogelfrei_file(tmp_path)            # two pages (Bob and Graynor one each)
    (bob,) = make_files(tmp_path, ([["new", "ability-bonuses", "Bob Vell", "--random",
                                      "--seed", "7"]],))
    out = tmp_path / "party.pdf"
    ok("export-pdf", bob, greta, graynor, "-o", out)
    reader = PdfReader(str(out))
    starts = [page for level, _t, page in outline(reader) if level == 0]
    assert starts == [0, 1, 3] and len(reader.pages) == 4
    with_duplex = tmp_path / "duplex.pdf"
    ok("export-pdf", bob, greta, graynor, "-o", with_duplex, "--duplex")
    reader = PdfReader(str(with_duplex))
    assert [p for level, _t, p in outline(reader) if level == 0] == [0, 2, 4]
    assert first_lines(with_duplex)[1] == ""  # the back of Bob's one page stays blank


def test_one_character_title(tmp_path, qapp):
    (bob,) = make_files(tmp_path, ([["new", "ability-bonuses", "Bob Vell", "--random",
                                      "--seed", "7"]],))
    out = tmp_path / "bob.pdf"
    ok("export-pdf", bob, "-o", out)
    info = PdfReader(str(out)).metadata
    assert info.title == "Bob Vell: character sheet" and info.author == "Bob Vell"


def test_blank_sheets_of_several_characters_are_titled_and_marked_as_blank(tmp_path, qapp):
    senna, _graynor = make_story_points_files(tmp_path)
    greta = make_vogelfrei_file(tmp_path)
    out = tmp_path / "blank.pdf"
    ok("export-pdf", senna, greta, "-o", out, "--blank")
    reader = PdfReader(str(out))
    assert reader.metadata.title == "Blank sheets: 2"
    assert [title for level, title, _page in outline(reader) if level == 0] == [
        "Blank sheet (Story Point development)", "Blank sheet (Vogelfrei)"]


def test_a_section_another_sheet_lacks_and_a_portrait_not_here_are_said(tmp_path, qapp,
                                                                        monkeypatch):
    """--sections money over a Story Points and a Vogelfrei character: the Story Points
    sheet has no money section, so only its heading prints, and a note says so. A
    portrait set in another data folder is not in this one: printed without it, and said."""
    from tests.helpers import cli

    senna, _graynor = make_story_points_files(tmp_path)
    greta = make_vogelfrei_file(tmp_path)
    mixed = cli("export-pdf", senna, greta, "-o", tmp_path / "money.pdf", "--sections", "money")
    assert mixed.code == 0
    (note,) = [line for line in mixed.err.splitlines() if line.startswith("note: ")]
    assert note.startswith(f"note: {senna}: its sheet has none of the sections chosen (its "
                           "own: vitals, ")
    assert note.endswith("); only its heading prints")
    image = tmp_path / "portrait.png"
    from PySide6.QtGui import QImage

    QImage(40, 60, QImage.Format.Format_RGB32).save(str(image))
    ok("do", senna, "set-identity", "portrait", image)
    elsewhere = tmp_path / "another-data-folder"
    elsewhere.mkdir()
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(elsewhere))
    moved = cli("export-pdf", senna, "-o", tmp_path / "senna.pdf")
    assert moved.code == 0 and [line for line in moved.err.splitlines()
                                if "portrait" in line] == [
        f"note: {senna}: its portrait ({json.loads(senna.read_text())['portrait']}) is not "
        "in this data folder; printed without it"]
