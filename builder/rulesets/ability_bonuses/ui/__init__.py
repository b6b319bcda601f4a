"""Qt widgets of the ``ability-bonuses`` ruleset: the chips creation form and
the Abilities Card.  Self-contained: the main window embeds
:class:`AbilityBonusesForm` in its New Character dialog (``baseline()`` gives
the baseline for ``new_document``) and :class:`AbilitiesCard` in the sheet view
(``set_derived(CharacterView.derived())``), and :class:`AbilityEffectsPanel`
(effects and age in play; it emits ledger actions for ``CharacterDocument.apply``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .card import AbilitiesCard
from .form import CHIP_MIME, AbilityBonusesForm
from .play import AbilityEffectsPanel

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ..rules.ruleset import AbilityBonuses

__all__ = ["AbilitiesCard", "AbilityBonusesForm", "AbilityEffectsPanel", "CHIP_MIME",
           "creation_form"]


def creation_form(ruleset: AbilityBonuses, parent: QWidget | None = None) -> AbilityBonusesForm:
    """The creation form for a loaded ``ability-bonuses`` ruleset."""
    return AbilityBonusesForm(ruleset, parent)
