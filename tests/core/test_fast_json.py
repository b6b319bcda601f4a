"""The fast paths of strict JSON (builder/storage/jsonio.py) give what the plain ones
give: the same bytes written, the same refusals."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.storage import jsonio

ROOT = Path(__file__).resolve().parents[2]


def plain(document):
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False,
                      allow_nan=False) + "\n"


DOCUMENTS = [
    {}, [], "x", 3, None, True, 1.5, -0.0, 1e300,
    {"a": 1}, {"b": [], "a": {}}, [[], {}, [[]], [{}]],
    {"a": {"b": [1, 2, {}], "c": []}, "z": [[], [1], [{"x": None, "y": 1.5, "t": False}]]},
    {"notes": 'a "quoted" \\ line\nand }, { braces ], [ \u2028 é \x01', "k\n\"": "v"},
    {"ledger": [{"action": "rest", "at": "2026"}, {}, {"action": "x", "n": [1, {"d": 2}]}]},
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_same_text_as_json_dumps(document):
    assert jsonio.dumps(document) == plain(document)


def test_the_same_text_for_every_shipped_json_file():
    for path in sorted((ROOT / "builder").rglob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        assert jsonio.dumps(document) == plain(document), path


@pytest.mark.parametrize("document, expected", [
    ({"a": float("nan")}, "is not a JSON number at /a"),
    ({"a": [2**60]}, "is too large"),
    ({1: "a"}, "a key that is not text (int)"),
    ({"a": "\ud800"}, "a lone surrogate"),
])
def test_what_cannot_be_read_back_is_still_refused(document, expected):
    with pytest.raises(jsonio.JsonProblem, match=expected.replace("(", r"\(").replace(")", r"\)")):
        jsonio.dumps(document)


def test_too_deep_is_refused_written_and_read():
    deep: list = []
    for _ in range(jsonio.MAX_DEPTH):
        deep = [deep]
    with pytest.raises(jsonio.JsonProblem, match="nested too deeply"):
        jsonio.dumps({"a": deep})


def test_a_long_file_of_short_texts_is_read_and_written_without_a_walk(monkeypatch):
    document = {"ledger": [{"action": "rest", "note": 'say "hi" \\'} for _ in range(20_000)]}
    text = plain(document)
    assert len(text) > jsonio.MAX_TEXT_CHARS

    def walked(*args, **kwargs):
        raise AssertionError("walked")

    monkeypatch.setattr(jsonio, "standard_problem", walked)
    assert jsonio.loads(text) == document
    assert jsonio.dumps(document) == text


@pytest.mark.parametrize("text", [
    "a" * (jsonio.MAX_TEXT_CHARS + 1),
    ('a\\"' * (jsonio.MAX_TEXT_CHARS // 2 + 1)),
    ("\\\\" * jsonio.MAX_TEXT_CHARS) + 'b\\"',
])
def test_one_text_too_long_is_refused_even_with_escaped_quotes(text):
    raw = '{"ledger": [], "notes": "' + text + '"}'
    with pytest.raises(jsonio.JsonProblem, match="too long"):
        jsonio.loads(raw)
    with pytest.raises(jsonio.JsonProblem, match="too long"):
        jsonio.dumps(json.loads(raw))
