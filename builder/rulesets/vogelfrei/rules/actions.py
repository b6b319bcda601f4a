"""The Vogelfrei actions, one class each (see :class:`builder.rules.base.ActionKind`):
XP awards, a level in the career or a new career, Stamina and Wounds lost and
recovered, and the possessions ledger (money, items, armour worn)."""
from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.rules.base import (SESSION_MISSING, Action, ActionKind, Reason, UsageError,
                                match_name, parse_int)
from . import codes
from . import possessions as gear

if TYPE_CHECKING:
    from .ruleset import VogelfreiRuleset

State = dict[str, Any]


def _session(text: str) -> str:
    text = str(text).strip()
    if not text:
        raise UsageError("--session needs a session name or number")
    return text


class VFAction(ActionKind["VogelfreiRuleset", State]):
    """A Vogelfrei action: applying it makes its :meth:`change` on a deep copy of the
    state (the baseline shared, never changed), or on the state a replay gives up."""

    rules: VogelfreiRuleset

    def apply(self, state: State, action: Action) -> State:
        new = copy.deepcopy({k: v for k, v in state.items() if k != "baseline"})
        new["baseline"] = state["baseline"]
        self.change(new, state, action)
        return new

    def advance(self, state: State, action: Action) -> State:
        self.change(state, state, action)
        return state

    def change(self, new: State, state: State, action: Action) -> None:
        """What the action changes on ``new`` (``state``: as it was before, which may be
        ``new`` itself: every reading of ``state`` comes before the first change)."""


# -- XP and levels ---------------------------------------------------------------------

class AwardXp(VFAction):
    verb = "award-xp"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser()
        parser.add_argument("xp", help="the XP earned (character-builder xp works it out)")
        parser.add_argument("--session", required=True,
                            help="the session it was earned in (one award per session)")
        ns = parser.parse_args(list(words))
        amount = parse_int(ns.xp, "XP")
        if amount < 0:
            raise UsageError(f"XP to award must be 0 or more, not {amount}")
        return Action(self.verb, {"xp": amount, "session": _session(ns.session)})

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        if isinstance(action.value("xp"), int):
            gained, lost = self.rules.capped(state, action)
            return action.with_args(gained=gained, lost=lost)
        return action

    def check(self, state: State, action: Action) -> list[str]:
        amount = action.value("xp")
        if not isinstance(amount, int) or amount < 0:
            return [Reason(f"XP to award must be 0 or more, not {amount}", codes.AMOUNT_NEGATIVE)]
        if not str(action.value("session", "")).strip():
            return [Reason("an XP award needs the session it was earned in", SESSION_MISSING)]
        return []

    def change(self, new: State, state: State, action: Action) -> None:
        # The cap is on what one session earns: the level of the session's first award
        # sets it, even if a level is gained between two awards of that session.
        gained, lost = self.rules.capped(state, action)
        level = self.rules.level(state)
        record = self.rules.session_record(new, action)
        record.setdefault("cap_level", level)
        new["in_play"] = True
        new["xp"] += gained
        new["xp_lost"] += lost
        record["xp"] += gained
        record["lost"] += lost

    def describe(self, action: Action) -> str:
        """"Awarded 2400 XP (session 1)"; what was gained is said only when the session
        cap took some ("...: 2000 gained, 400 lost to the session cap")."""
        text = f"Awarded {action.value('xp')} XP (session {action.value('session')})"
        if action.has("gained") and (action.value("lost")
                                     or action.value("gained") != action.value("xp")):
            text += f": {action.value('gained')} gained"
            if action.value("lost"):
                text += f", {action.value('lost')} lost to the session cap"
        return text


class _Advance(VFAction):
    """A new level: in the current career (``level-up``) or the first of another
    (``change-career``); one per session, with the Stamina roll of the class's die."""

    def add_arguments(self, parser: Any) -> None:
        """The arguments before ``--session``."""

    def first_args(self, ns: Any) -> dict[str, Any]:
        """The ledger's arguments before the session."""
        return {}

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser()
        self.add_arguments(parser)
        parser.add_argument("--session", required=True,
                            help="the session in which the character advances")
        parser.add_argument("--roll", default=None,
                            help="the hit dice rolled at the table (default: rolled here)")
        ns = parser.parse_args(list(words))
        args = self.first_args(ns)
        args["session"] = _session(ns.session)
        if ns.roll is not None:
            args["roll"] = parse_int(ns.roll, "--roll")
        return Action(self.verb, args)

    def class_of(self, state: State, action: Action) -> Any:
        """The class whose table the new level is on (and whose die is rolled)."""
        return self.rules.current(state)["class"]

    def rolls(self, action: Action) -> bool:
        """True when the Stamina roll can be made (the class is known)."""
        return True

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        if action.value("roll") is None and self.rolls(action):
            die = int(self.rules.classes[self.class_of(state, action)]["stamina_die"])
            return action.with_args(roll=rng.randint(1, die))
        return action

    def career_reasons(self, state: State, action: Action) -> list[str] | None:
        """The reasons about the career itself (None: refused outright, with none)."""
        return []

    def check(self, state: State, action: Action) -> list[str]:
        rules = self.rules
        session = action.value("session")
        reasons: list[str] = []
        if not str(session or "").strip():
            reasons.append(Reason("a level is gained in a session: give --session",
                                  SESSION_MISSING))
        career = self.career_reasons(state, action)
        if career is None:
            return self.refused_outright(action)
        reasons += career
        reasons += rules.advance_reasons(state, session)
        roll = action.value("roll")
        if self.rolls(action):
            cls = self.class_of(state, action)
            die = int(rules.classes[cls]["stamina_die"])
            if roll is None:
                reasons.append(Reason(f"the Stamina roll (1 to {die} on the {cls} d{die}) is missing",
                                      codes.STAMINA_ROLL_MISSING))
            elif not isinstance(roll, int) or not 1 <= roll <= die:
                reasons.append(Reason(f"the Stamina roll {roll} is impossible on the {cls} d{die} "
                               f"(1 to {die})", codes.STAMINA_ROLL_IMPOSSIBLE))
        return reasons

    def refused_outright(self, action: Action) -> list[str]:
        return []

    def change(self, new: State, state: State, action: Action) -> None:
        rules = self.rules
        session = str(action.value("session"))
        roll = action.value("roll")
        event: dict[str, Any] = {"session": session, "kind": self.verb,
                                 "level": rules.level(state) + 1, "stamina_roll": roll,
                                 "wounds": 0}
        record = rules.session_record(new, action)
        sp, csp = self.new_level(new, event, action)
        new["skill_points"] += sp
        new["combat_skill_points"] += csp
        event["skill_points"] = sp
        event["combat_skill_points"] = csp
        event["class"], event["career"] = new["careers"][-1]["class"], new["careers"][-1]["career"]
        new["stamina"]["current"] += roll
        new["stamina"]["max"] += roll
        record["advanced"] = self.verb
        new["history"].append(event)

    def new_level(self, new: State, event: dict[str, Any], action: Action) -> tuple[Any, Any]:
        """The level itself, on ``new`` and its history ``event``: (skill points, combat
        skill points) it grants."""
        raise NotImplementedError


class LevelUp(_Advance):
    verb = "level-up"

    def new_level(self, new: State, event: dict[str, Any], action: Action) -> tuple[Any, Any]:
        rules = self.rules
        new_level = event["level"]
        cur = new["careers"][-1]
        cur["levels"] += 1
        cdata = rules.classes[cur["class"]]
        up = int(rules.level_row(cdata["wounds_up"], new_level))
        if up:
            new["wounds"]["current"] += up
            new["wounds"]["max"] += up
        event["wounds"] = up
        sp = rules.level_row(cdata["skill_points"], new_level) if cdata.get("skill_points") else 0
        csp = (rules.level_row(cdata["combat_skill_points"], new_level)
               if cdata.get("combat_skill_points") else 0)
        if cdata.get("free_spell"):
            new["spells_owed"] += 1
            event["free_spell"] = True
        return sp, csp

    def describe(self, action: Action) -> str:
        return (f"Gained a level (session {action.value('session')}); Stamina roll "
                f"{action.value('roll')}")


class ChangeCareer(_Advance):
    verb = "change-career"

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("class_", metavar="class", help="the new career's class, e.g. Warrior")
        parser.add_argument("career", help="the new career, e.g. Soldier")

    def first_args(self, ns: Any) -> dict[str, Any]:
        cls = self.rules.class_name(ns.class_)
        return {"class": cls, "career": self.rules.career_name(cls, ns.career)}

    def class_of(self, state: State, action: Action) -> Any:
        return action.value("class")

    def rolls(self, action: Action) -> bool:
        return action.value("class") in self.rules.classes

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        cls = action.value("class")
        if cls in self.rules.classes:
            forced = self.rules.forced_alignment(cls)[0]
            if forced and forced != state["alignment"]:
                action = action.with_args(alignment=forced)
        return super().resolve(state, action, rng)

    def career_reasons(self, state: State, action: Action) -> list[str] | None:
        rules = self.rules
        cls, career = action.value("class"), action.value("career")
        if cls not in rules.classes:
            return None
        reasons = rules.career_refusal(cls, str(career))
        cur = rules.current(state)
        if (cls, career) == (cur["class"], cur["career"]):
            reasons.append(Reason(f"the character already is a {cls} {career}; use level-up",
                                  codes.CAREER_CURRENT))
        elif any((c["class"], c["career"]) == (cls, career) for c in state["careers"][:-1]):
            reasons.append(Reason(f"the character has left the {cls} {career} career; a new level "
                           "is in the current career or the first level of another", codes.CAREER_LEFT))
        return reasons

    def refused_outright(self, action: Action) -> list[str]:
        return [Reason(f"unknown class {action.value('class')}", codes.UNKNOWN_NAME)]

    def new_level(self, new: State, event: dict[str, Any], action: Action) -> tuple[Any, Any]:
        rules = self.rules
        cls = action.text("class")
        new["careers"].append({"class": cls, "career": action.value("career"), "levels": 1})
        cdata = rules.classes[cls]
        sp = cdata["skill_points"][0] if cdata.get("skill_points") else 0
        csp = cdata["combat_skill_points"][0] if cdata.get("combat_skill_points") else 0
        forced = rules.forced_alignment(cls)[0]
        if forced and forced != new["alignment"]:
            event["alignment"] = forced
            new["alignment"] = forced
        return sp, csp

    def describe(self, action: Action) -> str:
        text = (f"Changed career to {action.value('class')} {action.value('career')} "
                f"(session {action.value('session')}); Stamina roll {action.value('roll')}")
        alignment = action.value("alignment")
        return text + (f"; now of {alignment}" if alignment else "")


# -- Stamina and Wounds ----------------------------------------------------------------

class _Pool(VFAction):
    """Stamina or Wounds lost or recovered (never below 0 nor above the maximum)."""

    pool: str = ""
    sign: int = 1

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser()
        parser.add_argument("amount", help="how many points, a whole number")
        ns = parser.parse_args(list(words))
        amount = parse_int(ns.amount, "the amount")
        if amount < 0:
            raise UsageError(f"the amount must be 0 or more, not {amount}")
        return Action(self.verb, {"amount": amount})

    def check(self, state: State, action: Action) -> list[str]:
        amount = action.value("amount")
        if not isinstance(amount, int) or amount < 0:
            return [Reason(f"the amount must be 0 or more, not {amount}", codes.AMOUNT_NEGATIVE)]
        return []

    def change(self, new: State, state: State, action: Action) -> None:
        p = new[self.pool]
        change = self.sign * action.value("amount")   # check: a whole number, 0 or more
        p["current"] = max(0, min(p["max"], p["current"] + change))

    def describe(self, action: Action) -> str:
        verb = "Lost" if self.sign < 0 else "Recovered"
        return f"{verb} {action.value('amount')} {self.pool.capitalize()}"


class DamageStamina(_Pool):
    verb, pool, sign = "damage-stamina", "stamina", -1


class DamageWounds(_Pool):
    verb, pool, sign = "damage-wounds", "wounds", -1


class HealStamina(_Pool):
    verb, pool, sign = "heal-stamina", "stamina", 1


class HealWounds(_Pool):
    verb, pool, sign = "heal-wounds", "wounds", 1


# -- possessions -----------------------------------------------------------------------

class _Money(VFAction):
    """Money gained or spent, in brass pennies (``bp``)."""

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser()
        parser.add_argument("amount", nargs="+",
                            help="money with its coins: 12gp, 35sp, 7bp or 1gp 20sp 4bp")
        ns = parser.parse_args(list(words))
        bp = gear.parse_amount(" ".join(ns.amount), self.rules.coins)
        if bp == 0:
            raise UsageError(f"{self.verb} needs an amount above nothing, not "
                             f"'{' '.join(ns.amount)}'")
        return Action(self.verb, {"bp": bp})

    def check(self, state: State, action: Action) -> list[str]:
        bp = action.value("bp")
        if not isinstance(bp, int) or isinstance(bp, bool) or bp < 0:
            return [Reason(f"the amount must be 0 or more, not {bp}", codes.AMOUNT_NEGATIVE)]
        return []

    #: The sentence's verb ("Gained", "Spent").
    past = ""

    def describe(self, action: Action) -> str:
        money = action.value("bp")
        if isinstance(money, int):
            return f"{self.past} {self.rules.money_text(money)}"
        return super().describe(action)


class GainMoney(_Money):
    verb = "gain-money"
    past = "Gained"

    def change(self, new: State, state: State, action: Action) -> None:
        new["money"] += action.number("bp") or 0


class SpendMoney(_Money):
    verb = "spend-money"
    past = "Spent"

    def check(self, state: State, action: Action) -> list[str]:
        reasons = super().check(state, action)
        bp, money, text = action.value("bp"), state["money"], self.rules.money_text
        if not reasons and bp > money:
            return [Reason(f"not enough money: spending {text(bp)} with {text(money)} held, "
                    f"{text(bp - money)} missing", codes.MONEY_SHORT)]
        return reasons

    def change(self, new: State, state: State, action: Action) -> None:
        new["money"] -= action.number("bp") or 0


class _Item(VFAction):
    """An item of the equipment tables: bought, gained, dropped, worn or taken off."""

    #: True when the action takes ``--qty``.
    counted = False

    def add_arguments(self, parser: Any) -> None:
        """The arguments after the item and ``--qty``."""

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser()
        parser.add_argument("item", nargs="+", metavar="ITEM",
                            help="one item as named in the equipment tables, its words quoted "
                                 "or not, e.g. Book (Blank)")
        if self.counted:
            parser.add_argument("--qty", default="1", help="how many (default 1)")
        self.add_arguments(parser)
        ns = parser.parse_args(list(words))
        args: dict[str, Any] = {"item": self.rules.catalogue.canonical(" ".join(ns.item))}
        if self.counted:
            qty = parse_int(ns.qty, "--qty")
            if qty < 1:
                raise UsageError(f"--qty must be 1 or more, not {qty}")
            args["qty"] = qty
        return Action(self.verb, self.more_args(args, ns))

    def more_args(self, args: dict[str, Any], ns: Any) -> dict[str, Any]:
        return args

    def check(self, state: State, action: Action) -> list[str]:
        catalogue = self.rules.catalogue
        name = action.value("item")
        item = catalogue.find(name)
        if item is None:
            return [Reason(catalogue.unknown(str(name)), codes.UNKNOWN_NAME)]
        qty = action.value("qty", 1)
        if not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
            return [Reason(f"the quantity must be 1 or more, not {qty}", codes.QUANTITY_INVALID)]
        return self.item_reasons(state, action, item, qty)

    def item_reasons(self, state: State, action: Action, item: dict[str, Any],
                     qty: int) -> list[str]:
        """Every reason the action is refused, for a known item and a good quantity."""
        return []

    def change(self, new: State, state: State, action: Action) -> None:
        item = self.rules.catalogue.item(action.value("item"))  # check accepted it
        self.change_item(new, action, item, item["name"], action.value("qty", 1))

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        raise NotImplementedError

    @staticmethod
    def add(new: State, name: str, qty: int) -> None:
        for line in new["gear"]:
            if line["item"] == name:
                line["qty"] += qty
                break
        else:
            new["gear"].append({"item": name, "qty": qty})

    def describe(self, action: Action) -> str:
        return f"{self.past} {action.value('qty', 1)} {action.value('item')}"

    past = ""


class Buy(_Item):
    verb = "buy"
    counted = True
    past = "Bought"

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--market", default=None, metavar="city|rural",
                            help="whose price: before the first XP award the cheaper, "
                                 "afterwards the City's")

    def more_args(self, args: dict[str, Any], ns: Any) -> dict[str, Any]:
        if ns.market is not None:
            args["market"] = match_name(ns.market, gear.MARKETS, "market")
        return args

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        item = self.rules.catalogue.find(action.value("item"))
        if item is None:
            return action
        market = gear.choose_market(item, action.value("market"), state["in_play"])
        action = action.with_args(market=market)
        each = gear.price(item, market)
        qty = action.value("qty", 1)
        if each is not None and isinstance(qty, int):
            action = action.with_args(cost_bp=each * qty)
        return action

    def item_reasons(self, state: State, action: Action, item: dict[str, Any],
                     qty: int) -> list[str]:
        name, money, text = item["name"], state["money"], self.rules.money_text
        market = action.value("market") or gear.choose_market(item, None, state["in_play"])
        if market not in gear.MARKETS:
            return [Reason(f"unknown market {market}; valid: city, rural", codes.UNKNOWN_NAME)]
        each = gear.price(item, market)
        if each is None:
            other = "rural" if market == "city" else "city"
            there = gear.price(item, other)
            if there is None:
                return [Reason(f"{name} is sold at neither market ('-' in both price columns "
                        f"of the {item.get('category', 'equipment')} table)", codes.NOT_SOLD)]
            where = f"; it costs {text(there)} at the {other.capitalize()} market"
            return [Reason(f"{name} is not sold at the {market.capitalize()} market ('-' in "
                    f"the {item.get('category', 'equipment')} table){where}", codes.NOT_SOLD_HERE)]
        cost = action.value("cost_bp", each * qty)
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            return [Reason(f"the cost must be 0 or more, not {cost}", codes.AMOUNT_NEGATIVE)]
        if cost > money:
            return [Reason(f"not enough money: {qty} {name} at the {market.capitalize()} price "
                    f"{'costs' if qty == 1 else 'cost'} {text(cost)} and {text(money)} "
                    f"is held, {text(cost - money)} "
                    "missing", codes.MONEY_SHORT)]
        return []

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        market = action.value("market") or gear.choose_market(item, None, new["in_play"])
        each = gear.price(item, market)          # check: sold at that market
        new["money"] -= action.value("cost_bp") if action.has("cost_bp") else (each or 0) * qty
        if not item.get("consumed"):
            self.add(new, name, qty)

    def describe(self, action: Action) -> str:
        text = super().describe(action)
        cost = action.value("cost_bp")
        if isinstance(cost, int):
            text += f" for {self.rules.money_text(cost)}"
        if action.value("market") in gear.MARKETS:
            text += f" ({action.value('market')} price)"
        return text


class Gain(_Item):
    verb = "gain"
    counted = True
    past = "Gained"

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        self.add(new, name, qty)


class Drop(_Item):
    verb = "drop"
    counted = True
    past = "Dropped"

    def item_reasons(self, state: State, action: Action, item: dict[str, Any],
                     qty: int) -> list[str]:
        name = item["name"]
        held = self.rules.held(state, name)
        if held < qty:
            return [Reason(f"cannot drop {qty} {name}: " + (f"only {held} held" if held else
                                                      "none held"), codes.GEAR_NOT_HELD)]
        return []

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        for line in new["gear"]:
            if line["item"] == name:
                line["qty"] -= qty
        new["gear"] = [line for line in new["gear"] if line["qty"] > 0]
        if not self.rules.held(new, name):
            for slot, worn in new["worn"].items():
                if worn == name:
                    new["worn"][slot] = None


class Wear(_Item):
    verb = "wear"

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        item = self.rules.catalogue.find(action.value("item"))
        if item is not None:
            slot = gear.wear_slot(item)
            worn = state["worn"].get(slot) if slot else None
            if worn and worn != item["name"]:
                return action.with_args(replaces=worn)
        return action

    def item_reasons(self, state: State, action: Action, item: dict[str, Any],
                     qty: int) -> list[str]:
        rules = self.rules
        name = item["name"]
        slot = gear.wear_slot(item)
        if slot is None:
            return [Reason(f"{name} is not armour, a shield or a buckler; only those are worn",
                           codes.NOT_WEARABLE)]
        cls = rules.current(state)["class"]
        if rules.classes[cls].get("no_armour"):
            return [Reason(f"a {cls} cannot wear armour or use shields (the {cls} class)",
                           codes.CLASS_FORBIDS_ARMOUR)]
        if not rules.held(state, name):
            return [Reason(f"no {name} held to wear: buy or gain it first", codes.GEAR_NOT_HELD)]
        if state["worn"].get(slot) == name:
            return [Reason(f"the {name} is already worn", codes.ARMOUR_WORN)]
        return []

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        new["worn"][gear.wear_slot(item)] = name

    def describe(self, action: Action) -> str:
        text = f"Put on {action.value('item')}"
        replaces = action.value("replaces")
        return text + (f" (took off {replaces})" if replaces else "")


class Remove(_Item):
    verb = "remove"

    def item_reasons(self, state: State, action: Action, item: dict[str, Any],
                     qty: int) -> list[str]:
        name = item["name"]
        if name not in state["worn"].values():
            return [Reason(f"the {name} is not worn", codes.ARMOUR_NOT_WORN)]
        return []

    def change_item(self, new: State, action: Action, item: dict[str, Any], name: str,
                    qty: int) -> None:
        for slot, worn in new["worn"].items():
            if worn == name:
                new["worn"][slot] = None

    def describe(self, action: Action) -> str:
        return f"Took off {action.value('item')}"


#: Every Vogelfrei action, in the order ``do FILE --help`` lists them.
KINDS: tuple[type[VFAction], ...] = (
    AwardXp, LevelUp, ChangeCareer, DamageStamina, DamageWounds, HealStamina, HealWounds,
    Buy, Gain, Drop, GainMoney, SpendMoney, Wear, Remove)
