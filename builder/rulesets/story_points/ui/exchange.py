"""Campaign ▸ Training Exchange: two members each take a Skill or Class increase,
each cheaper by the rule system's discount (never below its floor; never the increase
it excludes), paid and written together.  The terms and their unit are the rule
system's (``exchange_terms``, ``balance_label``), worded by :mod:`.words`.

Every choice comes from the rules core: the increases are the member's own
``options()`` (skills, and the Classes it already has), a Class advance's trait
ranks and spells are the option's ``choices`` (the blocked ones greyed with the
core's reasons in their tooltips), the cost and reasons of each side come from
:func:`builder.app.queries.exchange_step` (the exchange's cost, the full cost, the
rules' reasons), and the pair as a whole is checked by a dry run of
:func:`builder.app.campaigns.exchange` (``preview``; nothing is written until Exchange
is pressed).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox,
                               QHBoxLayout, QLabel, QListWidget, QSizePolicy, QVBoxLayout,
                               QWidget)

from builder.app.queries import exchange_step
from builder.app.types import Option, RulesError
from builder.ui.wording import unit

from .choices import choosable, fill_trait_choices
from .words import exchange_rule

if TYPE_CHECKING:
    from builder.app.types import CharacterView, Ruleset

KINDS = (("raise-skill", "Raise a Skill"), ("raise-class", "Raise a Class"))


def cost_text(ruleset: Ruleset, cost: int, full: int) -> str:
    """What one side pays: "2 SP (instead of 3 SP)"; at the floor, the same cost says
    why (an increase at the floor reads as if the exchange gave this side nothing)."""
    points = unit(ruleset)
    terms = ruleset.exchange_terms()
    if cost != full:
        return f"{cost} {points} (instead of {full} {points})"
    if terms is not None and cost == terms.floor:
        return f"{cost} {points} (no cheaper: never below {terms.floor} {points})"
    return f"{cost} {points}"


class ExchangeSide(QGroupBox):
    """One member's half of the exchange."""

    changed = Signal()

    def __init__(self, title: str, members: list[tuple[str, CharacterView]], index: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.members = members  # [(stored path, CharacterView)]
        self.member = QComboBox(self)
        self.member.setAccessibleName(f"{title}: character")
        for given, cf in members:
            self.member.addItem(cf.name, given)
        self.member.setCurrentIndex(min(index, len(members) - 1))
        self.kind = QComboBox(self)
        self.kind.setAccessibleName(f"{title}: kind of increase")
        for key, text in KINDS:
            self.kind.addItem(text, key)
        self.target = QComboBox(self)
        self.target.setAccessibleName(f"{title}: Skill or Class")
        self.target_model = QStandardItemModel(self.target)
        self.target.setModel(self.target_model)
        self.traits = QListWidget(self)
        self.traits.setAccessibleName(f"{title}: trait that takes the new rank")
        self.traits.setMaximumHeight(130)
        self.spell = QComboBox(self)
        self.spell.setAccessibleName(f"{title}: new spell")
        self.spell_model = QStandardItemModel(self.spell)
        self.spell.setModel(self.spell_model)
        self.cost = QLabel(self)
        self.cost.setObjectName("exchangeCost")
        self.cost.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.reasons = QLabel(self)
        self.reasons.setWordWrap(True)
        self.reasons.setObjectName("exchangeSideReasons")

        form = self.form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Character:", self.member)
        form.addRow("Increase:", self.kind)
        form.addRow("Of:", self.target)
        self.traits_label = QLabel("Trait rank:", self)
        form.addRow(self.traits_label, self.traits)
        self.spell_label = QLabel("Spell:", self)
        form.addRow(self.spell_label, self.spell)
        form.addRow("Cost:", self.cost)
        form.addRow(self.reasons)

        self.member.currentIndexChanged.connect(self._fill_targets)
        self.kind.currentIndexChanged.connect(self._fill_targets)
        self.target.currentIndexChanged.connect(self._fill_choices)
        self.traits.currentRowChanged.connect(self._emit)
        self.spell.currentIndexChanged.connect(self._emit)
        self._fill_targets()

    # -- what is chosen -------------------------------------------------------------
    def given(self) -> str:
        return self.member.currentData() or ""

    def cf(self) -> CharacterView | None:
        index = self.member.currentIndex()
        return self.members[index][1] if 0 <= index < len(self.members) else None

    def option(self) -> Option | None:
        item = self.target_model.item(self.target.currentIndex()) \
            if self.target.currentIndex() >= 0 else None
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def current_trait(self) -> str | None:
        item = self.traits.currentItem()
        if item is None or not choosable(item):
            return None
        trait: str | None = item.data(Qt.ItemDataRole.UserRole)
        return trait

    def current_spell(self) -> str | None:
        if self.spell_model.rowCount() == 0:
            return None
        item = self.spell_model.item(self.spell.currentIndex()) \
            if self.spell.currentIndex() >= 0 else None
        if item is None or not item.isEnabled():
            return None
        spell: str | None = item.data(Qt.ItemDataRole.UserRole)
        return spell

    def words(self) -> list[str]:
        option = self.option()
        if option is None:
            return []
        if option.kind == "skill":
            return ["raise-skill", option.name]
        words = ["raise-class", option.name, "--trait", self.current_trait() or ""]
        if option.extra.get("casts_spells"):
            words += ["--spell", self.current_spell() or ""]
        return words

    def select(self, member: str | None = None, kind: str | None = None,
               name: str | None = None, trait: str | None = None,
               spell: str | None = None) -> None:
        """Choose by value (tests, and keyboard users through the combos)."""
        if member is not None:
            for i in range(self.member.count()):
                if self.member.itemText(i) == member or self.member.itemData(i) == member:
                    self.member.setCurrentIndex(i)
        if kind is not None:
            self.kind.setCurrentIndex(self.kind.findData(kind))
        if name is not None:
            for row in range(self.target_model.rowCount()):
                if self.target_model.item(row).data(Qt.ItemDataRole.UserRole).name == name:
                    self.target.setCurrentIndex(row)
        if trait is not None:
            for row in range(self.traits.count()):
                if self.traits.item(row).data(Qt.ItemDataRole.UserRole) == trait:
                    self.traits.setCurrentRow(row)
        if spell is not None:
            for row in range(self.spell_model.rowCount()):
                if self.spell_model.item(row).data(Qt.ItemDataRole.UserRole) == spell:
                    self.spell.setCurrentIndex(row)

    # -- filling from the core ----------------------------------------------------------
    def _fill_targets(self, *_: object) -> None:
        cf = self.cf()
        kind = "skill" if self.kind.currentData() == "raise-skill" else "class"
        self.target.blockSignals(True)
        self.target_model.clear()
        first_allowed = -1
        if cf is not None:
            try:
                options = cf.options()
            except RulesError:
                options = []
            for option in options:
                if option.kind != kind:
                    continue
                item = QStandardItem(f"{option.name} → {option.target}")
                item.setData(option, Qt.ItemDataRole.UserRole)
                item.setEditable(False)
                self.target_model.appendRow(item)
                if first_allowed < 0 and self._side_reasons(cf, option) == []:
                    first_allowed = self.target_model.rowCount() - 1
        self.target.setCurrentIndex(max(first_allowed, 0) if self.target_model.rowCount()
                                    else -1)
        self.target.blockSignals(False)
        self._fill_choices()

    def _side_reasons(self, cf: CharacterView, option: Option) -> list[str] | None:
        """The core's reasons for the option taken in an exchange (None: needs a pick)."""
        if option.kind != "skill":
            return None
        return list(exchange_step(cf, option.words_with()).reasons)

    def _fill_choices(self, *_: object) -> None:
        option = self.option()
        is_class = option is not None and option.kind == "class"
        choices = (option.extra.get("choices") if option is not None else None) or {}
        self.traits.blockSignals(True)
        self.traits.clear()
        if is_class:
            fill_trait_choices(self.traits, choices)
        self.traits.blockSignals(False)
        self.spell.blockSignals(True)
        self.spell_model.clear()
        casts = is_class and bool(option and option.extra.get("casts_spells"))
        if casts:
            for spell in choices.get("spells", []):
                item = QStandardItem(spell)
                item.setData(spell, Qt.ItemDataRole.UserRole)
                self.spell_model.appendRow(item)
            for spell, why in (choices.get("blocked_spells") or {}).items():
                item = QStandardItem(f"{spell} — not possible")
                item.setData(spell, Qt.ItemDataRole.UserRole)
                item.setEnabled(False)
                item.setToolTip("\n".join(why))
                self.spell_model.appendRow(item)
            self.spell.setCurrentIndex(0 if choices.get("spells") else -1)
        self.spell.blockSignals(False)
        self.form.setRowVisible(self.traits, is_class)
        self.form.setRowVisible(self.spell, casts)
        self._emit()

    def check(self) -> list[str]:
        """The core's reasons against this side (with the exchange flag); sets the cost."""
        cf, words = self.cf(), self.words()
        if cf is None:
            self.cost.setText("")
            return ["choose a character"]
        if not words:
            self.cost.setText("")
            kind = "Skill" if self.kind.currentData() == "raise-skill" else "Class"
            return [f"{cf.name} has no {kind} to raise"]
        if words[0] == "raise-class" and not self.current_trait():
            self.cost.setText("")
            return [f"{cf.name}: choose the trait that takes the new rank"]
        if "--spell" in words and not self.current_spell():
            self.cost.setText("")
            return [f"{cf.name}: choose the new spell"]
        step = exchange_step(cf, words)
        self.cost.setText("" if step.cost is None or step.full_cost is None
                          else cost_text(cf.ruleset, step.cost, step.full_cost))
        return list(step.reasons)

    def _emit(self, *_: object) -> None:
        self.changed.emit()


class TrainingExchangeDialog(QDialog):
    #: (member A, words A, member B, words B) when the GM presses Exchange.
    chosen = Signal(str, object, str, object)

    def __init__(self, campaign_name: str, members: list[tuple[str, CharacterView]],
                 preview: Callable[[str, list[str], str, list[str]], list[str]],
                 parent: QWidget | None = None, ruleset: Ruleset | None = None) -> None:
        """``members``: [(stored path, CharacterView)]; ``preview``: a dry run -> reasons;
        ``ruleset``: the campaign's, whose terms the dialog states (default: the first
        member's)."""
        super().__init__(parent)
        self.setObjectName("trainingExchangeDialog")
        self.setWindowTitle(f"Training Exchange — {campaign_name}")
        self.preview = preview
        self.side_a = ExchangeSide("First character", members, 0, self)
        self.side_b = ExchangeSide("Second character", members, 1, self)
        if ruleset is None and members:
            ruleset = members[0][1].ruleset
        rule = f" {exchange_rule(ruleset)}" if ruleset is not None else ""
        head = self.head = QLabel("Two characters train each other: each takes a Skill or "
                                  f"Class increase{rule}. Both are paid and written "
                                  "together, or neither.", self)
        head.setObjectName("exchangeHead")
        head.setWordWrap(True)
        self.reasons = QLabel(self)
        self.reasons.setObjectName("exchangeReasons")
        self.reasons.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Exchange", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("exchangeOk")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        sides = QHBoxLayout()
        sides.addWidget(self.side_a, 1)
        sides.addWidget(self.side_b, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(sides, 1)
        layout.addWidget(self.reasons)
        layout.addWidget(self.buttons)
        self.side_a.changed.connect(self.validate)
        self.side_b.changed.connect(self.validate)
        self.validate()
        self.resize(760, 480)

    def problems(self) -> list[str]:
        if self.side_a.given() == self.side_b.given():
            return ["a Training Exchange pairs two different characters"]
        reasons = self.side_a.check() + self.side_b.check()
        if reasons:
            return reasons
        return list(self.preview(self.side_a.given(), self.side_a.words(),
                                 self.side_b.given(), self.side_b.words()))

    def validate(self, *_: object) -> bool:
        reasons = self.problems()
        self.ok.setEnabled(not reasons)
        self.reasons.setText("\n".join(f"• {r}" for r in reasons) if reasons else
                             "✔ Both increases are allowed; they are written together "
                             "(one Undo takes both back).")
        return not reasons

    def _accept(self) -> None:
        if not self.validate():
            return
        self.chosen.emit(self.side_a.given(), self.side_a.words(), self.side_b.given(),
                         self.side_b.words())
        self.accept()
