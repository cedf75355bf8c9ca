"""The hand-history format: load and dump, refusals with step and reason, editing, auto-annotation."""

import json
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gintrainer import GinError, Hand, Rules, parse_cards
from gintrainer.engine.hand import LAYOUT_PHASES, Action, ActionKind, Phase
from gintrainer.engine.melds import min_deadwood
from gintrainer.engine.players import GreedyPlayer, decide
from gintrainer.engine.scoring import best_layoffs
from gintrainer.engine.solver import discard_table, slow_expected_deadwood
from gintrainer.engine.view import SeatView
from gintrainer.replay import Annotation, Replay, ReplayError, annotate, dump, load, save, to_record
from gintrainer.replay.annotate import MESSAGES, draw_choice, findings, known_after, with_solver_annotations
from gintrainer.replay.facts import step_facts
from gintrainer.replay.scripts import stacked

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
    assert replay.state(0).phase is Phase.UPCARD and replay.state(0).history == ()
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
    assert replay.state(3).phase is Phase.DISCARD and replay.hand.phase is Phase.DISCARD


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
    assert load(record).hand.phase is Phase.DISCARD


def _random_hand(rng: random.Random, rules: Rules) -> Hand:
    """A seeded hand: greedy players half the time (knocks, gins, undercuts), random legal moves
    otherwise (mostly dead hands); one in five is cut short, unfinished."""
    hand = Hand.deal(rules, seed=rng.randrange(10**9))
    cut = rng.random() < 0.2 and rng.randrange(1, 70)
    greedy = [GreedyPlayer(rng, mistakes=rng.random() / 2), GreedyPlayer(rng, mistakes=rng.random() / 2)] \
        if rng.random() < 0.5 else None
    while not hand.is_over and (not cut or len(hand.actions) < cut):
        seat = hand.to_act
        assert seat is not None
        if greedy is not None:
            hand.apply(decide(greedy[seat], hand))
        elif hand.phase is Phase.DISCARD:
            choices = [c for c in hand.held(seat) if c is not hand.taken_card]
            hand.apply(Action(ActionKind.DISCARD, rng.choice(choices)))
        elif hand.phase in LAYOUT_PHASES and rng.random() < 0.3:
            hand.apply("auto")
        else:
            legal = hand.legal_actions()
            hand.apply(rng.choice([a for a in legal if a.kind is not ActionKind.AUTO] or legal))
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


def test_a_dealer_of_thousands_of_digits_is_a_replay_error(tmp_path):
    record = record_of(knock_hand())
    text = json.dumps({**record, "dealer": 0}).replace('"dealer": 0', '"dealer": ' + "5" * 5000)
    assert "5" * 5000 in text
    _refused(text, match="not valid JSON (Exceeds the limit")
    (tmp_path / "big.json").write_text(text)
    assert _refused(tmp_path / "big.json").source == "big.json"
    record["dealer"] = 10 ** 5000  # a dict from elsewhere: the message cuts the number short
    _refused(record, match="the dealer is seat 0 or 1")


@pytest.mark.parametrize("where", ["title", "players", "annotations"])
def test_a_lone_surrogate_is_refused_naming_its_field(tmp_path, where):
    record = record_of(knock_hand(), title="Ann", players=["Ann", "Ben"])
    bad = {"title": "Ann \ud800", "players": ["Ann", "\udc00"], "annotations": [{"step": 1, "comment": "\udfff"}]}
    record[where] = bad[where]
    text = json.dumps(record)  # escapes the surrogate as \\udXXX, as a file may hold it
    for source in (record, text, text.encode()):
        error = _refused(source, match="holds a lone surrogate")
        assert error.field == where


def test_a_lone_surrogate_typed_into_a_history_is_refused_before_it_can_break_writing():
    replay = load(record_of(knock_hand()))
    for change, field in ((lambda r: r.with_metadata(title="Ann \ud800"), "title"),
                          (lambda r: r.with_metadata(players=["Ann", "B\udfffen"]), "players"),
                          (lambda r: r.with_annotations([Annotation(1, "keep \udc00")]), "annotations")):
        with pytest.raises(ReplayError, match="holds a lone surrogate") as caught:
            change(replay)
        assert caught.value.field == field
    assert dump(replay.with_metadata(title="Ann \U0001f600")).encode("utf-8")  # a real character is kept


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_not_read_as_a_history(tmp_path):
    os.mkfifo(tmp_path / "hand.json")
    _refused(tmp_path / "hand.json", match="not a regular file")


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
    ("[1, 2]", "a hand history is a JSON object, not a list"),
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
    _refused(bad, match="bad.json: not UTF-8 text (byte 0)")


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


def test_cards_taken_from_the_pile_are_known_to_the_opponent_until_thrown():
    """Ben takes K♥ and throws 9♦; Ann takes 9♦; Ben throws K♥ back and Ann takes
    it. What each knows of the other comes from one place, the seat's view: the
    solver's tables, the advice and the example facts all use it."""
    hand = deal(stock="AC 3H", actions=["take", "discard 9D", "take", "discard 2H", "draw", "discard KH", "take"])
    replay = Replay(hand)
    assert known_after(replay, 1, 0) == parse_cards("KH") and known_after(replay, 1, 1) == ()
    assert known_after(replay, 6, 0) == () and known_after(replay, 6, 1) == parse_cards("9D")
    assert known_after(replay, 7, 1) == parse_cards("9D KH") == SeatView.of(hand, 1).opponent_known
    assert step_facts(replay, 7)["known_by_opponent"] == "9D KH"
    ben_draw = replay.state(4)  # Ben to draw, with 2♥ on the pile: K♥ is his, 9♦ Ann's
    table = discard_table(ben_draw.held(1) + parse_cards("2H"), drawn="2H", drawn_from="stock",
                          discard_pile=ben_draw.discard_pile[:-1], opponent_known="9D")
    assert draw_choice(ben_draw, 1).draw == table.row("2H").expected_deadwood


def test_annotate_accepts_a_record_and_chooses_seats():
    hand = deal(actions=["pass", "pass", "draw", "discard 2C"])
    assert annotate(record_of(hand), featured=None) == annotate(hand, featured=(0, 1))
    assert annotate(record_of(hand, featured=0)) == ()
    with pytest.raises(ReplayError):
        annotate(hand, featured=2)


def test_with_solver_annotations_replaces_only_the_solvers():
    hand = deal(actions=["pass", "pass", "draw", "discard 2C"])
    replay = with_solver_annotations(Replay(hand, [Annotation(4, "Oops.")]), featured=1)
    assert [(a.author, a.tag) for a in replay.annotations] == [("teacher", None), ("solver", "costly-discard")]
    again = with_solver_annotations(load(replay.dump()), featured=1)
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
        replay = with_solver_annotations(Replay(hand), featured=(0, 1))  # checks every better move
        for note in replay.annotations:
            assert note.author == "solver" and 1 <= note.step <= replay.step_count
            assert (note.loss is None) or note.loss > 0
            tags.add(note.tag)
    assert {"costly-discard", "missed-knock", "costly-draw"} <= tags


# -- every solver sentence is true of the position it speaks of ------------------------------------


def _least_after(cards, forbidden=None) -> dict:
    """For 11 cards: the least deadwood of the ten kept, by each legal discard."""
    return {c: min_deadwood([x for x in cards if x is not c]) for c in cards if c is not forbidden}


def _outs(kept, unseen) -> int:
    now = min_deadwood(kept)
    return sum(1 for u in unseen if min(_least_after(list(kept) + [u]).values()) < now)


_EXPECTED: dict[tuple[frozenset, frozenset], Fraction] = {}


def _expected(kept, unseen) -> Fraction:
    key = (frozenset(kept), frozenset(unseen))
    if key not in _EXPECTED:
        _EXPECTED[key] = slow_expected_deadwood(list(kept), list(unseen))
    return _EXPECTED[key]


GOING_OUT = (ActionKind.KNOCK, ActionKind.GIN)


def _true_of_the_position(replay: Replay, finding) -> None:
    """The predicate of each message, from the plain definitions: the player's own
    cards and :class:`SeatView`'s unseen cards, not the solver's tables."""
    step = replay.step(finding.step)
    before = replay.state(finding.step - 1)
    key = finding.message
    assert finding.comment == MESSAGES[key].format(**{k: say_value(x) for k, x in finding.values.items()})
    if key.startswith(("take_worse_than_", "good_take_", "missed_take_", "fair_")):
        _true_of_a_draw(step, before, finding)
    elif key.startswith("layout_"):
        _true_of_a_layout(step, before, finding)
    else:
        _true_of_a_discard(step, before, finding)


def _true_of_a_draw(step, before: Hand, finding) -> None:
    seat, v, key = step.seat, finding.values, finding.message
    held = before.held(seat)
    top = before.top_discard
    assert v["card"] is top and v["now"] == min_deadwood(held)
    options = _least_after(list(held) + [top], forbidden=top)
    assert v["take"] == min(options.values()) == options[v["discard"]]
    other = key.rsplit("_", 1)[1] if not key.endswith("pass_draw") else "pass_draw"
    expected_other = ("keep" if seat == before.dealer else "pass_draw") if before.phase is Phase.UPCARD else "draw"
    assert other == expected_other, key
    alt = Fraction(v["now"]) if other == "keep" else _expected(held, SeatView.of(before, seat).unseen)
    if other != "keep":
        assert v["draw"] == alt
    took = step.action.kind is ActionKind.TAKE
    if key.startswith("take_worse_than_"):
        assert took and v["loss"] == v["take"] - alt > 0
        assert Action.parse(finding.better).kind in (ActionKind.PASS, ActionKind.DRAW)
    elif key.startswith("good_take_"):
        assert took and v["take"] <= alt and v["take"] < v["now"]
    elif key.startswith("missed_take_"):
        assert not took and v["loss"] == alt - v["take"] > 0 and Action.parse(finding.better).kind is ActionKind.TAKE
    else:
        assert not took and alt <= v["take"] < v["now"]


def _true_of_a_layout(step, before: Hand, finding) -> None:
    seat, v, key = step.seat, finding.values, finding.message
    assert step.action.kind is ActionKind.DONE
    left = before.unlaid(seat)
    assert v["cards"] == left and v["points"] == sum(c.value for c in left) > v["best"]
    against_knock = before.phase is Phase.DEFENDER_LAYOUT and before.out_kind == "knock"
    best = best_layoffs(left, before.table_melds).points if against_knock else min_deadwood(left)
    assert v["best"] == best
    if finding.better is not None:  # the step named keeps the best within reach
        after = before.copy()
        after.apply(finding.better)
        rest = after.unlaid(seat)
        assert (best_layoffs(rest, after.table_melds).points if against_knock else min_deadwood(rest)) == best
        assert key == ("layout_meld_first" if Action.parse(finding.better).kind is ActionKind.MELD else
                       "layout_layoff_first")


def _true_of_a_discard(step, before: Hand, finding) -> None:
    seat, v, key = step.seat, finding.values, finding.message
    unseen = SeatView.of(before, seat).unseen
    rules = before.rules
    eleven = before.held(seat)
    assert before.last_draw is not None
    forbidden = before.last_draw[0] if before.last_draw[1] == "discard" else None
    options = _least_after(eleven, forbidden)
    limit = before.knock_limit
    knocks = {c: d for c, d in options.items() if d <= limit and (d == 0 or not rules.straight_gin)}
    big_gin = rules.big_gin and min_deadwood(eleven) == 0
    if key == "missed_big_gin":
        assert big_gin and step.action.kind is ActionKind.DISCARD and v["bonus"] == rules.big_gin_bonus
    elif key == "missed_gin":
        assert step.action.kind is ActionKind.DISCARD and options[v["card"]] == 0 and v["bonus"] == rules.gin_bonus
        assert not big_gin
    elif key == "missed_knock":
        assert step.action.kind is ActionKind.DISCARD and not big_gin and 0 not in knocks.values()
        assert knocks[v["card"]] == v["deadwood"] == min(knocks.values()) and v["limit"] == limit
    elif key == "costly_discard":
        assert step.action.kind is ActionKind.DISCARD and v["card"] is step.action.card
        kept = [c for c in eleven if c is not v["card"]]
        best = [c for c in eleven if c is not v["best"]]
        assert v["best"] is not forbidden and v["unseen"] == len(unseen)
        assert (v["deadwood"], v["outs"], v["expected"]) == (options[v["card"]], _outs(kept, unseen),
                                                            _expected(kept, unseen))
        assert (v["best_deadwood"], v["best_outs"], v["best_expected"]) == (
            options[v["best"]], _outs(best, unseen), _expected(best, unseen))
        least = min(_expected([x for x in eleven if x is not c], unseen) for c in options)
        assert v["best_expected"] == least < v["expected"] and v["loss"] == v["expected"] - least
    elif key in ("big_gin_instead_of_gin", "big_gin_instead_of_knock"):
        assert step.action.kind in GOING_OUT and big_gin and v["bonus"] == rules.big_gin_bonus
        assert (options[step.action.card] == 0) == (key == "big_gin_instead_of_gin")
    elif key in ("gin_instead_of_knock", "lower_knock"):
        assert step.action.kind in GOING_OUT and v["card"] is step.action.card and not big_gin
        assert v["deadwood"] == options[v["card"]] > options[v["best"]] == min(knocks.values())
        assert (options[v["best"]] == 0) == (key == "gin_instead_of_knock")
        if key == "lower_knock":
            assert v["best_deadwood"] == options[v["best"]]
    else:
        raise AssertionError(f"no predicate for the message {key!r}")


def say_value(value):
    from gintrainer.replay.annotate import _written
    return _written(value)


def _sloppy_hand(rng: random.Random, rules: Rules) -> Hand:
    """A seeded hand between greedy players who make mistakes, and lay out at random half the time."""
    hand = Hand.deal(rules, seed=rng.randrange(10**9))
    players = [GreedyPlayer(rng, mistakes=rng.random() / 2), GreedyPlayer(rng, mistakes=rng.random() / 2)]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase in LAYOUT_PHASES and rng.random() < 0.5:
            hand.apply(rng.choice([a for a in hand.legal_actions() if a.kind is not ActionKind.AUTO]))
        else:
            hand.apply(decide(players[seat], hand))
    return hand


def test_every_solver_sentence_is_true_of_its_position_over_many_random_hands():
    rng = random.Random("solver sentences")
    used = set()
    for i in range(80):
        hand = (_sloppy_hand if i % 2 else _random_hand)(rng, RULE_SETS[i % len(RULE_SETS)])
        replay = Replay(hand)
        for finding in findings(replay, featured=(0, 1)):
            _true_of_the_position(replay, finding)
            used.add(finding.message)
    # the common kinds turn up in random play; the rare ones are held by the scenario tests above
    assert {"costly_discard", "missed_knock", "missed_take_draw", "fair_draw", "good_take_draw",
            "layout_meld_first", "layout_layoff_first"} <= used, used


@pytest.mark.parametrize("actions, message", [
    (["pass", "pass", "draw", "discard 4C"], "missed_gin"),
    (["pass", "pass", "draw", "knock 5C"], "gin_instead_of_knock"),
])
def test_the_rare_solver_sentences_are_true_of_their_position(actions, message):
    ben, ann = "2C 3C 4C 7H 7S 7D JS QS KS 9D", ANN.replace("5C", "AC")
    replay = Replay(deal(ben, ann, "KH", "5C", actions=actions))
    found = [f for f in findings(replay, featured=1) if f.message == message]
    assert found
    for finding in found:
        _true_of_the_position(replay, finding)


def test_big_gin_and_a_lower_knock_are_named_truly():
    # Ben draws 5♣: all eleven meld (2♣ to 6♣, the sevens, J♠ Q♠ K♠): big gin, which he misses twice over.
    ben, ann = "2C 3C 4C 7H 7S 7D JS QS KS 6C", "AC 6D 6H 9D TH TD 2H 4S QD KC"
    for action, message in (("discard KS", "missed_big_gin"), ("gin 2C", "big_gin_instead_of_gin")):
        replay = Replay(deal(ben, ann, "KH", "5C", rules=Rules(big_gin=True),
                             actions=["pass", "pass", "draw", action]))
        found = findings(replay, featured=1)
        assert message in [f.message for f in found]
        for finding in found:
            _true_of_the_position(replay, finding)
    lower = Replay(deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C",
                        actions=["pass", "pass", "draw", "knock 3C"]))
    found = [f for f in findings(lower, featured=1) if f.message == "lower_knock"]
    assert found and found[0].values["best_deadwood"] == 3
    _true_of_the_position(lower, found[0])


def test_a_solver_sentence_quotes_every_value_it_was_given():
    # Whole templates: every named value appears, no English is glued on.
    import string
    for key, template in MESSAGES.items():
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert all(name.isidentifier() for name in names), key
    replay = Replay(deal(actions=["pass", "pass", "draw", "discard 2C"]))
    (finding,) = findings(replay, featured=1)
    assert finding.message == "costly_discard"
    _true_of_the_position(replay, finding)  # the numbers below, from the plain definitions
    assert finding.comment == ("Discarding 2♣ keeps 42 deadwood and expects 36.62 after the next draw (29 of the "
                               "40 unseen cards would lower it); discarding 9♦ keeps 25 and expects 20.07 "
                               "(29 would lower it): 16.55 less on average.")


# -- the format document's examples, against the loader ------------------------------------------------

DOC = (Path(__file__).resolve().parents[1] / "docs" / "hand-history.md").read_text(encoding="utf-8")


def _doc_blocks(language: str) -> list[str]:
    """The fenced blocks of one language ("" for plain ones), in order."""
    blocks: list[str] = []
    current: list[str] | None = None
    lang = None
    for line in DOC.splitlines():
        if line.startswith("```"):
            if current is None:
                current, lang = [], line[3:].strip()
            else:
                if lang == language:
                    blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def _doc_table(heading_word: str, which: int = 0) -> list[str]:
    """The first column of the ``which``-th table whose header starts with ``| heading_word |``."""
    lines = DOC.splitlines()
    start = [i for i, line in enumerate(lines) if line.startswith(f"| {heading_word} |")][which]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1].strip().strip("`"))
    return rows


def test_the_documents_annotation_and_result_examples_load_on_the_hands_they_name():
    from gintrainer.replay import example
    annotation_text, result_text = _doc_blocks("json")
    record = example("take_and_knock").to_dict()
    record["annotations"] = [json.loads(annotation_text)]
    note = load(record).annotations[0]
    assert (note.step, note.better) == (6, "discard TC")
    knock = example("knock").to_dict()
    knock["result"] = json.loads(result_text)
    assert load(knock).stated_result == json.loads(result_text)


def test_the_documents_error_messages_are_the_loaders():
    from gintrainer.replay import example
    (block,) = [b for b in _doc_blocks("") if "cannot knock" in b]
    documented = block.strip().splitlines()
    base = example("knock").to_dict()

    def changed(**edit):
        record = json.loads(json.dumps(base))
        for key, change in edit.items():
            change(record[key]) if callable(change) else record.__setitem__(key, change)
        return record

    deck = base["deck"].split()
    assert deck[0] != "AS"
    records = [
        changed(actions=lambda a: a.__setitem__(4, "knock 9H")),
        record_of(deal(actions=["take"])) | {"actions": ["take", "discard KH"]},
        changed(result=lambda r: r.__setitem__("points", 16)),
        changed(annotations=lambda a: a.append({"step": 40, "comment": "x"})),
        changed(deck=" ".join(["AS"] + deck[1:])),  # A♠ is further down too
    ]
    assert len(base["annotations"]) == 13
    messages = []
    for record in records:
        with pytest.raises(ReplayError) as info:
            load(record)
        messages.append(str(info.value))
    assert messages == documented


def test_the_documents_tables_match_the_format():
    from gintrainer.replay.annotate import TAGS
    from gintrainer.replay.history import _ANNOTATION_KEYS, _RECORD_KEYS
    assert _doc_table("key") == list(_RECORD_KEYS)
    assert _doc_table("key", 1) == list(_ANNOTATION_KEYS)
    actions = [a for row in _doc_table("action") for a in row.replace("`", "").split(", ")]
    assert all(Action.parse(a) for a in actions) and len(actions) == 10
    tags = [t for row in _doc_table("tag") for t in row.replace("`", "").split(", ")]
    assert sorted(tags) == sorted(TAGS)
    from gintrainer.replay import example_names
    assert _doc_table("name") == list(example_names())
