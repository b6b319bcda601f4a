"""A file read twice with the same bytes is validated once; other bytes, or a file
that does not match, are validated each time (the same verdict and words)."""
from __future__ import annotations

import json

from builder.storage import files, validation
from tests.helpers import cli, ok


def counting(monkeypatch):
    calls: list[list[str]] = []
    real = validation.document_problems

    def document_problems(doc, names):
        calls.append(list(names))
        return real(doc, names)

    monkeypatch.setattr(validation, "document_problems", document_problems)
    return calls


def test_the_same_bytes_are_validated_once(tmp_path, monkeypatch):
    target = tmp_path / "c.json"
    ok("new", "story-points", "Ann", "-o", target, "--seed", "1")
    files._matched.clear()
    calls = counting(monkeypatch)
    first = files.load_character(target)
    assert calls            # the shared schema and the rule system's own
    seen = len(calls)
    second = files.load_character(target)
    assert len(calls) == seen and second.doc == first.doc
    ok("do", target, "rest")                      # other bytes: validated again
    files.load_character(target)
    assert len(calls) > seen


def test_a_file_that_does_not_match_is_refused_every_time(tmp_path):
    target = tmp_path / "c.json"
    ok("new", "story-points", "Ann", "-o", target, "--seed", "1")
    ok("check", target)
    doc = json.loads(target.read_text(encoding="utf-8"))
    doc["name"] = ""
    target.write_text(json.dumps(doc), encoding="utf-8")
    results = [cli("check", target) for _ in range(2)]
    assert results[0].code == results[1].code == 2
    assert results[0].err == results[1].err and "does not match" in results[0].err
