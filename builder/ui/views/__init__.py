"""Editor widgets, and the registry that picks one per ruleset.

A ruleset with a dedicated editor declares it on its class (``editor``, a
"module:attr" string, imported only when a character of that ruleset is
opened); a factory may also be registered under an id (:func:`register_editor`).
Every other ruleset gets :class:`~builder.ui.views.generic.GenericEditor` (the derived
state, the options with their reasons, and a free action line).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from builder.ui.document import CharacterDocument
    from builder.ui.views.base import CharacterEditor

    #: What makes a character's editor: ``factory(doc, parent)``.
    EditorFactory = Callable[[CharacterDocument, QWidget | None], CharacterEditor]

# (the rules are imported when an editor is first asked for: the Library tab's page,
# in this package, is on the start's path)

#: ruleset id -> factory(doc, parent) -> CharacterEditor
EDITORS: dict[str, EditorFactory] = {}

def register_editor(ruleset_id: str, factory: EditorFactory) -> None:
    EDITORS[ruleset_id] = factory


def editor_factory(ruleset_id: str, declared: str | None = None) -> EditorFactory:
    """The editor for a ruleset: a registered one, else the one its class declares
    (``declared`` when the caller has the ruleset at hand), else the generic one."""
    if ruleset_id not in EDITORS:
        from builder.app.types import RulesError
        from builder.app.queries import ruleset_class, ruleset_part

        if declared is None:
            try:
                declared = ruleset_class(ruleset_id).parts.editor
            except RulesError:
                declared = None
        if declared:
            try:
                register_editor(ruleset_id, ruleset_part(declared))
            except (ImportError, AttributeError):
                pass
    if ruleset_id in EDITORS:
        return EDITORS[ruleset_id]
    from builder.ui.views.generic import GenericEditor

    return GenericEditor


def create_editor(doc: CharacterDocument, parent: QWidget | None = None) -> CharacterEditor:
    ruleset = doc.ruleset
    return editor_factory(ruleset.id, ruleset.parts.editor)(doc, parent)
