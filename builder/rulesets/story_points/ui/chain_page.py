"""The Story Point advancement-chain tab: the generic chain page
(:mod:`builder.ui.chain.page`) with the Story Point look, a Class filter, and rank
tokens to drag onto traits; a plan with Class steps asks for their trait ranks and
spells (:class:`~builder.rulesets.story_points.ui.chain_plan.PlanChoicesDialog`).

Follows one CharacterDocument live (its ``changed`` signal); every change it
makes goes through the document (the rules core and the undo stack).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import (QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSizePolicy, QWidget)

from .chain_look import HELD, StoryPointLook
from .chain_plan import PlanChoicesDialog, with_extra
from .chain_tokens import RankToken, drop_rank, token_mime
from builder.ui.chain.page import ChainPage
from builder.ui.flow_layout import FlowLayout

if TYPE_CHECKING:
    from builder.app.types import Option, PlanStep
    from .dialogs import ClassAdvanceDialog
    from builder.ui.document import CharacterDocument


class TokenChip(QPushButton):
    """A rank granted by a Class advance, ready to drag onto a trait."""

    def __init__(self, option: Option, widget: "ChainWidget", parent: QWidget | None = None):
        kind = "enter" if option.kind == "new-class" else "raise"
        text = (f"{option.name} {option.target} rank  ·  {option.cost} SP"
                if kind == "raise" else f"Enter {option.name}  ·  {option.cost} SP")
        super().__init__(text, parent or widget)
        self.option = option
        self.chain_widget = widget
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip("Drag onto a lit trait to take this Class advance and put its rank "
                        "there; or select it, then select a trait and press Enter.")
        self.setAccessibleName(f"Rank token: {text}")
        self._press: QPoint | None = None

    def token(self) -> RankToken:
        return self.chain_widget.token_for(self.option)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and (event.position().toPoint() - self._press).manhattanLength() > 6:
            self._press = None
            self.setDown(False)
            self.chain_widget.start_drag(self)
            return
        super().mouseMoveEvent(event)


def _choices(option: Option | None) -> dict[str, Any]:
    return dict(option.extra.get("choices", {})) if option is not None else {}


def _casts(option: Option | None) -> bool:
    return bool(option is not None and option.extra.get("casts_spells"))


def still_needs(option: Option | None, token: RankToken, trait_class: str) -> bool:
    """A rank token dropped on its own Class's trait that needs an answer before
    anything is paid: a caster's rank without its spell, a new Class's without the
    scene that allows it (the drop asks; a refused Class is refused as it is)."""
    return bool(option is not None and option.allowed and token.get("class") == trait_class
                and ((_casts(option) and not token.get("spell"))
                     or (option.kind == "new-class" and not token.get("scene"))))


class ChainWidget(ChainPage):
    """The whole advancement-chain tab for one Story Point character."""

    #: A rank token is being dragged (its Class advance: the core's Option) / the drag ended.
    tokenDragStarted = Signal(object)
    tokenDragFinished = Signal()

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None):
        super().__init__(doc, StoryPointLook(), parent)
        self.setObjectName("chainWidget")
        self.armed: TokenChip | None = None
        #: A rank token is being dragged: the chips stay (the drag's source is one of
        #: them, and deleting it under the drag's own event loop crashed the program);
        #: they are rebuilt when the drag ends.
        self.dragging = False
        self._refill = False
        self.chips: list[TokenChip] = []
        self.chips_hint: QLabel | None = None
        self.chosen_spell: str | None = None

        self.filter_combo = QComboBox(self)
        self.filter_combo.setAccessibleName("Show Class")
        self.filter_combo.setToolTip("Show one Class and what it hangs from")
        self.filter_combo.addItem("My Classes", HELD)
        self.filter_combo.setItemData(0, "The Classes the character has, and those it can "
                                      "enter now", Qt.ItemDataRole.ToolTipRole)
        self.filter_combo.addItem("All Classes", None)
        for cname in doc.ruleset.d.classes:
            self.filter_combo.addItem(cname, cname)
        self.filter_combo.currentIndexChanged.connect(self._filter_chosen)
        self.scene.filter_class = HELD
        self.bar.insertWidget(0, QLabel("Show:", self))
        self.bar.insertWidget(1, self.filter_combo)
        self.page_layout.insertLayout(2, self._tokens_row(doc))

        self.scene.tokenDropped.connect(self._dropped)
        self.scene.dragHint.connect(self.status.emit)
        QShortcut(QKeySequence("Escape"), self).activated.connect(self.disarm)
        self.start()

    def _tokens_row(self, doc: CharacterDocument) -> QHBoxLayout:
        """Rank tokens: a chip for each Class advance the character can take, the spell
        the next caster's rank brings and the scene of a new Class."""
        self.tokens_box = QFrame(self)
        self.tokens_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.tokens_layout = FlowLayout(self.tokens_box)      # wraps: any number of chips
        self.tokens_layout.setContentsMargins(6, 4, 6, 4)
        self.spell_combo = QComboBox(self)
        self.spell_combo.setAccessibleName("Spell for the Class advance")
        self.spell_combo.setToolTip("The new spell a Primant, Cleric or Mage advance grants; "
                                    "a rank dropped before one is chosen here asks for it")
        self.spell_combo.textActivated.connect(self.choose_spell)
        self.scene_edit = QLineEdit(self)
        self.scene_edit.setPlaceholderText("Scene (new Class)")
        self.scene_edit.setAccessibleName("Scene for entering a new Class")
        self.scene_edit.setToolTip("The achievement or training scene that lets the "
                                   "character enter a new Class")
        # The "none now" hint is as tall as a line of chips (no jump of the graph when a
        # token appears); more chips than the row's width holds wrap onto further lines.
        probe = QPushButton("Cleric 4 rank")      # measured only, never shown
        self.token_line = max(probe.sizeHint().height(), self.spell_combo.sizeHint().height(),
                              self.scene_edit.sizeHint().height())
        probe.deleteLater()
        # The spell combo's width must not follow its items: it is refilled as the tokens
        # change (e.g. after "Apply affordable steps"), and a combo sized to its contents
        # made the whole token row shift sideways.  Size it once to the longest spell the
        # rule system knows, whatever it holds now.
        spell_names = [spell for info in getattr(doc.ruleset.d, "classes", {}).values()
                       for spell in getattr(info, "spells", ())]
        self.spell_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.spell_combo.setMinimumContentsLength(
            max((len(name) for name in spell_names), default=16))
        self.spell_combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.scene_edit.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        # what the combo is: the spell the next token will learn
        self.spell_label = QLabel("Spell:", self)
        self.spell_label.setBuddy(self.spell_combo)
        for widget in (self.spell_label, self.spell_combo, self.scene_edit):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        row = QHBoxLayout()
        row.addWidget(QLabel("Rank tokens:", self))
        row.addWidget(self.tokens_box, 1)
        row.addWidget(self.spell_label)
        row.addWidget(self.spell_combo)
        row.addWidget(self.scene_edit)
        return row

    def _filter_chosen(self, _index: int) -> None:
        self.scene.set_filter(self.filter_combo.currentData())
        self.view.fit(readable=True)

    # -- following the character -----------------------------------------------------------
    def refreshed(self) -> None:
        self._fill_tokens()

    def tab_stops(self) -> list[QWidget]:
        """The rank tokens, the spell and the scene come after the toolbar, where they
        are seen (made on refresh, they came after the plan)."""
        stops = super().tab_stops()
        at = stops.index(self.view)
        return [*stops[:at], *self.chips, self.spell_combo, self.scene_edit, *stops[at:]]

    def _fill_tokens(self) -> None:
        if self.dragging:
            self._refill = True
            return
        armed_name = self.armed.option.name if self.armed else None
        while self.tokens_layout.count():        # the chips or the hint
            item = self.tokens_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.chips = []
        self.armed = None
        for (kind, name), option in self.options.items():
            if kind in ("class", "new-class") and option.allowed:
                chip = TokenChip(option, self)
                chip.clicked.connect(lambda checked, c=chip: self.arm(c if checked else None))
                self.tokens_layout.addWidget(chip)
                self.chips.append(chip)
                if name == armed_name:
                    chip.setChecked(True)
                    self.armed = chip
        if not self.chips:
            hint = QLabel("none now: a Class advance you can afford appears here",
                          self.tokens_box)
            hint.setToolTip("A Class advance appears here as a token once you can afford "
                            "it and its core Skill allows it")
            hint.setMinimumHeight(self.token_line)
            # plain text, not a disabled label (its grey read at about 2:1)
            self.tokens_layout.addWidget(hint)
            self.chips_hint = hint
        else:
            self.chips_hint = None
        self._fill_spells()

    def _fill_spells(self) -> None:
        option = self.armed.option if self.armed else next(
            (c.option for c in self.chips if _casts(c.option)), None)
        spells = list(_choices(option).get("spells", [])) if _casts(option) else []
        current = self.spell_combo.currentText()
        self.spell_combo.clear()
        self.spell_combo.addItems(spells)
        if current in spells:
            self.spell_combo.setCurrentText(current)
        self.spell_combo.setVisible(bool(spells))
        self.spell_label.setVisible(bool(spells))
        self.scene_edit.setVisible(any(c.option.kind == "new-class" for c in self.chips))

    def choose_spell(self, spell: str) -> None:
        """The player picked the spell the next caster's rank brings."""
        self.chosen_spell = spell or None
        if spell and self.spell_combo.currentText() != spell:
            self.spell_combo.setCurrentText(spell)

    def token_for(self, option: Option) -> RankToken:
        """The payload of a rank token.  A caster's token carries a spell only when the
        player chose one; otherwise the drop asks for it (never a silent default)."""
        token: RankToken = {"class": option.name, "kind": option.kind}
        if _casts(option):
            spells = _choices(option).get("spells", [])
            if self.chosen_spell is not None and self.chosen_spell in spells:
                token["spell"] = self.chosen_spell
        if option.kind == "new-class":
            token["scene"] = self.scene_edit.text().strip()
        return token

    # -- tokens: drag, arm, drop -----------------------------------------------------------
    def light_for(self, option: Option) -> None:
        """Light the traits a rank of ``option`` (a Class advance) may go to."""
        choices = _choices(option)
        eligible = set(choices.get("traits", []))
        blocked = choices.get("blocked_traits", {})
        cls = option.name
        lit, reasons = set(), {}
        for nid, item in self.scene.nodes.items():
            node = item.node
            if node.kind != "trait":
                continue
            if node.owner == cls and node.name in eligible:
                lit.add(nid)
            else:
                reasons[nid] = (list(blocked.get(node.name, [])) if node.owner == cls
                                else [f"{node.name} is a {node.owner} trait, not {cls}"])
        self.scene.begin_drag(lit, reasons)
        self.show_lit()

    def show_lit(self) -> None:
        """Scroll the lit traits into view (as far as they fit): at the opening zoom the
        traits column may be beyond the view's edge, and a rank dragged from the token
        bar had nowhere visible to go."""
        lit = [item.sceneBoundingRect() for item in self.scene.nodes.values()
               if item.drag_state == "eligible" and item.isVisible()]
        if not lit:
            return
        area = lit[0]
        for rect in lit[1:]:
            area = area.united(rect)
        self.view.ensureVisible(area, 16, 16)

    def start_drag(self, chip: TokenChip) -> None:
        token = chip.token()
        drag = QDrag(chip)
        drag.setMimeData(token_mime(token["class"], token["kind"], token.get("spell"),
                                    token.get("scene")))
        drag.setPixmap(chip.grab())
        self.light_for(chip.option)
        self.tokenDragStarted.emit(chip.option)
        self.status.emit("Drop the rank on a lit trait (grey ones say why not)")
        self.dragging = True
        try:
            drag.exec(Qt.DropAction.CopyAction)
        finally:
            self.dragging = False
            if self._refill:
                self._refill = False
                self._fill_tokens()
                self.order_tabs()
            self.scene.end_drag()
            self.tokenDragFinished.emit()
            if self.armed:
                self.light_for(self.armed.option)

    def arm(self, chip: TokenChip | None) -> None:
        for other in self.chips:
            if other is not chip and other.isChecked():
                other.setChecked(False)
        self.armed = chip
        self.scene.end_drag()
        if chip is not None:
            self.light_for(chip.option)
            self.status.emit(f"{chip.option.name} rank armed: select a lit trait and press "
                             "Enter (Esc cancels)")
        self._fill_spells()

    def disarm(self) -> None:
        if self.armed is not None:
            self.armed.setChecked(False)
            self.arm(None)

    def _class_option(self, name: str) -> Option | None:
        return self.options.get(("class", name)) or self.options.get(("new-class", name))

    def _dropped(self, token: RankToken, node_id: str) -> None:
        item = self.scene.nodes.get(node_id)
        if item is not None:
            self.drop(token, item.node.owner, item.node.name)

    def drop(self, token: RankToken, trait_class: str, trait: str) -> bool:
        option = self._class_option(trait_class)
        if still_needs(option, token, trait_class):
            assert option is not None
            self.ask_spell(option, trait, token)     # what the rank still needs, asked
            return False
        done, reasons = drop_rank(self.doc, token, trait_class, trait)
        if done:
            self._done()
        else:
            self.status.emit("Not done: " + "; ".join(reasons))
        return done

    def ask_spell(self, option: Option, trait: str,
                  token: RankToken | None = None) -> ClassAdvanceDialog:
        """A caster's rank dropped without a spell, or a new Class's without its scene:
        ask for what it needs (and nothing is paid until the player says)."""
        from .dialogs import ClassAdvanceDialog

        dialog = ClassAdvanceDialog(option, self)
        dialog.select_trait(trait)
        if token and token.get("scene") and dialog.scene is not None:
            dialog.scene.setText(token["scene"])
        elif dialog.scene is not None and self.scene_edit.text().strip():
            dialog.scene.setText(self.scene_edit.text().strip())

        def take(words: list[str]) -> None:
            if self.doc.apply_words(words):
                self._done()

        dialog.chosen.connect(take)
        if _casts(option) and not (token or {}).get("spell"):
            asked = f"Choose the new {option.name} spell for the rank in {trait}"
            missed = f"Nothing taken: no {option.name} spell was chosen for the rank in {trait}"
        else:
            asked = (f"Type the achievement or training scene that lets {self.doc.name} "
                     f"enter {option.name} (the rank in {trait})")
            missed = f"Nothing taken: no scene was given for entering {option.name}"
        dialog.rejected.connect(lambda: self.status.emit(missed))
        dialog.open()
        self.spell_dialog = dialog
        self.status.emit(asked)
        return dialog

    # -- activation (double-click / Enter) -------------------------------------------------
    def activate(self, node_id: str) -> None:
        item = self.scene.nodes.get(node_id)
        if item is None:
            return
        node = item.node
        if node.kind == "trait":
            option = self._class_option(node.owner)
            if self.armed is not None:
                self.drop(self.armed.token(), node.owner, node.name)
            elif option is not None:
                if not option.allowed:
                    self.status.emit("Not possible: " + "; ".join(option.reasons))
                    return
                self.drop(self.token_for(option), node.owner, node.name)
            return
        if node.kind == "spell":
            return
        if node.kind == "class":
            option = self._class_option(node.name)
            chip = next((c for c in self.chips if c.option is option), None)
            if chip is None:
                self.status.emit("Not possible: " + "; ".join(option.reasons if option
                                                              else []))
                return
            chip.setChecked(True)
            self.arm(chip)
            return
        super().activate(node_id)

    # -- the plan: Class steps ask for their choices first -----------------------------------
    def apply_plan(self) -> int:
        """Take the affordable steps in order: one undo step ("Apply plan") for all.

        A plan with Class steps first asks for their trait ranks and spells
        (``plan_dialog``, non-blocking); the steps are taken when it is accepted.
        """
        steps = self.plan.affordable_steps()
        if not steps:
            return 0
        if any(step.kind in ("class", "new-class") for step in steps):
            self.plan_dialog = PlanChoicesDialog(self.doc, steps, self)
            self.plan_dialog.chosen.connect(
                lambda chosen: self.plan.apply_steps(self._with_scene(chosen)))
            self.plan_dialog.open()
            return 0
        return self.plan.apply_steps(self._with_scene(steps))

    def _with_scene(self, steps: list[PlanStep]) -> list[PlanStep]:
        """The steps with the scene a new Class is entered in: the plan dialog's, else
        the one in this page's Scene field."""
        scene = self.scene_edit.text().strip()
        return [with_extra(step, scene=step.extra.get("scene") or scene) for step in steps]
