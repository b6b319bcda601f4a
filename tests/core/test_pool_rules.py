"""The Fortune/Peril pool (seed 003), one test or more per sentence of the seed."""
from __future__ import annotations

import pytest

from builder.rules import fortune_peril as fp
from builder.rules.base import SESSION_MISSING, Refusal, UsageError, reason_code


class Table:
    """A pool driven the way the campaign file drives it: resolve, check, apply."""

    def __init__(self, settings=None):
        self.settings = settings or {}
        self.ledger: list[dict] = []
        self.state = fp.initial_pool()

    def do(self, action):
        action = fp.resolve(self.state, action, self.settings)
        reasons = fp.check(self.state, action)
        if reasons:
            raise Refusal(reasons)
        self.state = fp.apply(self.state, action)
        self.ledger.append(action)
        return self

    def refused(self, action) -> list[str]:
        before = self.state
        with pytest.raises(Refusal) as info:
            self.do(action)
        assert self.state is before
        return info.value.reasons

    def start(self, players=3, **kw):
        return self.do(fp.start_action(players, **kw))

    def spend(self, side, use, check="7", by="Mira", **kw):
        return self.do(fp.spend_action(side, use, check=check, by=by, **kw))

    def refuse_spend(self, side, use, check="7", by="Mira", **kw):
        return self.refused(fp.spend_action(side, use, check=check, by=by, **kw))

    def react(self, check="7", by="Mira", talent="Peril Turner", spend=None):
        return self.do(fp.react_action(check=check, by=by, talent=talent, spend=spend))

    @property
    def sides(self):
        return self.state.fortune, self.state.peril


def started(players=3, **kw):
    return Table(kw.pop("settings", None)).start(players, **kw)


# "Story Points are a shared narrative resource that flows between the players and the GM"
def test_points_flow_between_players_and_gm_and_the_total_is_kept():
    t = started(2)
    assert t.sides == (2, 1)
    t.spend("fortune", "upgrade", by="Mira")
    assert t.sides == (1, 2)
    t.spend("peril", "complication", by="GM")
    assert t.sides == (2, 1)
    assert sum(t.sides) == 3


# "At the start of each session, the group generates a pool of Story Points."
def test_each_session_start_generates_a_fresh_pool():
    t = started(3)
    t.spend("fortune", "upgrade").spend("fortune", "upgrade", by="Joss")
    assert t.sides == (1, 3)
    t.start(3)
    assert t.sides == (3, 1)
    assert t.state.session == 2
    assert [s["session"] for s in t.state.sessions] == [1, 2]
    assert len(t.state.log) == 1          # the session log is the new session's


def test_nothing_is_spent_before_a_session_starts():
    t = Table()
    reasons = t.refuse_spend("fortune", "upgrade")
    # plain words (the window has no "pool start" command to type); the command line
    # names its command from the reason's code
    assert reasons == ["no session has started: start a session first"]
    assert reason_code(reasons[0]) == SESSION_MISSING


# "The default pool is: Fortune Points: 1 per player / Peril Points: 1 for the GM"
@pytest.mark.parametrize("players,expected", [(1, (1, 1)), (4, (4, 1)), (6, (6, 1))])
def test_default_pool_is_one_fortune_per_player_and_one_peril_for_the_gm(players, expected):
    assert started(players).sides == expected


def test_start_may_name_the_peril_size_and_needs_a_player():
    assert started(4, peril=3).sides == (4, 3)
    with pytest.raises(UsageError):
        fp.start_action(0)


# "Universes may change the size of the pool, how points are assigned, or how the
#  pool refreshes."
def test_universe_changes_the_size_of_the_pool():
    settings = {"fortune_per_player": 2, "fortune_bonus": 1, "peril_for_gm": 2,
                "peril_per_player": 1}
    assert started(3, settings=settings).sides == (7, 5)


def test_universe_changes_how_points_are_assigned():
    t = started(3, settings={"assignment": "own-check"})
    reasons = t.refuse_spend("fortune", "upgrade", by="Joss", on="Mira", table_agrees=True)
    assert reasons == ["in this campaign a player spends Fortune Points only on their own "
                       "check; check 7 is Mira's"]
    t.spend("fortune", "upgrade", by="Mira", on="Mira")


def test_universe_changes_how_the_pool_refreshes_carry():
    t = started(3, settings={"refresh": "carry"})
    t.spend("fortune", "upgrade").spend("fortune", "upgrade", by="Joss")
    t.do(fp.nemesis_action("Vex", 2))
    t.spend("peril", "complication", by="GM", nemesis="Vex")
    assert t.sides == (2, 3)
    t.start(3)
    assert t.sides == (2, 3)
    assert fp.view(t.state)["nemesis"] == {"Vex": 1}


def test_universe_changes_how_the_pool_refreshes_top_up():
    t = started(3, settings={"refresh": "top-up"})
    t.spend("fortune", "upgrade").spend("fortune", "upgrade", by="Joss")
    t.do(fp.nemesis_action("Vex", 1))
    t.do(fp.earn_action("fortune", "heroic act", 3))
    assert t.sides == (4, 3)
    t.start(3)
    assert t.sides == (4, 3)
    t.spend("peril", "complication", by="GM", nemesis="Vex")
    t.start(3)
    assert t.sides == (5, 3)
    assert fp.view(t.state)["nemesis"] == {"Vex": 1}


def test_default_refresh_refreshes_private_nemesis_pools_to_their_grant():
    t = Table()
    t.do(fp.nemesis_action("Vex", 2))            # granted before any session
    t.start(3)
    t.spend("peril", "complication", by="GM", nemesis="Vex")
    assert fp.view(t.state)["nemesis"] == {"Vex": 1}
    t.start(3)
    assert fp.view(t.state)["nemesis"] == {"Vex": 2}
    assert t.sides == (3, 1)


def test_bad_universe_settings_are_usage_errors():
    with pytest.raises(UsageError):
        fp.normalise_settings({"refresh": "sometimes"})
    with pytest.raises(UsageError):
        fp.normalise_settings({"fortune_per_player": -1})
    with pytest.raises(UsageError):
        fp.normalise_settings({"colour": "red"})


# "A player may spend a Fortune Point to: Upgrade one Ability Die in their pool to a
#  Mastery Die before rolling"
def test_fortune_upgrade_before_rolling():
    t = started()
    t.spend("fortune", "upgrade")
    assert "Ability Die to a Mastery Die" in fp.describe(t.ledger[-1])
    assert started().refuse_spend("fortune", "upgrade", after_roll=True) == [
        "Upgrade is declared before the roll"]


# "Activate a Breakthrough effect after rolling, in addition to any rolled"
def test_fortune_breakthrough_after_rolling_only():
    started().spend("fortune", "breakthrough", after_roll=True)
    assert started().refuse_spend("fortune", "breakthrough") == [
        "A Breakthrough is activated after the roll"]


# "Introduce a minor narrative detail favorable to the players (subject to GM approval)"
@pytest.mark.parametrize("after", [False, True])
def test_fortune_detail_either_time_recorded_as_gm_approved(after):
    t = started().spend("fortune", "detail", after_roll=after)
    assert t.ledger[-1]["gm_approved"] is True
    assert "approved by the GM" in fp.describe(t.ledger[-1])


# "By default, a player may spend a Fortune Point on their own check or on another
#  player character's check if the table agrees the spend supports the scene."
def test_fortune_on_own_check_or_anothers_with_table_agreement():
    t = started()
    t.spend("fortune", "upgrade", by="Mira", on="Mira")
    assert t.refuse_spend("fortune", "upgrade", by="Joss", on="Mira") == [
        "Joss may spend a Fortune Point on Mira's check 7 only if the table agrees the "
        "spend supports the scene"]
    t.spend("fortune", "upgrade", by="Joss", on="Mira", table_agrees=True)
    assert t.sides == (1, 3)


# "The one Story Point per check limit still applies."
def test_per_check_limit_applies_to_spends_on_anothers_check():
    t = started(4)
    t.spend("fortune", "upgrade", by="Joss", on="Mira", table_agrees=True)
    assert t.refuse_spend("fortune", "detail", by="Joss", on="Mira", table_agrees=True) == [
        "Joss already made a proactive spend on check 7 (one per check unless the GM "
        "allows more)"]


# "When a Fortune Point is spent, it becomes a Peril Point, it flips to the GM's side."
def test_spent_fortune_flips_to_peril():
    t = started(3).spend("fortune", "breakthrough", after_roll=True)
    assert t.sides == (2, 2)
    assert "flips to the GM's Peril side" in fp.describe(t.ledger[-1])


# "The GM may spend a Peril Point to: Upgrade one Trial Die in the difficulty pool to a
#  Crisis Die"
def test_peril_upgrade_trial_die_before_the_roll():
    t = started().spend("peril", "upgrade", by="GM")
    assert "Trial Die in the difficulty pool to a Crisis Die" in fp.describe(t.ledger[-1])
    assert started().refuse_spend("peril", "upgrade", by="GM", after_roll=True) == [
        "Upgrade is declared before the roll"]


# "Activate a Calamity effect after a player rolls, in addition to any rolled"
def test_peril_calamity_after_the_roll_only():
    started().spend("peril", "calamity", by="GM", after_roll=True)
    assert started().refuse_spend("peril", "calamity", by="GM") == [
        "A Calamity is activated after a player rolls"]


# "Introduce a complication into the scene"
@pytest.mark.parametrize("after", [False, True])
def test_peril_complication_either_time(after):
    t = started().spend("peril", "complication", by="GM", after_roll=after)
    assert t.sides == (4, 0)


# "When a Peril Point is spent, it becomes a Fortune Point, it flips to the players' side."
def test_spent_peril_flips_to_fortune():
    t = started(2).spend("peril", "complication", by="gm")
    assert t.sides == (3, 0)
    assert "flips to the players' Fortune side" in fp.describe(t.ledger[-1])


def test_only_the_gm_or_a_nemesis_spends_peril_and_only_players_spend_fortune():
    t = started()
    assert t.refuse_spend("peril", "complication", by="Mira") == [
        "Mira is a player: only the GM or a Nemesis spends Peril Points"]
    assert t.refuse_spend("fortune", "detail", by="GM") == [
        "the GM spends Peril Points; Fortune Points are the players'"]
    assert t.refuse_spend("fortune", "detail", by="GM", nemesis="Vex") == [
        "the GM spends Peril Points; Fortune Points are the players'",
        "Vex is a Nemesis: a Nemesis spends Peril Points, not Fortune Points"]


@pytest.mark.parametrize("side,use", [("fortune", "calamity"), ("fortune", "complication"),
                                      ("peril", "breakthrough"), ("peril", "detail")])
def test_a_use_on_the_wrong_side_is_a_usage_error(side, use):
    with pytest.raises(UsageError):
        fp.spend_action(side, use, check="1", by="GM")


# Nothing is spent from an empty side.
def test_nothing_is_spent_from_an_empty_side():
    t = started(1, peril=0)
    assert t.refuse_spend("peril", "complication", by="GM") == ["no Peril Points left"]
    t.spend("fortune", "upgrade")
    assert t.sides == (0, 1)
    assert t.refuse_spend("fortune", "upgrade", by="Joss") == ["no Fortune Points left"]


# "Nemeses spend from the GM's shared Peril Pool unless a Universe or encounter grants a
#  private Nemesis pool."
def test_nemesis_spends_from_the_shared_peril_pool_by_default():
    t = started(2, peril=2)
    t.spend("peril", "upgrade", by="GM", nemesis="Vex")
    assert t.sides == (3, 1)


def test_nemesis_with_a_private_pool_spends_from_it_and_the_point_flips_to_fortune():
    t = started(2)
    t.do(fp.nemesis_action("Vex", 1))
    t.spend("peril", "complication", by="GM", nemesis="vex")
    assert t.sides == (3, 1)                    # shared Peril untouched, Fortune +1
    assert fp.view(t.state)["nemesis"] == {"Vex": 0}
    assert t.refuse_spend("peril", "complication", check="8", by="GM", nemesis="Vex") == [
        "Vex's private Nemesis pool has no points left"]
    t.do(fp.nemesis_action("Vex", None))       # back to the shared pool
    t.spend("peril", "complication", check="8", by="GM", nemesis="Vex")
    assert t.sides == (4, 0)


def test_a_player_cannot_spend_for_a_nemesis():
    assert started().refuse_spend("peril", "complication", by="Mira", nemesis="Vex") == [
        "Mira cannot spend for the Nemesis Vex: the GM plays it"]


# "If a Nemesis uses the shared pool, the GM is choosing between that Nemesis's immediate
#  pressure and other scene-level complications."
def test_a_nemesis_on_the_shared_pool_uses_up_the_gms_complications():
    t = started(3)
    t.spend("peril", "upgrade", by="GM", nemesis="Vex")
    assert t.refuse_spend("peril", "complication", check="8", by="GM") == [
        "no Peril Points left"]


# "Story Points create a rhythm of escalation and relief. When the GM spends Peril to make
#  a scene harder, that pressure becomes a Fortune Point the players can spend back."
def test_gm_pressure_becomes_fortune_the_players_spend_back():
    t = started(1)
    t.spend("fortune", "upgrade", check="1", by="Mira")
    assert t.sides == (0, 2)
    assert t.refuse_spend("fortune", "upgrade", check="2") == ["no Fortune Points left"]
    t.spend("peril", "complication", check="2", by="GM")
    t.spend("fortune", "upgrade", check="3", by="Mira")
    assert t.sides == (0, 2)


# "The pool rarely sits still."
def test_every_spend_moves_the_pool():
    t = started(2)
    seen = [t.sides]
    for i, (side, by) in enumerate([("fortune", "Mira"), ("peril", "GM"), ("fortune", "Joss"),
                                    ("peril", "GM")]):
        t.spend(side, "complication" if side == "peril" else "detail", check=str(i), by=by)
        seen.append(t.sides)
    assert all(a != b for a, b in zip(seen, seen[1:]))


# "Story Points may be spent before or after a roll, depending on their use."
@pytest.mark.parametrize("side,use,by,before_ok,after_ok", [
    ("fortune", "upgrade", "Mira", True, False),
    ("fortune", "breakthrough", "Mira", False, True),
    ("fortune", "detail", "Mira", True, True),
    ("peril", "upgrade", "GM", True, False),
    ("peril", "calamity", "GM", False, True),
    ("peril", "complication", "GM", True, True),
])
def test_timing_depends_on_the_use(side, use, by, before_ok, after_ok):
    for after, ok in ((False, before_ok), (True, after_ok)):
        t = started()
        action = fp.spend_action(side, use, check="1", by=by, after_roll=after)
        assert (fp.check(t.state, action) == []) is ok


# "Upgrades to the dice pool must be declared before rolling."
@pytest.mark.parametrize("side,by", [("fortune", "Mira"), ("peril", "GM")])
def test_upgrades_must_be_declared_before_rolling(side, by):
    assert started().refuse_spend(side, "upgrade", by=by, after_roll=True) == [
        "Upgrade is declared before the roll"]


# "Narrative effects, triggered abilities, and Breakthrough or Calamity activations may
#  occur after results are known."
def test_narrative_effects_triggers_and_activations_after_results():
    t = started(3, peril=2)
    t.spend("peril", "calamity", by="GM", after_roll=True)
    t.react(by="Mira")                                  # a triggered ability, after the roll
    t.spend("fortune", "breakthrough", by="Mira", after_roll=True)
    t.spend("fortune", "detail", by="Joss", after_roll=True)
    t.spend("peril", "complication", check="8", by="GM", after_roll=True)
    assert len(t.state.log) == 6


# "A character may spend only one Story Point per check unless the GM explicitly allows
#  otherwise."
def test_one_spend_per_check_unless_the_gm_allows():
    t = started(3)
    t.spend("fortune", "upgrade")
    assert t.refuse_spend("fortune", "breakthrough", after_roll=True) == [
        "Mira already made a proactive spend on check 7 (one per check unless the GM "
        "allows more)"]
    t.spend("fortune", "breakthrough", after_roll=True, gm_allows=True)
    t.spend("fortune", "upgrade", check="8")           # another check: allowed
    assert "an extra spend the GM allowed" in fp.describe(t.ledger[-2])


def test_the_limit_is_per_character_and_counts_nemeses_but_not_the_gm():
    t = started(3, peril=3)
    t.spend("fortune", "upgrade", by="Mira")
    t.spend("fortune", "upgrade", by="Joss")            # another character: allowed
    t.spend("peril", "upgrade", by="GM")
    t.spend("peril", "calamity", by="GM", after_roll=True)   # the GM is not a character
    t.spend("peril", "complication", by="GM", nemesis="Vex")
    assert t.refuse_spend("peril", "complication", by="GM", nemesis="Vex") == [
        "Vex already made a proactive spend on check 7 (one per check unless the GM "
        "allows more)"]


# "The per-check limit applies to proactive Story Point spends — upgrading dice in the pool
#  before the roll, activating a Breakthrough or Calamity effect after the roll, or
#  introducing a narrative detail."
@pytest.mark.parametrize("first", [("upgrade", False), ("breakthrough", True),
                                   ("detail", False), ("detail", True)])
def test_every_proactive_use_counts_against_the_limit(first):
    use, after = first
    t = started(3).spend("fortune", use, after_roll=after)
    assert t.refuse_spend("fortune", "detail", after_roll=True) == [
        "Mira already made a proactive spend on check 7 (one per check unless the GM "
        "allows more)"]


def test_calamity_counts_against_a_nemesis_limit():
    t = started(3, peril=3).spend("peril", "calamity", by="GM", nemesis="Vex", after_roll=True)
    assert "Vex already made a proactive spend on check 7" in t.refuse_spend(
        "peril", "upgrade", by="GM", nemesis="Vex")[0]


# "It does not count reactive talent triggers fired in direct response to a GM Peril Point
#  spend (for example, the Peril Turner talent)."
def test_peril_turner_reaction_is_not_counted_against_the_limit():
    t = started(3, peril=2)
    t.spend("fortune", "upgrade", by="Mira")
    t.spend("peril", "calamity", by="GM", after_roll=True)
    t.react(by="Mira", talent="Peril Turner", spend="fortune")
    assert t.ledger[-1]["action"] == "pool-react"
    assert "not counted against the per-check limit" in fp.describe(t.ledger[-1])


# "A reactive trigger is the player's answer to a specific GM action, not an independent
#  spend on the check, and may be used alongside one proactive Story Point spend on the
#  same check."
def test_a_reaction_needs_a_gm_peril_spend_on_that_check():
    t = started(3)
    assert t.refused(fp.react_action(check="7", by="Mira", talent="Peril Turner")) == [
        "a reaction answers a GM Peril spend on that check; none was made on check 7"]
    t.spend("peril", "complication", check="6", by="GM")
    assert t.refused(fp.react_action(check="7", by="Mira", talent="Peril Turner")) == [
        "a reaction answers a GM Peril spend on that check; none was made on check 7"]


def test_a_reaction_answers_one_specific_gm_spend():
    t = started(3, peril=2)
    t.spend("peril", "upgrade", by="GM")
    t.react(by="Mira")
    assert t.refused(fp.react_action(check="7", by="Mira", talent="Peril Turner")) == [
        "Mira already answered every GM Peril spend on check 7 (1 spend)"]
    t.react(by="Joss")                                   # another player may answer it
    t.spend("peril", "calamity", by="GM", after_roll=True)
    t.react(by="Mira")                                   # a second GM spend: a new answer


def test_a_reaction_goes_alongside_one_proactive_spend_either_order():
    t = started(3, peril=2)
    t.spend("peril", "upgrade", by="GM")
    t.react(by="Mira", spend="fortune")
    t.spend("fortune", "breakthrough", by="Mira", after_roll=True)   # still her one spend
    assert t.refuse_spend("fortune", "detail", by="Mira", after_roll=True)[0].startswith(
        "Mira already made a proactive spend on check 7")


def test_a_reaction_spend_flips_like_any_other_and_needs_a_point():
    t = started(1, peril=1)
    t.spend("peril", "upgrade", by="GM")
    assert t.sides == (2, 0)
    t.react(by="Mira", spend="fortune")
    assert t.sides == (1, 1)
    t.react(by="Joss", spend="peril")
    assert t.sides == (2, 0)
    assert t.refused(fp.react_action(check="7", by="Ada", talent="Peril Turner",
                                     spend="peril")) == ["no Peril Points left"]


def test_the_gm_does_not_react_to_their_own_spend():
    t = started(3).spend("peril", "upgrade", by="GM")
    assert "the GM does not react" in t.refused(
        fp.react_action(check="7", by="GM", talent="Peril Turner"))[0]


# "Universes may define additional ways Story Points are earned during play, heroic acts,
#  dramatic failures, or significant story moments. These always specify which side of
#  the pool receives the point."
def test_earned_points_go_to_the_named_side_with_the_reason():
    t = started(2)
    t.do(fp.earn_action("fortune", "heroic act"))
    t.do(fp.earn_action("peril", "dramatic failure", points=2))
    assert t.sides == (3, 3)
    assert fp.describe(t.ledger[-1]) == "2 Peril Points earned: dramatic failure"
    with pytest.raises(UsageError):
        fp.earn_action("fortune", "  ")
    with pytest.raises(UsageError):
        fp.earn_action("both", "heroic act")


def test_replay_gives_the_same_pool_and_reports_a_bad_hand_edit():
    t = started(3).spend("fortune", "upgrade").spend("peril", "calamity", by="GM",
                                                     after_roll=True)
    assert fp.replay(t.ledger).state.fortune == t.state.fortune
    edited = t.ledger + [dict(t.ledger[1])]            # Mira's second spend on check 7
    result = fp.replay(edited + [{"action": "award"}])
    assert result.state == t.state
    assert result.problems == [(3, ["Mira already made a proactive spend on check 7 (one per check "
                                    "unless the GM allows more)"])]
    assert fp.replay([{"action": "pool-spend"}]).problems[0][1][0].startswith(
        "no session has started")


def test_view_is_the_pool_show_json_shape():
    t = started(2)
    t.do(fp.nemesis_action("Vex", 2))
    shown = fp.view(t.state)
    assert {"fortune": 2, "peril": 1, "nemesis": {"Vex": 2}}.items() <= shown.items()
    assert [row["action"] for row in shown["log"]] == ["session-start", "pool-nemesis"]
    assert all(row["text"] for row in shown["log"])


# -- properties over random play -------------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402

_moves = st.lists(st.tuples(
    st.sampled_from(["spend-f", "spend-p", "spend-nem", "react", "earn"]),
    st.sampled_from(["Mira", "Joss", "GM"]),
    st.sampled_from(["1", "2", "3"]),
    st.sampled_from(["upgrade", "breakthrough", "detail", "calamity", "complication"]),
    st.booleans(), st.booleans()), max_size=30)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 5), peril=st.integers(0, 3), moves=_moves)
def test_random_play_never_goes_negative_and_spends_only_move_points(players, peril, moves):
    t = Table()
    t.do(fp.nemesis_action("Vex", 1))
    t.start(players, peril=peril)
    for kind, by, check, use, after, allows in moves:
        try:
            if kind == "spend-f":
                action = fp.spend_action("fortune", use, check=check, by=by, after_roll=after,
                                         gm_allows=allows)
            elif kind in ("spend-p", "spend-nem"):
                action = fp.spend_action("peril", use, check=check, by=by, after_roll=after,
                                         gm_allows=allows,
                                         nemesis="Vex" if kind == "spend-nem" else None)
            elif kind == "react":
                action = fp.react_action(check=check, by=by, talent="Peril Turner",
                                         spend=("fortune" if after else None))
            else:
                action = fp.earn_action("fortune" if after else "peril", "a rule")
        except UsageError:
            continue
        before = t.state
        total_before = before.fortune + before.peril + before.nemesis["vex"][1]
        reasons = fp.check(before, action)
        if reasons:
            continue
        t.do(action)
        after_state = t.state
        assert min(after_state.fortune, after_state.peril, after_state.nemesis["vex"][1]) >= 0
        total_after = after_state.fortune + after_state.peril + after_state.nemesis["vex"][1]
        gained = action.get("points", 0) if kind == "earn" else 0
        assert total_after == total_before + gained
        if kind in ("spend-f", "spend-p", "spend-nem"):
            assert (after_state.fortune, after_state.peril) != (before.fortune, before.peril)
    assert fp.replay(t.ledger).state == t.state


def test_no_pool_reason_cites_command_line_syntax():
    """The window shows these reasons beside its own checkboxes: plain words, no options."""
    import itertools

    states = []
    for assignment in ("shared", "own-check"):
        t = started(1, peril=0, settings={"assignment": assignment})
        t.do(fp.nemesis_action("Rask", 0))
        states.append(t.state)
        t = started(1, settings={"assignment": assignment})
        t.spend("fortune", "upgrade", by="Mira")
        t.spend("peril", "upgrade", by="GM", nemesis="Vex")
        t.spend("peril", "complication", by="GM")
        states.append(t.state)
    states.append(fp.initial_pool())
    reasons: set[str] = set()
    for state in states:
        for use, (sides, _when) in fp.USES.items():
            for side, by, nemesis, on, after in itertools.product(
                    sides, ("Mira", "GM"), (None, "Vex", "Rask"), (None, "Mira", "Joss"),
                    (False, True)):
                reasons.update(fp.check(state, fp.spend_action(
                    side, use, check="7", by=by, nemesis=nemesis, on=on, after_roll=after)))
        for by, spend in itertools.product(("Mira", "GM"), (None, *fp.SIDES)):
            reasons.update(fp.check(state, fp.react_action(check="7", by=by, talent="T",
                                                           spend=spend)))
        reasons.update(fp.check(state, {"action": "pool-earn", "side": "x", "reason": ""}))
        reasons.update(fp.check(state, {"action": "session-start", "players": 0,
                                        "fortune": -1}))
    # Every refusal the old wording cited an option for is among those checked.
    for start in ("A Breakthrough is activated", "A Calamity is activated",
                  "Mira may spend a Fortune Point on Joss's", "Mira is a player: only the GM",
                  "Mira cannot spend for the Nemesis", "Mira already made a proactive spend"):
        assert any(r.startswith(start) for r in reasons), start
    assert [r for r in reasons if "--" in r] == []


def test_a_logged_start_refuses_a_session_that_is_not_the_next():
    """Two copies of a campaign that each started the next session, merged into one
    ledger: the second start says session 1 where it would start session 2, and the
    rules refuse it (the merge suspends it for the game master)."""
    table = Table().start(3)
    other = Table().start(2)
    logged = other.ledger[0]
    assert logged["session"] == 1
    reasons = fp.check(table.state, logged)
    assert reasons == ["the entry says session 1, but it would start session 2"]
    assert reason_code(reasons[0]) == "entry.target-mismatch"
    # the next start, logged as session 2, is the next one: allowed
    table.start(4)
    assert table.state.session == 2 and fp.check(Table().start(1).state,
                                                 table.ledger[1]) == []
