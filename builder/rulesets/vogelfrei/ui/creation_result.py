"""The creation form's result: the ``--set`` pairs, the core's baseline and its
reasons, the missing steps, the equivalent command line, and the live summary.

A mixin of :class:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm`.
"""
from __future__ import annotations

import random
import shlex
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker

from builder.app.types import RulesError, UsageError
from .widgets import sign
from .creation_rolls import CreationFormHost, DiceTape, TapeEnd

if TYPE_CHECKING:
    from builder.rulesets.vogelfrei.rules.ruleset import VFDerived


class CreationResult(CreationFormHost):
    """What the form adds up to, as the core builds and judges it."""

    # -- the result ----------------------------------------------------------------------
    def sets(self) -> list[tuple[str, str]]:
        """The ``new vogelfrei --set`` pairs for this character (every value given)."""
        pairs = [(a, str(v)) for a, v in self.scores().items()]
        a, b = self.swap_a.currentData(), self.swap_b.currentData()
        if a or b:
            pairs.append(("swap", f"{a or '?'},{b or '?'}"))
        if self.wood_elf.isChecked():
            pairs.append(("wood_elf", "yes"))
        if self.current_class():
            pairs.append(("class", self.current_class()))
            career = self.current_career()
            if career is not None:
                pairs.append(("career", career))
        for pool in ("wounds", "stamina"):
            if self.pool_spins[pool].value():
                pairs.append((f"{pool}_roll", str(self.pool_spins[pool].value())))
        if self.current_class():
            pairs.append(("alignment", self.alignment_combo.currentData()))
            if not self.career_status() and self.status():
                pairs.append(("status", self.status()))
            if self.money_spec() is not None:
                # not rolled yet: no dice, which the core names as missing
                pairs.append(("money_dice", ",".join(map(str, self.money_dice or []))))
        return pairs

    def baseline(self) -> dict[str, Any]:
        """The core's baseline: typed and chosen values as --set pairs, rolled steps as
        dice on a tape (so the dice are recorded exactly as ``new`` records them)."""
        missing = self.missing_steps()
        if missing:
            raise UsageError("Still to roll or choose: " + "; ".join(missing) + ".")
        rolled = set(self.dice)
        pairs = [(k, v) for k, v in self.sets() if k not in rolled]
        tape: list[int] = []
        for a in self.abilities:
            tape += self.dice.get(a, [])
        if self.class_dice:
            pairs = [(k, v) for k, v in pairs if k != "class"]
            tape += self.class_dice
        if self.career_dice:
            pairs = [(k, v) for k, v in pairs if k != "career"]
            tape += self.career_dice
        try:
            baseline = self.ruleset.baseline_from_sets(pairs, rng=DiceTape(tape),
                                                       randomize=bool(tape))
        except TapeEnd:
            # something is neither rolled nor chosen: the core names it
            baseline = self.ruleset.baseline_from_sets(self.sets(), rng=random.Random(0))
        if self.discarded:
            baseline["discarded_rolls"] = [dict(d) for d in self.discarded]
        return baseline

    def missing_steps(self) -> list[str]:
        """What the player has still to roll or choose, in plain words."""
        steps = []
        blank = [a for a in self.abilities if not self.score_spins[a].value()]
        if blank:
            steps.append("a score for " + ", ".join(blank))
        cls = self.current_class()
        if not cls:
            steps.append("the class")
        elif self.ruleset.classes[cls]["careers"] and self.current_career() is None:
            steps.append("the career")
        elif not self.career_status() and not self.status():
            # a career without a Status: asked, never left blank in silence (the Status
            # decides the starting money)
            steps.append("the Status (the career gives none; it decides the starting money)")
        for pool in ("wounds", "stamina"):
            if not self.pool_spins[pool].value():
                steps.append(f"the {pool.capitalize()} roll")
        return steps

    def command_line(self, name: str = "NAME") -> str:
        words = ["character-builder", "new", "vogelfrei", name]
        for key, value in self.sets():
            if value != "":
                words += ["--set", f"{key}={value}"]
        return " ".join(shlex.quote(w) for w in words)

    def _refresh(self, *_: object) -> None:
        """Re-read the core after every change: modifiers, suitability, the starting
        pools, the command line; then tell the dialog (which asks validate_baseline)."""
        if not hasattr(self, "command"):
            return
        for a in self.abilities:
            value = self.score_spins[a].value()
            self.mod_labels[a].setText(sign(self.ruleset.modifier(value))
                                       if self.ruleset.possible_score(value) else "")
        suit = self.suitability()
        if suit is None:
            self.suitability_label.setText("Suitable? Roll or type every ability first.")
        elif suit["suitable"]:
            self.suitability_label.setText(f"✓ Suitable: the modifiers sum to "
                                     f"{sign(suit['modifier_sum'])}.")
        else:
            self.suitability_label.setText(f"✗ Not suitable: the modifiers sum to "
                                     f"{sign(suit['modifier_sum'])} (below zero). You may "
                                     "reroll the abilities, or keep them.")
        self.reroll_button.setEnabled(self.reroll_offered())
        cls_now = self.current_class()
        if self.discarded:
            self.reroll_button.setText(f"Reroll the abilities ({len(self.discarded)} set"
                                       f"{'s' if len(self.discarded) > 1 else ''} discarded)")
        self.class_dice_row.set_dice(self.class_dice or [])
        self.class_sum.setText(f"= {sum(self.class_dice)} → {cls_now}" if self.class_dice
                               else "")
        self.career_dice_row.set_dice(self.career_dice or [])
        cls = self.current_class()
        note = ""
        if cls and self.ruleset.classes[cls].get("career_roll"):
            table = self.ruleset.classes[cls]["career_roll"]
            note = "d6: " + ", ".join(f"{i + 1} {c or '(roll again)'}"
                                      for i, c in enumerate(table))
        self.career_note.setText(note)
        d = self._preview()
        for pool in ("wounds", "stamina"):
            die = int(self.ruleset.classes[cls][f"{pool}_die"]) if cls else 0
            value = self.pool_spins[pool].value()
            self.pool_buttons[pool].setText(f"Roll 1d{die}" if die else "Roll")
            self.pool_buttons[pool].setEnabled(bool(die))
            self.pool_faces[pool].set_value(value or None, die or 6)
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
                note = f"1d{die}" + (f", at least {self.ruleset.classes[cls]['min_wounds']}, "
                                     "plus the Toughness modifier" if pool == "wounds" else "")
            self.pool_notes[pool].setText(note)
        self._refresh_possessions(d)
        self.command.setText("Same as: " + self.command_line())
        self.changed.emit()

    def _refresh_possessions(self, d: VFDerived | None) -> None:
        cls = self.current_class()
        forced, why = self.ruleset.forced_alignment(cls) if cls else (None, "")
        with QSignalBlocker(self.alignment_combo):
            if forced:
                self.alignment_combo.setCurrentIndex(
                    max(0, self.alignment_combo.findData(forced)))
            self.alignment_combo.setEnabled(not forced)
        self.alignment_note.setText(
            f"A {cls} is of {forced}: {why}." if forced
            else "Free to choose (Neutrality unless you choose otherwise).")
        career_status = self.career_status()
        self.status_combo.setVisible(not career_status)
        if career_status:
            self.status_note.setText(f"{career_status} (the {self.current_career()} career)")
        elif cls and self.current_career() is not None:
            self.status_note.setText("The career gives no Status: choose one (it decides "
                                     "the starting money).")
        else:
            self.status_note.setText("")
        spec = self.money_spec()
        if self.money_dice is not None and (spec is None or len(self.money_dice) != spec["count"]
                                            or max(self.money_dice, default=1) > spec["die"]):
            self.money_dice = None       # the Status changed: roll again
        self.money_button.setEnabled(spec is not None)
        self.money_button.setText(f"Roll {spec['formula']}" if spec else "Roll")
        self.money_dice_row.set_dice(self.money_dice or [], spec["die"] if spec else 6)
        if spec is None:
            self.money_note.setText("No Status, no starting money." if cls else "")
        elif self.money_dice:
            total = sum(self.money_dice) * spec["times"] * self.ruleset.coins[spec["coin"]]
            self.money_note.setText(f"= {sum(self.money_dice)} × {spec['times']} {spec['coin']}"
                                    f" → {self.ruleset.money_text(total)}")
        else:
            self.money_note.setText(f"Roll {spec['formula']} for the starting money.")

    def _preview(self) -> VFDerived | None:
        """The core's derived sheet for the finished baseline (None while not valid)."""
        try:
            baseline = self.baseline()
        except RulesError:
            return None
        if self.ruleset.validate_baseline(baseline):
            return None
        return self.ruleset.derive(self.ruleset.initial_state(baseline), "")
