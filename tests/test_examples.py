"""The shipped example hands: they load, replay to their stated results, cover the themes, and
every decision of the featured player is explained."""

import pytest

from gintrainer import Rules
from gintrainer.melds import meld_kind
from gintrainer.replay import Replay, ReplayError, examples, load, result_record
from gintrainer.replay.examples import (build, build_examples, data_folder, example, example_names, move,
                                        step_facts, Script)
from gintrainer.replay.hands import SCRIPTS

NAMES = example_names()


@pytest.fixture(scope="module")
def shipped():
    return examples()


def test_at_least_eight_examples_in_a_fixed_teaching_order(shipped):
    assert len(NAMES) >= 8 and list(shipped) == list(NAMES)
    assert sorted(p.name for p in data_folder().glob("*.json")) == sorted(f"{n}.json" for n in NAMES)
    assert examples() is not shipped and list(examples()) == list(NAMES)
    assert example("gin") is shipped["gin"]
    with pytest.raises(ReplayError, match="no example hand"):
        example("nothing")


@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_history_loads_and_replays_to_its_stated_result(name, shipped):
    replay = load(data_folder() / f"{name}.json")
    assert isinstance(replay, Replay) and replay.hand.is_over
    assert replay.stated_result is not None
    assert replay.stated_result == result_record(replay.hand)
    assert replay.title and replay.description and replay.featured in (0, 1) and replay.players
    assert shipped[name].dump() == replay.dump()


@pytest.mark.parametrize("name", NAMES)
def test_annotations_point_at_existing_steps(name, shipped):
    replay = shipped[name]
    assert replay.annotations
    for note in replay.annotations:
        assert 0 <= note.step <= replay.step_count
        assert note.comment.strip()
        if note.better is not None:
            before = replay.state(note.step - 1)
            assert before.is_legal(note.better)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_of_the_featured_player_is_explained_by_the_teacher(name, shipped):
    replay = shipped[name]
    decisions = replay.decision_steps(replay.featured)
    assert decisions
    for step in decisions:
        assert any(a.author == "teacher" for a in replay.annotations_at(step)), f"{name}: step {step}"
    assert replay.annotations_at(0), f"{name}: the deal is introduced"


@pytest.mark.parametrize("script", SCRIPTS, ids=NAMES)
def test_the_shipped_files_are_what_the_scripts_build(script):
    built = build(script)
    assert (data_folder() / f"{script.name}.json").read_text(encoding="utf-8") == built.dump()


def test_build_examples_writes_every_file(tmp_path):
    written = build_examples(tmp_path)
    assert list(written) == list(NAMES)
    for name, path in written.items():
        assert path.read_text(encoding="utf-8") == (data_folder() / f"{name}.json").read_text(encoding="utf-8")


def test_the_featured_player_plays_as_the_solver_would(shipped):
    # The solver finds no fault with any featured move: the examples show strong play.
    for name, replay in shipped.items():
        faults = [a for a in replay.annotations if a.author == "solver"
                  and replay.step(a.step).seat == replay.featured]
        assert faults == [], name


# -- the themes -----------------------------------------------------------------------------------------


def _themes(shipped) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}

    def mark(theme, name):
        found.setdefault(theme, []).append(name)

    for name, replay in shipped.items():
        hand = replay.hand
        result = hand.result
        steps = replay.steps
        if result.kind == "gin":
            mark("gin", name)
        if result.kind == "knock" and result.winner == "knocker":
            mark("knock that wins", name)
        if result.kind == "undercut":
            mark("undercut", name)
        if result.kind == "dead":
            mark("dead hand", name)
        if [s.text for s in steps[:3]] == ["pass", "pass", "draw"]:
            mark("both pass", name)
        for first, second in zip(steps, steps[1:]):
            if first.action.kind == "take" and second.action.kind in ("knock", "gin") and first.seat == second.seat:
                mark("take sets up a knock", name)
        if hand.rules.oklahoma and hand.knock_limit < Rules().knock_limit:
            mark("oklahoma", name)
        # A chained lay-off: a card laid off next to a card laid off before it, on one run.
        laid: dict[int, set] = {}
        for layoff in result.layoffs:
            earlier = laid.setdefault(layoff.meld, set())
            meld = result.knocker_melds[layoff.meld]
            if meld_kind(meld) == "run" and any(c.suit == layoff.card.suit and abs(c.rank - layoff.card.rank) == 1
                                                 for c in earlier):
                mark("chained lay-offs", name)
            earlier.add(layoff.card)
    return found


def test_the_examples_cover_every_theme(shipped):
    themes = _themes(shipped)
    for theme in ("gin", "knock that wins", "undercut", "chained lay-offs", "dead hand", "both pass",
                  "take sets up a knock", "oklahoma"):
        assert theme in themes, theme
    assert themes["dead hand"] == ["dead_hand"] and themes["oklahoma"] == ["oklahoma"]


def test_the_gin_example_scores_the_bonus_and_no_layoffs(shipped):
    result = shipped["gin"].hand.result
    assert (result.kind, result.points, result.layoffs) == ("gin", 25 + result.defender_deadwood, ())


# -- the script machinery --------------------------------------------------------------------------------


def _script(*moves, **changes):
    base = dict(name="t", title="t", description="t", featured=1, non_dealer="2C 3C 4C 7H 7S 7D JS QS 5D 9D",
                dealer_cards="5C 6D 6H 6C TH TD 2H 4S QD KC", upcard="KH", stock="AC", moves=moves)
    base.update(changes)
    return Script(**base)


def test_a_fact_the_solver_does_not_confirm_stops_the_build():
    good = _script(move("pass"), move("pass"), move("draw"), move("discard 9D", "25 left.", deadwood=25))
    assert build(good).step_count == 4
    bad = _script(move("pass"), move("pass"), move("draw"), move("discard 9D", "24 left.", deadwood=24))
    with pytest.raises(ReplayError, match="says deadwood 24 but the solver finds 25"):
        build(bad)
    with pytest.raises(ReplayError, match="no fact 'colour'"):
        build(_script(move("pass", colour="red")))


def test_scripts_refuse_illegal_moves_and_auto():
    with pytest.raises(ReplayError, match="step 1"):
        build(_script(move("draw")))
    with pytest.raises(ReplayError, match="not 'auto'"):
        build(_script(move("auto")))


def test_step_facts_names_the_numbers_of_each_kind_of_step(shipped):
    replay = shipped["gin"]
    assert step_facts(replay, 1)["take"] == 21
    assert step_facts(replay, 2)["gin_outs"] == "4H 7S"
    assert step_facts(replay, 7)["left"] == 36
