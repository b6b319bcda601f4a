"""Strict JSON in and out: only standard JSON is read, only standard JSON is written.

Reading refuses, with one line saying what and where (a JSON Pointer such as
``/ledger/3/name``), anything that could make a file mean two things or that no
file of ours holds, before any rule code sees it:

* a key given twice in one object (``json`` would keep the last silently, and
  the next write would drop the other);
* ``NaN``/``Infinity`` (not JSON) and numbers past :data:`MAX_SAFE_INTEGER`
  (other JSON readers cannot hold them exactly; no rule counts that far);
* nesting deeper than :data:`MAX_DEPTH` and texts (keys too) longer than
  :data:`MAX_TEXT_CHARS` characters;
* lone UTF-16 surrogates (``"\\ud800"`` parses, but can never be written back as
  UTF-8) and bytes that are not UTF-8.

Writing uses ``allow_nan=False`` and a strict UTF-8 encode, so nothing
non-standard is ever written either.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Iterable

#: No file of ours nests deeper than about 8 levels; anything past this is not ours.
MAX_DEPTH = 64
#: The largest integer read or written: every JSON reader holds it exactly (2**53 - 1),
#: far past any cost, limit or count the rules keep.
MAX_SAFE_INTEGER = 2**53 - 1
#: Longer integers are refused before they are converted (cheaply, whatever their length).
MAX_INT_DIGITS = len(str(MAX_SAFE_INTEGER))
#: The longest text (a value or a key) in a file: a megabyte of notes, far past any name.
MAX_TEXT_CHARS = 1024 * 1024
#: Characters and campaigns larger than this are not ours (a long ledger is < 1 MB).
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024

_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonProblem(ValueError):
    """Not strict JSON; the message says why, in one line."""


class _Refused:
    """A value refused while parsing, kept in its place so the message can name it."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


def _too_large(shown: str) -> str:
    return f"the number {shown} is too large (the largest is {MAX_SAFE_INTEGER})"


class _Twice(dict[str, Any]):
    """An object that named a key twice (the first such key kept for the message)."""

    twice: str = ""


def _decoder(marked: list[object]) -> json.JSONDecoder:
    """A decoder that keeps what it refuses in place (a :class:`_Refused` value, a
    :class:`_Twice` object) and notes in ``marked`` that it did, so the walk after the
    parse can name the place, and a clean parse needs no full walk."""

    def refused(problem: str) -> _Refused:
        marked.append(None)
        return _Refused(problem)

    def constant(name: str) -> _Refused:
        return refused(f"{name} is not a JSON number")

    def integer(text: str) -> int | _Refused:
        digits = len(text.lstrip("-"))
        if digits > MAX_INT_DIGITS:
            return refused(_too_large(f"{text[:12]}… ({digits} digits)"))
        value = int(text)
        if abs(value) > MAX_SAFE_INTEGER:
            return refused(_too_large(text))
        return value

    def number(text: str) -> float | _Refused:
        value = float(text)
        if value != value or value in (float("inf"), float("-inf")):
            return refused(_too_large(text if len(text) <= 24 else f"{text[:12]}…"))
        return value

    def obj(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) == len(pairs):
            return result
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                twice = _Twice(pairs)
                twice.twice = key
                marked.append(None)
                return twice
            seen.add(key)
        return result  # pragma: no cover - a shorter dict always has a repeated key

    return json.JSONDecoder(object_pairs_hook=obj, parse_constant=constant,
                            parse_int=integer, parse_float=number)


#: The lines git writes around the two sides of a conflict it merged as text.
_GIT_MARKERS = re.compile(r"^<{7}(?: |$).*?^={7}$.*?^>{7}(?: |$)", re.MULTILINE | re.DOTALL)

#: A ``\\uD800``-``\\uDFFF`` escape: the only way a lone surrogate gets into parsed text.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def loads(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse strict JSON; JsonProblem (one line) for anything else."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonProblem("not a text file (not UTF-8)") from None
    else:
        text = raw
    if _passed == [text, max_depth]:
        # The text that last passed every check (a command reading a file twice): it
        # holds nothing the checking decoder would mark, so json's own reads it the same.
        return json.loads(text)
    marked: list[object] = []
    try:
        value = _decoder(marked).decode(text)
    except RecursionError:
        raise JsonProblem(f"nested too deeply (more than {max_depth} levels)") from None
    except json.JSONDecodeError as exc:
        markers = ("; it holds git's conflict markers (git merged it as text): "
                   "character-builder repair rebuilds it" if _GIT_MARKERS.search(text) else "")
        raise JsonProblem(f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg}){markers}") from None
    except ValueError as exc:  # e.g. an integer conversion limit
        raise JsonProblem(f"not valid JSON ({one_line(str(exc))})") from None
    # Texts need a look only when one may be too long or hold a lone surrogate; numbers
    # and repeated keys were looked at while parsing: otherwise only the depth is left.
    if (marked or _longest_text_bound(text) > MAX_TEXT_CHARS or _SURROGATE_ESCAPE.search(text)
            or _deeper_than(value, max_depth)):
        problem = standard_problem(value, max_depth, reading=True)
        if problem:
            raise JsonProblem(problem)
    _passed[:] = [text, max_depth]
    return value


#: The last text :func:`loads` accepted, and the depth it was allowed.
_passed: list[Any] = []


def _longest_text_bound(text: str) -> int:
    """A bound no text (value or key) in the JSON ``text`` is longer than, in
    characters: the longest stretch between two quotes that are not escaped (an
    escape only ever makes the text it stands in shorter).  A short file needs no look;
    a long one is looked at in a few passes of C, not value by value."""
    if len(text) <= MAX_TEXT_CHARS:
        return len(text)
    if "\\" in text:
        # Every backslash in JSON is an escape's first character, and escapes are read
        # from the left: so a pair of backslashes is one escaped backslash, and a quote
        # after a backslash then is an escaped quote.  Both are replaced by as many
        # characters that are not quotes, so only the quotes that end a text remain.
        text = text.replace("\\\\", "..").replace('\\"', "..")
    return max(map(len, text.split('"')))


def _deeper_than(value: Any, max_depth: int, keys: bool = False) -> bool:
    """Whether ``value`` nests more than ``max_depth`` levels of objects and arrays (one
    level at a time, containers only: cheap on a long ledger); with ``keys``, also
    whether a key is not text (``json`` would write a number key as text)."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            return True
        below = []
        for container in level:
            subs: Iterable[Any] = container
            if isinstance(container, dict):
                if keys and not all(isinstance(key, str) for key in container):
                    return True
                subs = container.values()
            for sub in subs:
                if isinstance(sub, (dict, list)):
                    below.append(sub)
        level = below
    return False


def _problem_of(item: Any, depth: int, max_depth: int, reading: bool) -> str | None:
    """What is wrong with ``item`` itself (its contents are looked at one by one)."""
    if isinstance(item, dict):
        if depth > max_depth:
            return f"nested too deeply (more than {max_depth} levels)"
        if reading and isinstance(item, _Twice):
            return f"the key {_shown(item.twice)} is given twice"
        for key in item:
            if not isinstance(key, str):
                return f"a key that is not text ({type(key).__name__})"
            problem = _text_problem(key, "a key")
            if problem:
                return problem
        return None
    if isinstance(item, list):
        return f"nested too deeply (more than {max_depth} levels)" if depth > max_depth else None
    if isinstance(item, str):
        return _text_problem(item, "a text")
    if isinstance(item, float):
        if item != item or item in (float("inf"), float("-inf")):
            return f"{item} is not a JSON number"
        return None
    if isinstance(item, bool) or item is None:
        return None
    if isinstance(item, int):
        if abs(item) > MAX_SAFE_INTEGER:
            shown = str(item) if item.bit_length() < 200 else f"of {item.bit_length()} bits"
            return _too_large(shown)
        return None
    if reading and isinstance(item, _Refused):
        return item.problem
    return f"a value JSON cannot hold ({type(item).__name__})"


def _text_problem(text: str, what: str) -> str | None:
    if len(text) > MAX_TEXT_CHARS:
        return f"{what} of {len(text)} characters is too long (at most {MAX_TEXT_CHARS})"
    if _SURROGATE.search(text):
        return "text with an invalid character (a lone surrogate)"
    return None


def _shown(key: str) -> str:
    return json.dumps(one_line(key, 60), ensure_ascii=False)


def _pointer_part(key: str | int) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def standard_problem(value: Any, max_depth: int = MAX_DEPTH, reading: bool = False
                     ) -> str | None:
    """Why ``value`` cannot be written (or, ``reading``, was not read) as standard JSON
    in UTF-8, with the place (a JSON Pointer) where it is; None: it can.

    Iterative, so a deep structure cannot exhaust the stack."""
    stack: list[tuple[Any, int, tuple[str | int, ...] | None, Any]] = [(value, 1, (), None)]
    # Each entry: (item, depth, its path when known, (parent entry, key) to rebuild it).
    while stack:
        entry = stack.pop()
        item, depth = entry[0], entry[1]
        problem = _problem_of(item, depth, max_depth, reading)
        if problem:
            return f"{problem} at {_place(entry)}"
        if isinstance(item, dict):
            stack.extend((sub, depth + 1, None, (entry, key)) for key, sub in item.items())
        elif isinstance(item, list):
            stack.extend((sub, depth + 1, None, (entry, index)) for index, sub in enumerate(item))
    return None


def _place(entry: tuple[Any, int, tuple[str | int, ...] | None, Any]) -> str:
    parts: list[str | int] = []
    while entry[3] is not None:
        entry, key = entry[3]
        parts.append(key)
    if not parts:
        return "the top level"
    shown = "/" + "/".join(_pointer_part(p) for p in reversed(parts))
    return one_line(shown, 200)


#: A run of digits as long as the largest number we write: a number to look at, or a text.
_LONG_DIGITS = re.compile(r"[0-9]{%d,}" % MAX_INT_DIGITS)


def dumps(document: Any) -> str:
    """Deterministic standard JSON: sorted keys, indented, trailing newline.

    JsonProblem (one line with the place) for what :func:`loads` would refuse: only
    what reads back is ever written."""
    looked = True   # the depth and the keys were looked at by the fast encoder
    try:
        indented = _indented(document)
        if indented is None:
            looked = False
            indented = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False,
                                  allow_nan=False)
        text = indented + "\n"
        text.encode("utf-8")
    except (ValueError, TypeError, RecursionError):  # NaN, a surrogate, a key not text
        text = ""
    if (not text or _longest_text_bound(text) > MAX_TEXT_CHARS or _LONG_DIGITS.search(text)
            or (not looked and _deeper_than(document, MAX_DEPTH, keys=True))):
        problem = standard_problem(document)
        if problem:
            raise JsonProblem(problem)
    return text


#: The types a value that is not an object or an array has in a document of ours.
_SCALARS = frozenset({str, int, float, bool, type(None)})
_TEXT_ONLY = frozenset({str})


#: ``json``'s C encoder (None where Python is built without it: ``json`` does it all).
_C_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)


class _Unusual(Exception):
    """A document the fast encoder leaves to ``json`` (and its checks)."""


def _no_default(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


@lru_cache(maxsize=MAX_DEPTH + 1)
def _flat_encoder(level: int) -> Any:
    """``json``'s C encoder writing the items of an object or array at ``level`` each
    on a line of their own, indented as ``json.dumps(indent=2)`` indents them."""
    return _C_MAKE_ENCODER(None, _no_default, json.encoder.encode_basestring, None, ": ",
                ",\n" + "  " * level, True, False, False)


def _indented(document: Any) -> str | None:
    """``json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False,
    allow_nan=False)``, the same text, made mostly by ``json``'s C encoder (which writes
    no indentation by itself: each object or array that holds no other is written by it
    with the indentation in its separator); None for a document of anything other than
    objects with text keys, arrays and JSON's scalars within :data:`MAX_DEPTH` levels,
    or without the C encoder.  ValueError as ``json`` for NaN and infinities."""
    if _C_MAKE_ENCODER is None:
        return None
    out: list[str] = []
    try:
        _write(document, 1, out)
    except _Unusual:
        return None
    return "".join(out)


def _write(value: Any, level: int, out: list[str]) -> None:
    kind = type(value)
    if kind in _SCALARS:
        out.extend(_flat_encoder(level)(value, 0))
        return
    if kind is dict:
        if not _TEXT_ONLY.issuperset(map(type, value)):
            raise _Unusual
        subs: Any = value.values()
    elif kind is list:
        subs = value
    else:
        raise _Unusual
    if level > MAX_DEPTH:
        raise _Unusual
    if not value:
        out.append("{}" if kind is dict else "[]")
        return
    inner = "\n" + "  " * level
    if _SCALARS.issuperset(map(type, subs)):
        flat = "".join(_flat_encoder(level)(value, 0))
        out.append(flat[0] + inner + flat[1:-1] + inner[:-2] + flat[-1])
        return
    if kind is dict:
        out.append("{")
        separator = inner
        for key in sorted(value):
            out.append(separator + json.encoder.encode_basestring(key) + ": ")
            _write(value[key], level + 1, out)
            separator = "," + inner
        out.append(inner[:-2] + "}")
    else:
        out.append("[")
        separator = inner
        for sub in value:
            out.append(separator)
            _write(sub, level + 1, out)
            separator = "," + inner
        out.append(inner[:-2] + "]")


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
