"""The hand-history format: load and dump, refusals with step and reason, editing, auto-annotation."""

import json
import os
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gintrainer import GinError, Hand, Rules
from gintrainer.hand import Action
from gintrainer.players import GreedyPlayer, decide
from gintrainer.replay import Annotation, Replay, ReplayError, annotate, dump, load, save, to_record
from gintrainer.replay.annotate import known_cards
from gintrainer.replay.examples import stacked
from gintrainer.solver import discard_table, slow_expected_deadwood

# Ben (seat 1, the non-dealer) holds 2♣ 3♣ 4♣ and 7♥ 7♠ 7♦; after both pass he draws A♣.
BEN = "2C 3C 4C 7H 7S 7D JS QS 5D 9D"
ANN = "5C 6D 6H 6C TH TD 2H 4S QD KC"


def deal(non_dealer=BEN, dealer=ANN, upcard="KH", stock="AC", rules=None, actions=()):
    hand = Hand.deal(rules or Rules(), dealer=0, deck=stacked(non_dealer, dealer, upcard, stock))
    for action in actions:
        hand.apply(action)
    return hand


def knock_hand():
    """Ben knocks on his first draw; Ann lays off 8♥ on his heart run."""
    return deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                actions=["pass", "pass", "draw", "knock KC", "auto", "auto"])


def record_of(hand, **metadata):
    return json.loads(dump(hand, **metadata))


# -- steps and states -------------------------------------------------------------------


def test_steps_count_from_one_and_state_k_is_after_k_actions():
    hand = knock_hand()
    replay = Replay(hand)
    assert replay.step_count == len(hand.actions) == len(replay)
    assert replay.state(0).phase == "upcard" and replay.state(0).history == ()
    first = replay.step(1)
    assert (first.number, first.seat, first.text) == (1, 1, "pass")
    for k in range(replay.step_count + 1):
        assert replay.state(k).history == hand.history[:k]
    assert replay.steps[3].text == "knock KC" and replay.state(4).knocker == 1
    assert replay.actions == hand.actions
    with pytest.raises(ReplayError, match="steps 0 to"):
        replay.state(replay.step_count + 1)
    with pytest.raises(ReplayError):
        replay.step(0)


def test_state_is_a_copy():
    replay = Replay(deal(actions=["pass", "pass", "draw"]))
    state = replay.state(3)
    state.apply("discard 9D")
    assert replay.state(3).phase == "discard" and replay.hand.phase == "discard"


def test_decision_steps_skip_forced_moves():
    replay = Replay(knock_hand())
    # The draw after both passed is forced; Ben's last meld and his "done" are too.
    assert 3 not in replay.decision_steps(1)
    assert {1, 4} <= set(replay.decision_steps(1))
    assert 2 in replay.decision_steps(0) and 2 not in replay.decision_steps(1)


# -- round trips ----------------------------------------------------------------------------


def test_dump_then_load_gives_the_same_hand_and_metadata():
    hand = knock_hand()
    notes = [Annotation(0, "The deal."), Annotation(4, "Knock with 3.", arrows=[("6H", "7H")]),
             Annotation(4, "Or wait.", better="discard KC")]
    text = dump(hand, notes, title="A knock", description="Ben knocks.", featured=1, players=["Ann", "Ben"],
                tags=["knock"])
    replay = load(text)
    loaded = replay.hand
    assert (loaded.history, loaded.deck, loaded.dealer, loaded.rules, loaded.result) == \
        (hand.history, hand.deck, hand.dealer, hand.rules, hand.result)
    assert replay.title == "A knock" and replay.featured == 1 and replay.players == ("Ann", "Ben")
    assert replay.tags == ("knock",) and replay.description == "Ben knocks."
    assert [a.step for a in replay.annotations] == [0, 4, 4]
    assert replay.annotations_at(4)[1].better == "discard KC"
    assert replay.stated_result == {**replay.stated_result, "kind": hand.result.kind, "winner": 1}
    assert dump(replay) == text  # stable
    assert load(json.loads(text)).hand.history == hand.history


def test_load_accepts_a_path_a_pathlib_path_text_and_a_dict(tmp_path):
    hand = knock_hand()
    path = save(hand, tmp_path / "hand.json", title="t")
    assert path == tmp_path / "hand.json"
    for source in (path, str(path), path.read_text(encoding="utf-8"), json.loads(path.read_text("utf-8")),
                   path.read_bytes()):
        assert load(source).hand.history == hand.history
    assert os.listdir(tmp_path) == ["hand.json"]  # no temporary file left behind


def test_save_replaces_the_file_atomically(tmp_path):
    target = tmp_path / "h.json"
    target.write_text("old", encoding="utf-8")
    Replay(knock_hand(), title="new").save(target)
    assert load(target).title == "new"
    assert sorted(os.listdir(tmp_path)) == ["h.json"]


def test_unfinished_hands_round_trip_without_a_result():
    hand = deal(actions=["pass", "pass", "draw"])
    record = record_of(hand)
    assert record["result"] is None
    assert load(record).hand.phase == "discard"


def _random_hand(rng: random.Random, rules: Rules) -> Hand:
    """A seeded hand: greedy players half the time (knocks, gins, undercuts), random legal moves
    otherwise (mostly dead hands); one in five is cut short, unfinished."""
    hand = Hand.deal(rules, seed=rng.randrange(10**9))
    cut = rng.random() < 0.2 and rng.randrange(1, 70)
    greedy = [GreedyPlayer(rng, mistakes=rng.random() / 2), GreedyPlayer(rng, mistakes=rng.random() / 2)] \
        if rng.random() < 0.5 else None
    while not hand.is_over and (not cut or len(hand.actions) < cut):
        if greedy is not None:
            hand.apply(decide(greedy[hand.to_act], hand))
        elif hand.phase == "discard":
            choices = [c for c in hand.held(hand.to_act) if c is not hand.taken_card]
            hand.apply(Action("discard", rng.choice(choices)))
        elif hand.phase in ("knocker_layout", "defender_layout") and rng.random() < 0.3:
            hand.apply("auto")
        else:
            legal = hand.legal_actions()
            hand.apply(rng.choice([a for a in legal if a.kind != "auto"] or legal))
    return hand


RULE_SETS = [Rules(), Rules.preset("modern"), Rules.preset("classic"), Rules(oklahoma=True),
             Rules(oklahoma=True, oklahoma_spades_double=True), Rules(straight_gin=True),
             Rules(undercut_on_tie=False), Rules(knock_limit=25, big_gin=True)]


def test_round_trip_on_thousands_of_random_hands():
    rng = random.Random("replay round trip")
    kinds = set()
    for i in range(2000):
        hand = _random_hand(rng, RULE_SETS[i % len(RULE_SETS)])
        text = dump(hand, featured=i % 2)
        replay = load(text)
        loaded = replay.hand
        assert loaded.history == hand.history and loaded.deck == hand.deck
        assert loaded.dealer == hand.dealer and loaded.rules == hand.rules
        assert loaded.result == hand.result and loaded.phase == hand.phase
        assert replay.dump() == text
        kinds.add(hand.result.kind if hand.result else "unfinished")
    assert {"knock", "gin", "undercut", "dead", "unfinished"} <= kinds


# -- refusals: the step and the reason ----------------------------------------------------------


def _refused(record, *, step=None, match=None) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        load(record)
    if step is not None:
        assert info.value.step == step
        assert f"step {step}" in str(info.value)
    if match is not None:
        assert match in str(info.value), str(info.value)
    return info.value


def test_a_discard_of_a_card_not_in_the_hand_is_refused_with_its_step():
    record = record_of(knock_hand())
    assert record["actions"][3] == "knock KC"
    record["actions"][3] = "discard 9H"  # Ann's card
    error = _refused(record, step=4, match="9♥: it is not in the hand")
    assert "seat 1" in str(error) and error.field == "actions"


def test_a_discard_of_the_card_just_taken_is_refused():
    hand = deal(actions=["take", "discard JS"])
    record = record_of(hand)
    record["actions"][1] = "discard KH"
    _refused(record, step=2, match="it was just taken from the discard pile")
    record["actions"][1] = "knock KH"
    _refused(record, step=2, match="just taken")


def test_a_wrong_final_score_is_refused():
    record = record_of(knock_hand())
    record["result"]["points"] += 1
    error = _refused(record, match="points")
    assert error.field == "result" and error.step == len(record["actions"])
    record = record_of(knock_hand())
    record["result"]["winner"] = 1 - record["result"]["winner"]
    _refused(record, match="winner")
    record = record_of(knock_hand())
    record["result"]["kind"] = "gin"
    _refused(record, match="kind")
    record = record_of(knock_hand())
    record["result"]["winner"] = True  # not a seat, even though True == 1
    _refused(record, match="winner")


def test_a_stated_result_for_an_unfinished_hand_is_refused():
    record = record_of(knock_hand())
    record["actions"] = record["actions"][:5]
    _refused(record, match="do not finish the hand")


def test_actions_after_the_end_are_refused():
    record = record_of(knock_hand())
    record["actions"].append("draw")
    record["result"] = None
    _refused(record, step=len(record["actions"]), match="the hand is over")


@pytest.mark.parametrize("deck, reason", [
    ("KH QH", "it has 2 cards, not 52"),
    (" ".join(["AS"] * 52), "duplicate card"),
    ("XX " * 52, "malformed card"),
    (52, "the deck is 52 cards"),
])
def test_a_bad_deck_is_refused(deck, reason):
    record = record_of(knock_hand())
    record["deck"] = deck
    error = _refused(record, match=reason)
    assert error.field == "deck"


def test_a_deck_in_another_order_replays_differently_and_is_refused():
    record = record_of(knock_hand())
    cards = record["deck"].split()
    cards[0], cards[1] = cards[1], cards[0]  # Ben's 6♥ goes to Ann, her 9♥ to Ben
    record["deck"] = " ".join(cards)
    _refused(record, step=7, match="cannot meld 6♥: it is not in the hand")


@pytest.mark.parametrize("annotation, reason", [
    ({"step": 99, "comment": "x"}, "no such step"),
    ({"step": -1, "comment": "x"}, "whole number"),
    ({"step": 1.0, "comment": "x"}, "whole number"),
    ({"comment": "x"}, "needs a step"),
    ({"step": 2, "comment": 7}, "comment is text"),
    ({"step": 2}, "needs a comment"),
    ({"step": 4, "comment": "x", "better": "discard 9H"}, "illegal there"),
    ({"step": 4, "comment": "x", "better": "knock KC"}, "is the move played"),
    ({"step": 4, "comment": "x", "better": "auto"}, "not 'auto'"),
    ({"step": 0, "comment": "x", "better": "pass"}, "step 0 is the deal"),
    ({"step": 4, "comment": "x", "better": "flap"}, "unknown action"),
    ({"step": 4, "comment": "x", "arrows": [["7H"]]}, "pair of cards"),
    ({"step": 4, "comment": "x", "arrows": [["7H", "7H"]]}, "two different cards"),
    ({"step": 4, "comment": "x", "arrows": "7H 8H"}, "list of card pairs"),
    ({"step": 4, "comment": "x", "author": "me"}, "author"),
    ({"step": 4, "comment": "x", "loss": "lots"}, "exact number"),
    ({"step": 4, "comment": "x", "colour": "red"}, "unknown annotation key"),
])
def test_bad_annotations_are_refused_with_the_step(annotation, reason):
    record = record_of(knock_hand())
    record["annotations"] = [{"step": 1, "comment": "fine"}, annotation]
    error = _refused(record, match=reason)
    assert "annotation 2" in str(error) and error.field == "annotations"
    if isinstance(annotation.get("step"), int) and annotation["step"] >= 0:
        assert error.step == annotation["step"] and f"step {annotation['step']}" in str(error)


@pytest.mark.parametrize("change, reason", [
    (lambda r: r.update(format="something else"), "not a hand history"),
    (lambda r: r.pop("format"), "not a hand history"),
    (lambda r: r.update(version=2), "version 2"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.pop("deck"), "needs deck"),
    (lambda r: r.pop("actions"), "needs actions"),
    (lambda r: r.update(actions="pass pass"), "list of action texts"),
    (lambda r: r.update(actions=["pass", 3]), "list of action texts"),
    (lambda r: r.update(dealer=2), "dealer is seat 0 or 1"),
    (lambda r: r.update(dealer=True), "dealer is seat 0 or 1"),
    (lambda r: r.update(rules={"knock_limit": -3}), "knock_limit"),
    (lambda r: r.update(rules={"knok_limit": 3}), "unknown rules option"),
    (lambda r: r.update(rules="fancy"), "unknown rules preset"),
    (lambda r: r.update(rules={1: 2}), "option names are text"),
    (lambda r: r.update(featured=2), "featured seat"),
    (lambda r: r.update(players=["Ann"]), "two names"),
    (lambda r: r.update(tags="gin"), "list of words"),
    (lambda r: r.update(title=5), "title must be text"),
    (lambda r: r.update(annotations={"step": 1}), "annotations are a list"),
    (lambda r: r.update(result="knock"), "stated result is an object"),
    (lambda r: r.update(result={"score": 3}), "unknown result key"),
    (lambda r: r.update(extra=1), "unknown key 'extra'"),
])
def test_malformed_records_are_refused(change, reason):
    record = record_of(knock_hand())
    change(record)
    _refused(record, match=reason)


def test_auto_is_not_a_recorded_step():
    record = record_of(knock_hand())
    record["actions"] = record["actions"][:4] + ["auto"]
    record["result"] = None
    _refused(record, step=5, match="'auto' is not a recorded step")


def test_rules_may_be_a_preset_name():
    record = record_of(knock_hand())
    record["rules"] = "standard"
    assert load(record).rules == Rules()


@pytest.mark.parametrize("source, reason", [
    ("/no/such/history.json", "cannot read the history"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "holds list"),
    ("[" * 100000, "not valid JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (42, "a path, JSON text or a dict"),
    (None, "a path, JSON text or a dict"),
    ("bad\x00path", "cannot read the history"),
])
def test_unreadable_sources_are_refused(source, reason):
    _refused(source, match=reason)


def test_a_folder_or_a_non_utf8_file_is_refused(tmp_path):
    _refused(tmp_path, match="cannot read the history")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff{}")
    _refused(bad, match="cannot read the history")


# -- fuzzing: load raises ReplayError and nothing else ------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=25)

BASE = record_of(knock_hand(), title="t", featured=1)
BASE["annotations"] = [{"step": 4, "comment": "knock", "better": "discard KC", "arrows": [["6H", "7H"]]}]
KEYS = sorted(BASE) + ["extra"]


def _load_or_refuse(source):
    try:
        replay = load(source)
    except ReplayError as error:
        assert str(error)
        return None
    assert isinstance(replay, Replay)
    return replay


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_fuzz_random_json(value):
    _load_or_refuse(value if isinstance(value, dict) else json.dumps(value))
    if isinstance(value, str):
        _load_or_refuse(value)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KEYS), JSON)
def test_fuzz_one_field_of_a_valid_record(key, value):
    record = json.loads(json.dumps(BASE))
    record[key] = value
    _load_or_refuse(record)
    _load_or_refuse(json.dumps(record))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASE["actions"]) - 1), st.text(max_size=30) | st.sampled_from(
    ["layoff 9H on ²", "layoff 9H on 0", "layoff 9H on 99999999999999999999", "meld 7H 7H 7H", "discard 10♦",
     "knock", "gin 9♠", "meld", "big-gin", "done", "take", "draw"]))
def test_fuzz_one_action(index, text):
    record = json.loads(json.dumps(BASE))
    record["actions"][index] = text
    record["annotations"] = []
    _load_or_refuse(record)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["step", "comment", "better", "arrows", "author", "tag", "loss", "other"]), JSON)
def test_fuzz_one_annotation_field(key, value):
    record = json.loads(json.dumps(BASE))
    record["annotations"][0][key] = value
    _load_or_refuse(record)


# -- editing ---------------------------------------------------------------------------------------


def test_teachers_edit_annotations_and_dump_keeps_the_edits():
    replay = Replay(knock_hand(), [Annotation(4, "Knock.")], title="x")
    added = replay.with_annotation(Annotation(1, "Pass: K♥... no, Q♠ fits nothing."))
    assert [a.step for a in added.annotations] == [1, 4] and len(replay.annotations) == 1
    edited = added.with_comment(added.annotations_at(4)[0], "Knock with 8: Ann is far behind.")
    assert edited.annotations_at(4)[0].comment.startswith("Knock with 8")
    removed = edited.without_annotation(edited.annotations_at(1)[0])
    assert [a.step for a in removed.annotations] == [4]
    again = load(removed.dump())
    assert again.annotations == removed.annotations and again.title == "x"
    assert again.with_metadata(title="y", featured=0).title == "y"
    with pytest.raises(ReplayError, match="no such annotation"):
        removed.without_annotation(Annotation(9, "gone"))
    with pytest.raises(ReplayError, match="no such step"):
        replay.with_annotation(Annotation(99, "late"))
    with pytest.raises(ReplayError, match="unknown metadata"):
        replay.with_metadata(colour="red")


def test_dump_of_a_replay_keeps_or_replaces_its_annotations():
    replay = Replay(knock_hand(), [Annotation(4, "Knock.")])
    assert len(json.loads(dump(replay))["annotations"]) == 1
    assert json.loads(dump(replay, []))["annotations"] == []
    assert to_record(replay, title="t")["title"] == "t"


def test_better_moves_are_stored_in_recorded_form():
    replay = Replay(knock_hand(), [Annotation(4, "x", better="discard kc")])
    assert replay.annotations[0].better == "discard KC"
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                actions=["pass", "pass", "draw", "knock KC", "auto", "meld 9H TH JH", "done"])
    assert Replay(hand, [Annotation(10, "x", better="layoff 4S")]).annotations[0].better == "layoff 4S on 2"


def test_annotation_records_round_trip():
    note = Annotation(3, "x", better="discard 7h", arrows=[("7H", "8H")], author="solver", tag="costly-discard",
                      loss=Fraction(41, 12))
    assert Annotation.from_dict(note.to_dict()) == note
    assert note.to_dict()["loss"] == "41/12"
    assert Annotation.from_dict({"step": 0, "comment": "deal"}).to_dict() == \
        {"step": 0, "comment": "deal", "author": "teacher"}


def test_replay_errors_are_gin_errors():
    assert issubclass(ReplayError, GinError) and issubclass(ReplayError, ValueError)


# -- the solver's annotations -------------------------------------------------------------------------


def test_a_clearly_bad_discard_is_flagged_with_the_right_amount():
    hand = deal(actions=["pass", "pass", "draw", "discard 2C"])  # breaks A♣ 2♣ 3♣ 4♣
    notes = annotate(hand, featured=1)
    assert [(n.step, n.tag, n.better, n.author) for n in notes] == [(4, "costly-discard", "discard 9D", "solver")]
    # The amount, by the slow definition: the unseen cards are all but Ben's 11 and the K♥ on the pile.
    eleven = deal(actions=["pass", "pass", "draw"]).held(1)
    unseen = [c for c in Hand.deal(dealer=0, deck=stacked(BEN, ANN, "KH", "AC")).deck
              if c not in eleven and c.code() != "KH"]
    played = slow_expected_deadwood([c for c in eleven if c.code() != "2C"], unseen)
    best = slow_expected_deadwood([c for c in eleven if c.code() != "9D"], unseen)
    assert notes[0].loss == played - best == Fraction(331, 20)
    assert "16.55" in notes[0].comment and "2♣" in notes[0].comment


def test_a_good_discard_is_not_flagged():
    hand = deal(actions=["pass", "pass", "draw", "discard 9D"])
    assert [n for n in annotate(hand, featured=1) if n.step == 4] == []


def test_a_missed_knock_is_flagged_with_the_knock_as_the_better_move():
    # Ben draws 3♣; discarding K♣ would leave 3 deadwood, a knock, but he discards it and plays on.
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                actions=["pass", "pass", "draw", "discard KC"])
    notes = {n.tag: n for n in annotate(hand, featured=1)}
    assert notes["missed-knock"].better == "knock KC" and notes["missed-knock"].step == 4
    assert "3 deadwood" in notes["missed-knock"].comment
    assert Replay(hand, [notes["missed-knock"]]).annotations[0].better == "knock KC"  # legal there


def test_missed_gin_and_a_worse_knock_are_flagged():
    ben = "2C 3C 4C 7H 7S 7D JS QS KS 9D"  # with 5♣ drawn, discarding 9♦ is gin
    ann = ANN.replace("5C", "AC")
    missed = deal(ben, ann, "KH", "5C", actions=["pass", "pass", "draw", "discard 4C"])
    assert [(n.tag, n.better) for n in annotate(missed, featured=1)][0] == ("missed-gin", "gin 9D")
    worse = deal(ben, ann, "KH", "5C", actions=["pass", "pass", "draw", "knock 5C"])  # keeps 9♦: 9 deadwood
    assert [(n.tag, n.better, n.loss) for n in annotate(worse, featured=1)] == [("better-knock", "gin 9D", 9)]
    gin = deal(ben, ann, "KH", "5C", actions=["pass", "pass", "draw", "gin 9D"])
    assert [n for n in annotate(gin, featured=1) if n.step == 4] == []


def test_passing_a_card_that_makes_a_meld_is_flagged():
    ben, ann = "6H 7H 2C 2D 2S 5S 6S KC QD JD", "9H TH JH 4S 8S KD QS 5D AC 9C"
    passed = annotate(deal(ben, ann, "8H", "3C 4C", actions=["pass"]), featured=1)
    assert [(n.step, n.tag, n.better) for n in passed] == [(1, "costly-pass", "take")]
    took = annotate(deal(ben, ann, "8H", "3C 4C", actions=["take"]), featured=1)
    assert [n.tag for n in took] == ["take-or-draw"]  # a plain remark: the take was right


def test_a_defender_who_does_not_lay_off_is_flagged():
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                actions=["pass", "pass", "draw", "knock KC", "auto", "meld 9H TH JH", "done"])
    notes = [n for n in annotate(hand, featured=0) if n.tag == "costly-layout"]
    assert len(notes) == 1 and notes[0].step == 10 and notes[0].loss == 4 + 8  # 4♠ and 8♠ fit 5♠ 6♠ 7♠
    assert notes[0].better == "layoff 4S on 2"
    assert Replay(hand, notes).annotations[0].better == "layoff 4S on 2"  # legal instead of "done"


def test_cards_taken_from_the_pile_are_known_to_the_opponent():
    hand = deal(actions=["take", "discard 9D", "draw"])
    replay = Replay(hand)
    assert [c.code() for c in known_cards(replay, 3)] == ["KH"]
    assert known_cards(replay, 2) == ()


def test_annotate_accepts_a_record_and_chooses_seats():
    hand = deal(actions=["pass", "pass", "draw", "discard 2C"])
    assert annotate(record_of(hand), featured=None) == annotate(hand, featured=(0, 1))
    assert annotate(record_of(hand, featured=0)) == ()
    with pytest.raises(ReplayError):
        annotate(hand, featured=2)


def test_with_solver_annotations_replaces_only_the_solvers():
    hand = deal(actions=["pass", "pass", "draw", "discard 2C"])
    replay = Replay(hand, [Annotation(4, "Oops.")]).with_solver_annotations(featured=1)
    assert [(a.author, a.tag) for a in replay.annotations] == [("teacher", None), ("solver", "costly-discard")]
    again = load(replay.dump()).with_solver_annotations(featured=1)
    assert again.annotations == replay.annotations


def test_oklahoma_upcard_sets_the_solvers_knock_limit():
    rules = Rules(oklahoma=True)
    # Upcard 2♠: limit 2. Ben at 3 deadwood cannot knock, so no missed knock is reported.
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "2H", "3C", rules=rules,
                actions=["pass", "pass", "draw", "discard KC"])
    assert all(n.tag != "missed-knock" for n in annotate(hand, featured=1))
    table = discard_table(Replay(hand).state(3).held(1), rules=rules, upcard="2H", drawn="3C")
    assert table.knock_limit == 2 and not table.can_knock


def test_auto_is_expanded_to_plain_steps_in_a_dump():
    hand = knock_hand()
    assert "auto" not in json.loads(dump(hand))["actions"]
    assert all(isinstance(Action.parse(a), Action) for a in json.loads(dump(hand))["actions"])


def test_replays_are_read_only():
    replay = Replay(knock_hand(), title="x")
    with pytest.raises(AttributeError):
        replay.title = "y"
    with pytest.raises(AttributeError):
        replay.annotations = ()


def test_the_command_line_checks_and_annotates(tmp_path, capsys):
    from gintrainer.replay.__main__ import main
    path = save(deal(actions=["pass", "pass", "draw", "discard 2C"]), tmp_path / "h.json")
    assert main(["check", str(path)]) == 0
    assert "4 steps, 0 annotations, unfinished" in capsys.readouterr().out
    assert main(["annotate", str(path), "--featured", "1", "--write"]) == 0
    assert [a.tag for a in load(path).annotations] == ["costly-discard"]
    (tmp_path / "bad.json").write_text('{"format": "gintrainer-hand-history", "version": 1}', encoding="utf-8")
    assert main(["check", str(tmp_path / "bad.json")]) == 2
    assert "error: the history needs rules" in capsys.readouterr().err


def test_solver_annotations_on_random_hands_point_at_legal_better_moves():
    rng = random.Random("annotate random hands")
    tags = set()
    for i in range(30):
        hand = _random_hand(rng, RULE_SETS[i % len(RULE_SETS)])
        replay = Replay(hand).with_solver_annotations(featured=(0, 1))  # checks every better move
        for note in replay.annotations:
            assert note.author == "solver" and 1 <= note.step <= replay.step_count
            assert (note.loss is None) or note.loss > 0
            tags.add(note.tag)
    assert {"costly-discard", "missed-knock", "costly-draw"} <= tags
