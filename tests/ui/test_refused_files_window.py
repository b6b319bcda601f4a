"""A character file the rules refuse opens in the window as a read-only tab with its
problems shown (the lines `check` prints), in every rule system; where rule code cannot
make sense of it at all, the tab is a read-only page of those lines instead of failing."""
from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import cli, file_bytes, ok
from tests.rule_systems import DATA_IDS, SHIPPED_IDS, install_data_systems, sample, samples_lacking

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples"


def refused_file(tmp_path: Path, ruleset: str) -> tuple[Path, list[str]]:
    """A new character of ``ruleset`` broken as its samples module's ``REFUSED`` says; and
    what check prints."""
    if ruleset in DATA_IDS:
        install_data_systems()
    sets, breaking = sample(ruleset, "REFUSED")
    path = tmp_path / f"{ruleset}.json"
    ok("new", ruleset, "Refused", "-o", path, "--seed", "1", *sets)
    doc = json.loads(path.read_text())
    breaking(doc)
    path.write_text(json.dumps(doc))
    checked = cli("check", path)
    assert checked.code == 1, checked
    return path, checked.out.splitlines()


def test_a_file_the_rules_refuse_opens_read_only_with_its_problems(window, tmp_path):
    """Each rule system's refused file in one window (a window per system would cost
    the suite a window's making each)."""
    assert samples_lacking("REFUSED", ids=SHIPPED_IDS) == []
    for ruleset in SHIPPED_IDS:
        path, lines = refused_file(tmp_path, ruleset)
        before = file_bytes(path)
        editor = window.documents.open_file(str(path))
        assert editor is not None and window.tabs.currentWidget() is editor, ruleset
        assert editor.doc.read_only and "read-only" in editor.doc.state_label(), ruleset
        shown = editor.refusal_bar.label.text()
        assert "read-only" in shown and all(line in shown for line in lines[:6]), ruleset
        assert not editor.doc.overwrite(), ruleset       # nothing is ever written to it
        assert file_bytes(path) == before, ruleset


def test_a_file_rule_code_cannot_show_is_a_read_only_page_of_its_problems(
        window, tmp_path, monkeypatch):
    from builder.rulesets.story_points.rules.ruleset import StoryPoints
    from builder.ui.views.problems import ProblemsEditor

    path, lines = refused_file(tmp_path, "story-points")

    def stumble(self, state, name):          # rule code that cannot make sense of it
        raise KeyError("Mend Wound")

    monkeypatch.setattr(StoryPoints, "derive", stumble)
    editor = window.documents.open_file(str(path))
    assert isinstance(editor, ProblemsEditor) and editor.doc.read_only
    assert editor.problems.isReadOnly()
    assert editor.problems.toPlainText().splitlines() == lines
    assert window.tabs.currentWidget() is editor
    assert "read-only" in editor.heading.text()
