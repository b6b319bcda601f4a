"""Who the character is: `new --set player=... --set portrait=PATH` (any ruleset), kept in
the file, copied portrait, printed on the sheet, the players as the PDF's Author."""
from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from tests.helpers import cli, ok
from tests.pdf_text import folded_pages, page_texts
from tests.rule_systems import BUILTIN_IDS


def portrait(path, qapp):
    from PySide6.QtGui import QColor, QImage

    image = QImage(40, 50, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 120, 40))
    assert image.save(str(path), "PNG")
    return path


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_new_sets_who_the_character_is_in_every_ruleset(tmp_path, qapp, ruleset):
    face = portrait(tmp_path / "face.png", qapp)
    path = tmp_path / "c.json"
    ok("new", ruleset, "Mira", "-o", path, "--seed", "4", "--set", "Player=Ada Lovelace",
       "--set", "portrait=" + str(face), "--set", "appearance=Tall, a scar over one eye",
       "--set", "background=Ferryman's daughter from the Drowned Coast")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["player"] == "Ada Lovelace" and doc["appearance"].startswith("Tall")
    assert re.fullmatch(r"portraits/[0-9a-f]{16}\.png", doc["portrait"])
    shown = ok("show", path, "--json").json()
    assert shown["player"] == "Ada Lovelace"
    from pathlib import Path

    assert Path(shown["portrait"]).read_bytes() == face.read_bytes()  # a copy in the data folder
    ok("check", path)
    out = tmp_path / "c.pdf"
    ok("export-pdf", path, "-o", out)
    reader = PdfReader(str(out))
    text = folded_pages(out)[0]
    assert "Who Player Ada Lovelace Appearance: Tall, a scar over one eye" in text
    assert "Background: Ferryman's daughter" in text
    assert reader.metadata.author == "Ada Lovelace"
    images = [o for o in reader.pages[0]["/Resources"].get("/XObject", {}).values()
              if o.get_object().get("/Subtype") == "/Image"]
    assert images  # the portrait is painted
    # --sections leaves it out unless asked for, and can ask for it alone.
    ok("export-pdf", path, "-o", out, "--sections", "who")
    (alone,) = folded_pages(out)
    assert alone.startswith("Mira") and "Player Ada Lovelace" in alone


def test_a_bad_portrait_is_one_line_and_nothing_written(tmp_path, qapp):
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a picture")
    for value in (str(text_file), str(tmp_path / "missing.png")):
        result = cli("new", "story-points", "Mira", "-o", tmp_path / "m.json",
                     "--set", f"portrait={value}")
        assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
        assert not (tmp_path / "m.json").exists()


def test_a_character_without_identity_prints_no_who_section(tmp_path, qapp):
    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert not {"player", "portrait", "appearance", "background"} & set(doc)
    out = tmp_path / "c.pdf"
    ok("export-pdf", path, "-o", out)
    assert "Who" not in page_texts(out)[0].split()
