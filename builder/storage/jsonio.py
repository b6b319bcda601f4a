"""Strict JSON in and out: only standard JSON is read, only standard JSON is written.

Reading refuses (with one line saying why) what the ``json`` module would let
through or crash on: ``NaN``/``Infinity`` (not JSON), integers too long to be
numbers a player typed (Python refuses to convert more than 4,300 digits and
any long one is nonsense here), nesting deeper than any file of ours has
(``json`` raises RecursionError around 1,000 levels), and lone UTF-16
surrogates (``"\\ud800"`` parses, but can never be written back as UTF-8).

Writing uses ``allow_nan=False`` and a strict UTF-8 encode, so nothing
non-standard is ever written either.
"""
from __future__ import annotations

import json
import re
from typing import Any, NoReturn

#: No file of ours nests deeper than about 8 levels; anything past this is not ours.
MAX_DEPTH = 64
#: Longer integers are refused on read (a ledger never needs more digits).
MAX_INT_DIGITS = 30
#: Characters and campaigns larger than this are not ours (a long ledger is < 1 MB).
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024

_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonProblem(ValueError):
    """Not strict JSON; the message says why, in one line."""


def _reject_constant(name: str) -> NoReturn:
    raise JsonProblem(f"{name} is not a JSON number")


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise JsonProblem(f"a number with {digits} digits is too long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise JsonProblem(f"{text[:20]} is too large a number")
    return value


def loads(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse strict JSON; JsonProblem (one line) for anything else."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonProblem("not a text file (not UTF-8)") from None
    else:
        text = raw
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_int=_parse_int,
                           parse_float=_parse_float)
    except JsonProblem:
        raise
    except RecursionError:
        raise JsonProblem("nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    except ValueError as exc:  # e.g. an integer conversion limit
        raise JsonProblem(f"not valid JSON ({one_line(str(exc))})") from None
    problem = standard_problem(value, max_depth)
    if problem:
        raise JsonProblem(problem)
    return value


def standard_problem(value: Any, max_depth: int = MAX_DEPTH) -> str | None:
    """Why ``value`` cannot be written as standard JSON in UTF-8 (None: it can).

    Iterative, so a deep structure cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                return f"nested too deeply (more than {max_depth} levels)"
            if isinstance(item, dict):
                for key, sub in item.items():
                    if not isinstance(key, str):
                        return f"a key that is not text ({type(key).__name__})"
                    if _SURROGATE.search(key):
                        return "text with an invalid character (a lone surrogate)"
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, str):
            if _SURROGATE.search(item):
                return "text with an invalid character (a lone surrogate)"
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return f"{item} is not a JSON number"
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if len(str(abs(item))) > MAX_INT_DIGITS:
                return "a number too long to write"
        else:
            return f"a value JSON cannot hold ({type(item).__name__})"
    return None


def dumps(document: Any) -> str:
    """Deterministic standard JSON: sorted keys, indented, trailing newline."""
    problem = standard_problem(document)
    if problem:
        raise JsonProblem(problem)
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False,
                      allow_nan=False) + "\n"


def encode(document: Any) -> bytes:
    """:func:`dumps` as UTF-8 bytes (JsonProblem: nothing non-standard is written)."""
    return dumps(document).encode("utf-8")


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def one_line(text: str, limit: int = 400) -> str:
    """``text`` as one printable line: control characters (a newline in a name)
    shown escaped, lone surrogates replaced, very long text shortened."""
    text = _CONTROL.sub(lambda m: repr(m.group())[1:-1], str(text))
    text = _SURROGATE.sub("\ufffd", text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text
