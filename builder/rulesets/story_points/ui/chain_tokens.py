"""Rank tokens: the drag payload that assigns a Class advance's trait rank.

Raising a Class (or entering one) grants one trait rank (and, for casters, a
spell).  The player drags that rank onto a trait; the drop calls the rules
core with ``raise-class``/``enter-class`` and the trait: one ledger entry, one
undo step.  The payload has its own MIME type; a drop does nothing else.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, TypedDict

from PySide6.QtCore import QMimeData

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument

#: The drag payload's MIME type (shared with the editor's trait list).
RANK_TOKEN_MIME = "application/x-character-builder-trait-rank"

#: The payload (its JSON shape is the point): the Class, the option kind (``class`` to
#: raise it, ``new-class`` to enter it), and the spell and scene the player chose.
#: Qt signals carry it as ``object``.
RankToken = TypedDict("RankToken", {"class": str, "kind": str, "spell": str, "scene": str},
                      total=False)


def token_mime(class_name: str, kind: str, spell: str | None = None,
               scene: str | None = None) -> QMimeData:
    """``kind`` is the option kind: ``class`` (raise) or ``new-class`` (enter)."""
    mime = QMimeData()
    payload: RankToken = {"class": class_name, "kind": kind}
    if spell:
        payload["spell"] = spell
    if scene:
        payload["scene"] = scene
    mime.setData(RANK_TOKEN_MIME, json.dumps(payload).encode("utf-8"))
    mime.setText(f"{class_name} rank")
    return mime


def parse_token(mime: QMimeData | None) -> RankToken | None:
    if mime is None or not mime.hasFormat(RANK_TOKEN_MIME):
        return None
    try:
        payload = json.loads(bytes(mime.data(RANK_TOKEN_MIME).data()).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(payload, dict) or not isinstance(payload.get("class"), str):
        return None
    token: RankToken = {"class": payload["class"], "kind": str(payload.get("kind", "class"))}
    for key in ("spell", "scene"):
        if isinstance(payload.get(key), str) and payload[key]:
            token[key] = payload[key]
    return token


def token_words(doc: CharacterDocument, token: RankToken, trait: str) -> list[str] | None:
    """The ``do`` words a rank token dropped on ``trait`` stands for: the words of the
    core's option for the token's Class (entering or raising it) with the trait, and
    the spell and scene the token carries.  None when the core has no such option."""
    option = next((o for o in doc.options() if o.asks_for("trait")
                   and o.name == token.get("class")), None)
    if option is None:
        return None
    return option.words_with(trait=trait, spell=token.get("spell"), scene=token.get("scene"))


def drop_rank(doc: CharacterDocument, token: RankToken, trait_class: str,
              trait: str) -> tuple[bool, list[str]]:
    """Apply a token dropped on a trait through the rules core (one undo step).

    Returns (done, reasons); a refused drop changes nothing.
    """
    if token.get("class") != trait_class:
        return False, [f"a {token.get('class')} rank can only go to a {token.get('class')} "
                       f"trait; {trait} belongs to {trait_class}"]
    reasons: list[str] = []

    def collect(rs: list[str]) -> None:
        reasons.extend(rs)

    words = token_words(doc, token, trait)
    if words is None:
        return False, [f"{token.get('class')} cannot take a rank now"]
    doc.refused.connect(collect)
    try:
        done = doc.apply_words(words)
    finally:
        doc.refused.disconnect(collect)
    return done, reasons
