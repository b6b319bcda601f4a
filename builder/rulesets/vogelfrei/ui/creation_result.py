"""The creation form's result: the ``--set`` pairs, the core's baseline and its
reasons, the missing steps, the equivalent command line, and the live summary.

:class:`CreationResult` is a part of
:class:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm` (``form.result``).
"""
from __future__ import annotations

import random
import shlex
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker

from builder.app.types import RulesError, UsageError
from .widgets import sign
from .creation_rolls import DiceTape, TapeEnd

if TYPE_CHECKING:
    from builder.rulesets.vogelfrei.rules.ruleset import VFDerived
    from .creation import VogelfreiCreationForm


class CreationResult:
    """What the form adds up to, as the core builds and judges it: a part of the form
    (:attr:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm.result`) that
    holds it and shows the result in the form's own widgets."""

    def __init__(self, form: VogelfreiCreationForm) -> None:
        self.form = form

    # -- the result ----------------------------------------------------------------------
    def sets(self) -> list[tuple[str, str]]:
        """The ``new vogelfrei --set`` pairs for this character (every value given)."""
        form, rolls = self.form, self.form.rolls
        pairs = [(a, str(v)) for a, v in form.scores().items()]
        a, b = form.swap_a.currentData(), form.swap_b.currentData()
        if a or b:
            pairs.append(("swap", f"{a or '?'},{b or '?'}"))
        if form.wood_elf.isChecked():
            pairs.append(("wood_elf", "yes"))
        if form.current_class():
            pairs.append(("class", form.current_class()))
            career = form.current_career()
            if career is not None:
                pairs.append(("career", career))
        for pool in ("wounds", "stamina"):
            if form.pool_spins[pool].value():
                pairs.append((f"{pool}_roll", str(form.pool_spins[pool].value())))
        if form.current_class():
            pairs.append(("alignment", form.alignment_combo.currentData()))
            if not rolls.career_status() and rolls.status():
                pairs.append(("status", rolls.status()))
            if rolls.money_spec() is not None:
                # not rolled yet: no dice, which the core names as missing
                pairs.append(("money_dice", ",".join(map(str, form.money_dice or []))))
        return pairs

    def baseline(self) -> dict[str, Any]:
        """The core's baseline: typed and chosen values as --set pairs, rolled steps as
        dice on a tape (so the dice are recorded exactly as ``new`` records them)."""
        form = self.form
        missing = self.missing_steps()
        if missing:
            raise UsageError("Still to roll or choose: " + "; ".join(missing) + ".")
        rolled = set(form.dice)
        pairs = [(k, v) for k, v in self.sets() if k not in rolled]
        tape: list[int] = []
        for a in form.abilities:
            tape += form.dice.get(a, [])
        if form.class_dice:
            pairs = [(k, v) for k, v in pairs if k != "class"]
            tape += form.class_dice
        if form.career_dice:
            pairs = [(k, v) for k, v in pairs if k != "career"]
            tape += form.career_dice
        try:
            baseline = form.ruleset.baseline_from_sets(pairs, rng=DiceTape(tape),
                                                       randomize=bool(tape))
        except TapeEnd:
            # something is neither rolled nor chosen: the core names it
            baseline = form.ruleset.baseline_from_sets(self.sets(), rng=random.Random(0))
        if form.discarded:
            baseline["discarded_rolls"] = [dict(d) for d in form.discarded]
        return baseline

    def missing_steps(self) -> list[str]:
        """What the player has still to roll or choose, in plain words."""
        form, rolls = self.form, self.form.rolls
        steps = []
        blank = [a for a in form.abilities if not form.score_spins[a].value()]
        if blank:
            steps.append("a score for " + ", ".join(blank))
        cls = form.current_class()
        if not cls:
            steps.append("the class")
        elif form.ruleset.classes[cls]["careers"] and form.current_career() is None:
            steps.append("the career")
        elif not rolls.career_status() and not rolls.status():
            # a career without a Status: asked, never left blank in silence (the Status
            # decides the starting money)
            steps.append("the Status (the career gives none; it decides the starting money)")
        for pool in ("wounds", "stamina"):
            if not form.pool_spins[pool].value():
                steps.append(f"the {pool.capitalize()} roll")
        return steps

    def command_line(self, name: str = "NAME") -> str:
        words = ["character-builder", "new", "vogelfrei", name]
        for key, value in self.sets():
            if value != "":
                words += ["--set", f"{key}={value}"]
        return " ".join(shlex.quote(w) for w in words)

    def refresh(self, *_: object) -> None:
        """Re-read the core after every change: modifiers, suitability, the starting
        pools, the command line; then tell the dialog (which asks validate_baseline)."""
        form = self.form
        if not hasattr(form, "command"):
            return
        ruleset = form.ruleset
        for a in form.abilities:
            value = form.score_spins[a].value()
            form.mod_labels[a].setText(sign(ruleset.modifier(value))
                                       if ruleset.possible_score(value) else "")
        suit = form.suitability()
        if suit is None:
            form.suitability_label.setText("Suitable? Roll or type every ability first.")
        elif suit["suitable"]:
            form.suitability_label.setText(f"✓ Suitable: the modifiers sum to "
                                           f"{sign(suit['modifier_sum'])}.")
        else:
            form.suitability_label.setText(f"✗ Not suitable: the modifiers sum to "
                                           f"{sign(suit['modifier_sum'])} (below zero). You "
                                           "may reroll the abilities, or keep them.")
        form.reroll_button.setEnabled(form.reroll_offered())
        cls_now = form.current_class()
        if form.discarded:
            form.reroll_button.setText(f"Reroll the abilities ({len(form.discarded)} set"
                                       f"{'s' if len(form.discarded) > 1 else ''} discarded)")
        form.class_dice_row.set_dice(form.class_dice or [])
        form.class_sum.setText(f"= {sum(form.class_dice)} → {cls_now}" if form.class_dice
                               else "")
        form.career_dice_row.set_dice(form.career_dice or [])
        cls = form.current_class()
        note = ""
        if cls and ruleset.classes[cls].get("career_roll"):
            table = ruleset.classes[cls]["career_roll"]
            note = "d6: " + ", ".join(f"{i + 1} {c or '(roll again)'}"
                                      for i, c in enumerate(table))
        form.career_note.setText(note)
        d = self._preview()
        for pool in ("wounds", "stamina"):
            die = int(ruleset.classes[cls][f"{pool}_die"]) if cls else 0
            value = form.pool_spins[pool].value()
            form.pool_buttons[pool].setText(f"Roll 1d{die}" if die else "Roll")
            form.pool_buttons[pool].setEnabled(bool(die))
            form.pool_faces[pool].set_value(value or None, die or 6)
            note = ""
            if d is not None:
                info = d["starting"].get(pool, {})
                if pool == "wounds":
                    note = (f"→ Wounds {d['wounds']['max']} (d{info.get('die')} roll "
                            f"{info.get('roll')}, minimum {info.get('minimum')}, Toughness "
                            f"{sign(info.get('toughness_modifier', 0))})")
                else:
                    note = f"→ Stamina {d['stamina']['max']}"
            elif cls:
                note = f"1d{die}" + (f", at least {ruleset.classes[cls]['min_wounds']}, "
                                     "plus the Toughness modifier" if pool == "wounds" else "")
            form.pool_notes[pool].setText(note)
        self._refresh_possessions(d)
        form.command.setText("Same as: " + self.command_line())
        form.changed.emit()

    def _refresh_possessions(self, d: VFDerived | None) -> None:
        form, rolls, ruleset = self.form, self.form.rolls, self.form.ruleset
        cls = form.current_class()
        forced, why = ruleset.forced_alignment(cls) if cls else (None, "")
        with QSignalBlocker(form.alignment_combo):
            if forced:
                form.alignment_combo.setCurrentIndex(
                    max(0, form.alignment_combo.findData(forced)))
            form.alignment_combo.setEnabled(not forced)
        form.alignment_note.setText(
            f"A {cls} is of {forced}: {why}." if forced
            else "Free to choose (Neutrality unless you choose otherwise).")
        career_status = rolls.career_status()
        form.status_combo.setVisible(not career_status)
        if career_status:
            form.status_note.setText(f"{career_status} (the {form.current_career()} career)")
        elif cls and form.current_career() is not None:
            form.status_note.setText("The career gives no Status: choose one (it decides "
                                     "the starting money).")
        else:
            form.status_note.setText("")
        spec = rolls.money_spec()
        if form.money_dice is not None and (spec is None or len(form.money_dice) != spec["count"]
                                            or max(form.money_dice, default=1) > spec["die"]):
            form.money_dice = None       # the Status changed: roll again
        form.money_button.setEnabled(spec is not None)
        form.money_button.setText(f"Roll {spec['formula']}" if spec else "Roll")
        form.money_dice_row.set_dice(form.money_dice or [], spec["die"] if spec else 6)
        if spec is None:
            form.money_note.setText("No Status, no starting money." if cls else "")
        elif form.money_dice:
            total = sum(form.money_dice) * spec["times"] * ruleset.coins[spec["coin"]]
            form.money_note.setText(f"= {sum(form.money_dice)} × {spec['times']} {spec['coin']}"
                                    f" → {ruleset.money_text(total)}")
        else:
            form.money_note.setText(f"Roll {spec['formula']} for the starting money.")

    def _preview(self) -> VFDerived | None:
        """The core's derived sheet for the finished baseline (None while not valid)."""
        ruleset = self.form.ruleset
        try:
            baseline = self.baseline()
        except RulesError:
            return None
        if ruleset.validate_baseline(baseline):
            return None
        return ruleset.derive(ruleset.initial_state(baseline), "")
