"""Strict reading (builder/storage/jsonio.py): a file that could mean two things, or
holds what no file of ours holds, is refused in one line naming what and where, before
any rule code sees it; and nothing that would be refused on reading is ever written."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.storage import jsonio
from tests.helpers import cli, file_bytes

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture
def no_rules(monkeypatch):
    """Fail the test if a ruleset is even loaded."""
    from builder.storage import rulesets

    def refuse(*args, **kwargs):
        pytest.fail("rule code ran on a file strict reading refuses")

    monkeypatch.setattr(rulesets, "load_ruleset", refuse)


@pytest.mark.parametrize("name, expected", [
    ("duplicate-ledger-key", 'the key "ledger" is given twice at the top level'),
    ("duplicate-nested-key", 'the key "Melee" is given twice at /baseline/skills'),
    ("int-beyond-2-53", "the number 9007199254740992 is too large (the largest is "
                        "9007199254740991) at /baseline/sp"),
    ("int-5000-digits", "is too large"),
    ("nesting-65-levels", "nested too deeply (more than 64 levels) at /notes/0/0"),
    ("deep-nesting", "nested too deeply"),
])
def test_every_command_refuses_it_in_one_line_before_any_rule_code(name, expected, tmp_path,
                                                                   no_rules):
    target = tmp_path / "c.json"
    target.write_bytes((CORPUS / "characters" / f"{name}.json").read_bytes())
    before = file_bytes(target)
    for words in (("check",), ("show",), ("do", "rest"), ("undo",), ("options",)):
        result = cli(words[0], target, *words[1:])
        assert result.code == 2, (words, result)
        assert result.err.count("\n") == 1 and expected in result.err, (words, result.err)
        assert result.err.startswith(f"character-builder: {target}: ") or str(target) in \
            result.err
        assert file_bytes(target) == before


def test_a_shadowed_ledger_is_never_dropped_by_a_write(tmp_path):
    """The review's case: two `ledger` keys, the real two entries first.  Refused, so the
    next write cannot keep the empty one and lose the entries."""
    target = tmp_path / "c.json"
    target.write_bytes((CORPUS / "characters" / "duplicate-ledger-key.json").read_bytes())
    assert cli("do", target, "rest").code == 2
    assert file_bytes(target).count(b'"action": "rest"') == 2


def test_a_campaign_with_a_key_given_twice_is_refused(tmp_path):
    target = tmp_path / "camp.json"
    target.write_bytes((CORPUS / "campaigns" / "duplicate-key.json").read_bytes())
    result = cli("campaign", "show", target)
    assert result.code == 2
    assert 'the key "name" is given twice at the top level' in result.err


@pytest.mark.parametrize("text, problem", [
    ('{"a": {"b": 1, "b": 1}}', 'the key "b" is given twice at /a'),
    ('[1, {"x/y": [NaN]}]', "NaN is not a JSON number at /1/x~1y/0"),
    ('{"n": 1e400}', "the number 1e400 is too large"),
    ('{"n": -9007199254740992}', "at /n"),
    ('{"t": ["\\ud800"]}', "a lone surrogate) at /t/0"),
    ('{"' + "k" * (jsonio.MAX_TEXT_CHARS + 1) + '": 1}', "a key of 1048577 characters is too long"),
    ('{"t": "' + "t" * (jsonio.MAX_TEXT_CHARS + 1) + '"}',
     "a text of 1048577 characters is too long (at most 1048576) at /t"),
    ("[" * 2000 + "]" * 2000, "nested too deeply (more than 64 levels)"),
])
def test_what_strict_reading_refuses_and_where(text, problem):
    with pytest.raises(jsonio.JsonProblem) as refused:
        jsonio.loads(text)
    assert problem in str(refused.value)
    assert "\n" not in str(refused.value)


def test_what_is_within_the_limits_is_read_and_written_back_unchanged():
    document = {"max": jsonio.MAX_SAFE_INTEGER, "min": -jsonio.MAX_SAFE_INTEGER,
                "text": "t" * jsonio.MAX_TEXT_CHARS, "same in two objects": [{"k": 1}, {"k": 2}],
                "deep": json.loads("[" * (jsonio.MAX_DEPTH - 1) + "]" * (jsonio.MAX_DEPTH - 1))}
    written = jsonio.dumps(document)
    assert jsonio.loads(written) == document


@pytest.mark.parametrize("document, problem", [
    ({"n": 2**53}, "too large"),
    ({"n": 10**5000}, "too large"),
    ({"t": "x" * (jsonio.MAX_TEXT_CHARS + 1)}, "too long"),
    ({"deep": json.loads("[" * 64 + "]" * 64)}, "nested too deeply"),
    ({"a": [{1: "x"}]}, "a key that is not text (int) at /a/0"),
    ({"x": float("inf")}, "inf is not a JSON number at /x"),
])
def test_nothing_strict_reading_refuses_is_ever_written(document, problem):
    with pytest.raises(jsonio.JsonProblem, match=problem.replace("(", r"\(").replace(")", r"\)")):
        jsonio.dumps(document)
