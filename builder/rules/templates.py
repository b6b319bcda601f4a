"""Templates written in data (a prerequisite's ``say``): plain substitution of named
fields, and nothing else.

A template names a field as ``{name}`` (ASCII letters, digits and ``_``) and writes a
brace itself as ``{{`` or ``}}``.  Data never steers the program's formatting: no
format width or precision (``{subject:>100000000}``), no conversion (``{what!r}``),
no attribute or index (``{what.__class__}``, ``{values[0]}``).  The schema and
:func:`problems` refuse such a template with its place; :func:`fill` never
interprets one (what is not a plain field is kept as written), so the text it
makes is never longer than the template and the fields' own texts.
"""
from __future__ import annotations

import re
from collections.abc import Container, Mapping
from functools import lru_cache

#: What a template holds, piece by piece: an escaped brace, a field in braces (its
#: name, whatever it is), a lone brace, or plain text.
_PIECE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]|[^{}]+")
_NAME = re.compile(r"[A-Za-z0-9_]+")

#: The JSON Schema pattern of a template (the same rule, for the schema).
PATTERN = r"^([^{}]|\{\{|\}\}|\{[A-Za-z0-9_]+\})*$"


def fields(template: str) -> list[str]:
    """The plain fields ``template`` names, in order."""
    return [m.group(1) for m in _PIECE.finditer(template)
            if m.group(1) is not None and _NAME.fullmatch(m.group(1))]


def problems(template: str, allowed: Container[str] | None = None) -> list[str]:
    """Why ``template`` is not plain substitution (empty: it is), and every field it
    names that is not in ``allowed`` (when given)."""
    found: list[str] = []
    for match in _PIECE.finditer(template):
        piece, name = match.group(0), match.group(1)
        if piece in ("{", "}"):
            found.append(f"a lone '{piece}' (write '{piece * 2}' for the brace itself)")
        elif name is not None and not _NAME.fullmatch(name):
            found.append(f"'{_short(piece)}' is not a plain field: a template names a "
                         "field as {name}, with no format width, precision, conversion, "
                         "attribute or index")
        elif name is not None and allowed is not None and name not in allowed:
            found.append(f"no field {name}")
    return found


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each plain field it names replaced by the text of its value
    (a field without a value, and anything that is not a plain field, kept as written;
    ``{{`` and ``}}`` become single braces)."""
    return "".join(text if name is None or name not in values else str(values[name])
                   for text, name in _pieces(template))


@lru_cache(maxsize=1024)
def _pieces(template: str) -> tuple[tuple[str, str | None], ...]:
    """``template`` read once: its text (braces unescaped, anything that is not a plain
    field kept as written) and its plain fields, in order, as (text, None) and
    (field as written, name); the rules fill the same few templates again and again."""
    pieces: list[tuple[str, str | None]] = []
    text: list[str] = []
    for match in _PIECE.finditer(template):
        piece, name = match.group(0), match.group(1)
        if name is not None and _NAME.fullmatch(name):
            if text:
                pieces.append(("".join(text), None))
                text = []
            pieces.append((piece, name))
        else:
            text.append({"{{": "{", "}}": "}"}.get(piece, piece))
    if text:
        pieces.append(("".join(text), None))
    return tuple(pieces)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
