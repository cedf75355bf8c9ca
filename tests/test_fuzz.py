"""Notation fuzzing: any text either parses or raises a GinError, never another exception.

GinError derives from ValueError, so the tests check the exact class: a bare
ValueError, TypeError, IndexError... from the parsers is a bug. Round trips:
formatted cards and actions parse back to themselves.
"""

import json
import os
import random
import shutil
import tempfile
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import strategies
from gintrainer import (
    DECK,
    Action,
    ActionKind,
    Card,
    GinError,
    Hand,
    Phase,
    Rules,
    format_cards,
    parse_card,
    parse_cards,
    show_cards,
)
from gintrainer.engine.telling import advise
from gintrainer.records.storage import name_key

FUZZ = settings(max_examples=400, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

RANKS = ["A", "a", "2", "3", "4", "5", "6", "7", "8", "9", "T", "t", "10", "1", "0", "J", "j", "Q", "K", "k",
         "11", "X", "", "ß", "Ⅹ", "１０"]
SUITS = ["C", "c", "D", "d", "H", "h", "S", "s", "♣", "♦", "♥", "♠", "♤", "♡", "♢", "♧", "♦\ufe0f", "♥\ufe0e",
         "x", "", "🂡", "İ"]
WORDS = ["take", "pass", "draw", "stock", "discard", "knock", "gin", "big-gin", "big_gin", "biggin", "meld",
         "layoff", "lay-off", "on", "ON", "done", "auto", "DISCARD", "Knock"]
NUMBERS = ["0", "1", "2", "3", "99", "-1", "+1", "1.5", "²", "٣", "①", "0x1", "1_0", "१", "99999999999999999999"]
SEPARATORS = [" ", "  ", ",", ", ", ";", "\t", "\n", "", "\u00a0", "\u3000"]

card_tokens = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
tokens = st.one_of(card_tokens, st.sampled_from(WORDS), st.sampled_from(NUMBERS), st.text(max_size=3))
structured_text = st.builds(
    # Up to eight parts, each followed by one of eight separators.
    lambda parts, seps: "".join(p + s for p, s in zip(parts, seps, strict=False)),
    st.lists(tokens, max_size=8), st.lists(st.sampled_from(SEPARATORS), min_size=8, max_size=8))
action_shaped = st.builds(lambda w, c, on, n: f"{w} {c}{on}{n}", st.sampled_from(WORDS), card_tokens,
                          st.sampled_from([" on ", " ", "on", " ON "]), st.one_of(st.sampled_from(NUMBERS),
                                                                              st.text(max_size=3)))
any_text = st.one_of(st.text(max_size=40), structured_text, action_shaped,
                     st.builds(lambda w, t: w + " " + t, st.sampled_from(WORDS), structured_text))
non_text = st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=6),
                     st.lists(st.one_of(st.integers(), st.none(), st.text(max_size=3)), max_size=4),
                     st.tuples(st.integers(0, 51)), st.booleans())


def only_gin_errors(function, value):
    """Call ``function(value)``; return its result, or None if it raised a GinError.
    Any other exception fails the test (pytest shows it)."""
    try:
        return function(value)
    except GinError:
        return None


# -- cards ------------------------------------------------------------------------------

@FUZZ
@given(any_text)
@example("10♦\ufe0f 7h, Td;KS")
@example("7H 7h")
@example("♥7")
def test_parse_cards_raises_only_gin_errors(text):
    cards = only_gin_errors(parse_cards, text)
    if cards is not None:
        assert isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards)
        assert len(set(cards)) == len(cards)
        assert parse_cards(format_cards(cards)) == cards
        assert parse_cards(show_cards(cards)) == cards


@FUZZ
@given(any_text)
@example("10♦")
@example("1O♦")
@example("")
def test_card_parse_raises_only_gin_errors(text):
    card = only_gin_errors(Card.parse, text)
    if card is not None:
        assert isinstance(card, Card)
        assert Card.parse(card.code()) is card and Card.parse(str(card)) is card
        assert parse_card(text) is card


@FUZZ
@given(non_text)
def test_parsers_reject_non_text_with_gin_errors(value):
    cards = only_gin_errors(parse_cards, value)
    assert cards is None or all(isinstance(c, Card) for c in cards)
    assert only_gin_errors(Card.parse, value) is None
    assert only_gin_errors(Action.parse, value) is None


@FUZZ
@given(st.one_of(non_text, st.integers(-100, 100), st.floats(), st.text(max_size=4)))
@example(float("inf"))
@example(51.0)
def test_card_from_index_takes_0_to_51_or_raises_gin_error(value):
    card = only_gin_errors(Card.from_index, value)
    if card is not None:
        assert card.index == value and 0 <= card.index <= 51


@FUZZ
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52).map(tuple))
def test_format_cards_round_trip(cards):
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(show_cards(cards)) == cards
    assert parse_cards(format_cards(cards).lower()) == cards
    assert parse_cards(list(cards)) == cards


@pytest.mark.parametrize("card", DECK, ids=[c.code() for c in DECK])
def test_every_card_round_trips(card):
    forms = [card.code(), str(card), card.code().lower(), str(card).lower(), f" {card.code()} "]
    if card.rank == 10:
        forms += ["10" + card.suit, "10" + card.suit.lower()]
    for form in forms:
        assert Card.parse(form) is card, form
    assert Card.from_index(card.index) is card
    assert Card(card.rank, card.suit) is card


# -- actions ----------------------------------------------------------------------------

@FUZZ
@given(any_text)
@example("layoff 9H on ²")
@example("layoff 9H on " + "1" * 5000)
@example("meld 7H 8H 9H")
@example("knock 10♦")
def test_action_parse_raises_only_gin_errors(text):
    action = only_gin_errors(Action.parse, text)
    if action is not None:
        assert isinstance(action, Action)
        assert Action.parse(str(action)) == action
        assert Action.parse(action) is action
        assert isinstance(advise(action), str)  # every action can be put into words


parts = st.one_of(st.none(), st.sampled_from(DECK), card_tokens, st.integers(-3, 1200), st.booleans(),
                  st.lists(st.sampled_from(DECK), max_size=4).map(tuple), st.lists(card_tokens, max_size=4),
                  structured_text, st.floats(allow_nan=True))


@FUZZ
@given(st.one_of(st.sampled_from(list(ActionKind)), st.sampled_from(WORDS), st.text(max_size=6)), parts, parts, parts)
@example("layoff", "9H", (), 998)
@example("meld", None, "7H 8H 9H", None)
@example("meld", None, tuple(parse_cards("7H 8H 9H")) + (DECK[0], DECK[0]), None)
def test_actions_built_from_any_parts_raise_only_gin_errors_and_round_trip(kind, card, cards, target):
    """An action built from parts (a kind, a card, a meld's cards, a lay-off's
    meld, each maybe text) is a GinError or an action whose text reads back as it."""
    action = only_gin_errors(lambda values: Action(*values), (kind, card, cards, target))
    if action is not None:
        assert isinstance(action.kind, ActionKind) and all(isinstance(c, Card) for c in action.cards)
        assert action.card is None or isinstance(action.card, Card)
        assert Action.parse(str(action)) == action
        assert isinstance(advise(action), str)  # every action can be put into words


@pytest.mark.parametrize("text", ["meld ,", "meld ;", "MELD , ;"])
def test_meld_without_cards_is_refused(text):
    """'meld' with only separators names no cards: refused like a bare 'meld'
    (otherwise str() gives 'meld ', which does not parse back)."""
    with pytest.raises(GinError):
        Action.parse(text)


DISCARD_AFTER_TAKING = "discard-taken"
"""A discard phase in which the card just taken may not go back: a state of its own for the fuzz."""


def _states():
    """Hands in each phase, reached by seeded random play (big gin allowed)."""
    wanted = [*Phase, DISCARD_AFTER_TAKING]
    found = {}
    rng = random.Random(4242)
    for attempt in range(300):
        hand = Hand.deal(Rules(big_gin=True, knock_limit=20), seed=f"fuzz:{attempt}")
        player = strategies.RandomPlayer(rng, knock=0.9)
        while True:
            taken = hand.phase == Phase.DISCARD and hand.taken_card is not None
            key = DISCARD_AFTER_TAKING if taken else hand.phase
            found.setdefault(key, hand.copy())
            if hand.is_over:
                break
            hand.apply(player.choose(hand))
        if all(p in found for p in wanted):
            return found
    raise AssertionError(f"only reached {sorted(found)}")


STATES = _states()


@pytest.mark.parametrize("phase", sorted(STATES))
@FUZZ
@given(text=st.one_of(any_text, st.sampled_from(WORDS).flatmap(
    lambda w: st.lists(st.sampled_from(DECK), max_size=4).map(
        lambda cs: w + " " + " ".join(c.code() for c in cs)))))
def test_hand_apply_raises_only_gin_errors_and_changes_nothing(phase, text):
    hand = STATES[phase].copy()
    before = hand.to_dict()
    legal = [str(a) for a in hand.legal_actions()]
    try:
        hand.apply(text)
    except GinError:
        assert hand.to_dict() == before
        assert [str(a) for a in hand.legal_actions()] == legal
        return
    # It was legal: the recorded step parses back and the record replays.
    assert len(hand.history) > len(before["actions"])
    assert Hand.from_dict(hand.to_dict()).to_dict() == hand.to_dict()


@pytest.mark.parametrize("text", ["layoff 9H on ²", "layoff 9H on ①", "layoff 9H on " + "1" * 5000,
                                  "layoff 9H on 0", "layoff 9H on -1", "layoff 9H on 99"])
def test_layoff_with_odd_meld_numbers_raises_gin_error(text):
    """str.isdigit() accepts superscripts and circled digits that int() refuses,
    and int() refuses more than 4,300 digits: each must still be a GinError."""
    hand = STATES[Phase.DEFENDER_LAYOUT].copy()
    before = hand.to_dict()
    with pytest.raises(GinError):
        hand.apply(text)
    assert hand.to_dict() == before


@FUZZ
@given(st.lists(any_text, max_size=5))
def test_hand_records_with_bad_actions_raise_gin_errors(texts):
    record = STATES[Phase.DISCARD].to_dict()
    record["actions"] = record["actions"] + texts
    try:
        hand = Hand.from_dict(record)
    except GinError:
        return
    assert len(hand.history) == len(record["actions"])


def test_every_legal_action_met_in_playouts_round_trips():
    rules_list = [Rules(), Rules.preset("modern"), Rules(oklahoma=True), Rules(straight_gin=True, big_gin=True),
                  Rules(knock_limit=30)]
    checked = set()
    for i in range(60):
        hand = Hand.deal(rules_list[i % len(rules_list)], seed=f"round-trip:{i}")
        player = strategies.RandomPlayer(random.Random(i), knock=0.8)
        while not hand.is_over:
            for action in hand.legal_actions():
                text = str(action)
                assert Action.parse(text) == action, text
                assert Action.parse(text.lower()) == action, text
                assert Action.parse("  " + text.upper() + " ") == action, text
                checked.add(action.kind)
            hand.apply(player.choose(hand))
        for text in hand.history:
            assert str(Action.parse(text)) == text
    assert checked >= set(ActionKind) - {ActionKind.BIG_GIN}


# -- record files: a damaged file is refused or set aside, never a crash for anyone ------------------------

STORED = Path(__file__).resolve().parent / "stored"
HUGE = "9" * 5000
"""A number of more digits than Python converts (json.loads raises ValueError on it)."""
RECORD_FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                       suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
BAD_VALUES = st.one_of(st.sampled_from([None, True, -1, 0, 2**63, 1e308, "", "x" * 300, [], {}, [None], {"": 1},
                                        "\ud800", "Bob", "bob", "İrem", "Mia\udc00", "../x", HUGE]),
                       st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=3))


def _paths(value, path=()):
    """Every path to a value inside JSON data (the whole value first)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _damaged(record: dict):
    """Bytes of a record file damaged in one way: random bytes, or one value of the record
    (anywhere in it) replaced by a wrong type, a wrong name, a lone surrogate or a number
    of thousands of digits."""
    paths = list(_paths(record))[1:]

    def replaced(path, value) -> bytes:
        data = json.loads(json.dumps(record))
        target = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = "@@HUGE@@" if value == HUGE else value
        return json.dumps(data).replace('"@@HUGE@@"', HUGE).encode("utf-8", "surrogatepass")

    return st.one_of(st.binary(max_size=200),
                     st.builds(replaced, st.sampled_from(paths), BAD_VALUES),
                     st.builds(lambda data, n: data[:n], st.just(json.dumps(record).encode()), st.integers(0, 400)))


@contextmanager
def _data_folder():
    """A fresh data folder for one example (hypothesis runs many in one test)."""
    old = os.environ.get("GINTRAINER_DATA")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GINTRAINER_DATA"] = folder
        try:
            yield Path(folder)
        finally:
            if old is None:
                del os.environ["GINTRAINER_DATA"]
            else:
                os.environ["GINTRAINER_DATA"] = old


def _aside(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.corrupt-*.json"))


MIA_PROFILE = json.loads((STORED / "profiles" / "mia-a6ae07ad556c.json").read_text())


@RECORD_FUZZ
@given(_damaged(MIA_PROFILE))
@example(json.dumps({**MIA_PROFILE, "solved": 0}).replace('"solved": 0', '"solved": ' + HUGE, 1).encode())
@example(json.dumps({**MIA_PROFILE, "name": "\u0130rem"}).encode())
@example(json.dumps({**MIA_PROFILE, "settings": {**MIA_PROFILE["settings"], "difficulty": []}}).encode())
def test_a_damaged_profile_is_set_aside_and_every_other_learner_still_listed(raw):
    from gintrainer.records.profiles import list_profiles, load, profile_path

    with _data_folder() as data:
        folder = data / "profiles"
        shutil.copytree(STORED / "profiles", folder)
        profile_path("Mia").write_bytes(raw)
        assert "İrem" in list_profiles()
        outcome = load("Mia")  # never raises
        assert name_key(outcome.progress.name) == name_key("Mia")
        if _aside(folder):
            assert _aside(folder)[0].read_bytes() == raw and "set aside" in outcome.notice
        else:  # read as it is: then it was a profile of Mia's
            assert json.loads(raw)["name"] is not None
        assert "Mia" in list_profiles() and "İrem" in list_profiles()
        assert load("İrem").notice is None


NOOR_PROFILE = json.loads((STORED / "profiles_v4" / "noor-92a70799e19d.json").read_text())


@RECORD_FUZZ
@given(_damaged(NOOR_PROFILE))
def test_a_damaged_hand_review_never_stops_a_profile_from_loading_nor_its_page_from_opening_it(raw):
    from gintrainer.records.profiles import load, profile_path
    from gintrainer.replay.kept import open_replay, open_review
    from gintrainer.widgets.profile import review_chart_html

    with _data_folder() as data:
        (data / "profiles").mkdir()
        profile_path("Noor").write_bytes(raw)
        outcome = load("Noor")  # never raises
        assert name_key(outcome.progress.name) == name_key("Noor")
        review_chart_html(outcome.progress)
        for kept in outcome.progress.hand_reviews:  # each review left in opens, or says why it cannot
            for opening in (open_review, open_replay):
                with suppress(GinError):  # another exception fails the test
                    opening(kept)


MIA_GAME = json.loads((STORED / "practice" / "mia-41509508705b.json").read_text())


@RECORD_FUZZ
@given(_damaged(MIA_GAME))
def test_a_damaged_practice_game_is_set_aside_and_a_new_one_starts(raw):
    from gintrainer.trainers.practice import PracticeGame, save_path

    with _data_folder() as data:
        (data / "practice").mkdir()
        save_path("Mia").write_bytes(raw)
        game, notice = PracticeGame.resume("Mia")  # never raises
        if game is None:
            assert notice is not None and [p.read_bytes() for p in _aside(data / "practice")] == [raw]
            assert PracticeGame.resume("Mia") == (None, None)
        else:
            assert notice is None and not _aside(data / "practice")
            json.dumps(game.to_dict(), ensure_ascii=False).encode("utf-8")  # it can be written again


HISTORY = json.loads((STORED / "histories" / "practice-hand-1.json").read_text())


@RECORD_FUZZ
@given(_damaged(HISTORY))
@example(json.dumps({**HISTORY, "dealer": 0}).replace('"dealer": 0', '"dealer": ' + HUGE).encode())
@example(json.dumps({**HISTORY, "title": "\ud800"}).encode())
def test_a_damaged_hand_history_is_a_replay_error_or_a_replay_that_can_be_written(raw):
    from gintrainer.replay import ReplayError, dump
    from gintrainer.replay import load as load_history

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hand.json"
        path.write_bytes(raw)
        for source in (path, raw):
            try:
                replay = load_history(source)
            except ReplayError:
                continue
            dump(replay).encode("utf-8")  # shown and written again without a UnicodeEncodeError


RESULTS = next((STORED / "results").iterdir()).read_bytes()
CELLS = st.one_of(st.sampled_from(["", "0", "-1", HUGE, "0" * 4400 + "1", "1e999", "nan", "inf", "TRUE", "=1+1",
                                   "\ud800", "Bob", "٣", "²", '"', "\n", "\x00"]), st.text(max_size=6))


@RECORD_FUZZ
@given(st.one_of(st.binary(max_size=300),
                 st.builds(lambda line, cell, text: _with_cell(text, line, cell), st.integers(0, 3),
                           st.integers(0, 6), CELLS)))
@example(RESULTS.replace(b",2,ck-", f",{HUGE},ck-".encode()))
def test_a_damaged_results_file_is_skipped_and_the_others_graded(raw):
    from gintrainer.classroom import Results, ResultsError, build_gradebook, read_results

    with suppress(ResultsError):
        assert isinstance(read_results(raw), Results)
    book = build_gradebook([("a-good.csv", RESULTS), ("b-damaged.csv", raw)])
    assert "a-good.csv" in book.files and "Zoë" in book.students


def _with_cell(text: str, line: int, cell: int) -> bytes:
    lines = RESULTS.decode().split("\n")
    cells = lines[line].split(",")
    cells[cell] = text
    lines[line] = ",".join(cells)
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and symbolic links are POSIX")
@pytest.mark.parametrize("shape", ["fifo", "dangling link", "link", "folder"])
def test_no_reader_waits_on_follows_or_breaks_on_a_file_that_is_not_regular(shape):
    from gintrainer.records.profiles import list_profiles, load, profile_path
    from gintrainer.replay import ReplayError
    from gintrainer.replay import load as load_history
    from gintrainer.trainers.practice import PracticeGame, save_path

    with _data_folder() as data:
        shutil.copytree(STORED / "profiles", data / "profiles")
        (data / "practice").mkdir()
        elsewhere = data / "elsewhere.json"
        elsewhere.write_text(json.dumps(MIA_PROFILE))
        lock = profile_path("Ann").with_suffix(".lock")
        for path in (profile_path("Ann"), save_path("Ann"), data / "hand.json", lock):
            if shape == "fifo":
                os.mkfifo(path)
            elif shape == "folder":
                path.mkdir()
            else:
                path.symlink_to(elsewhere if shape == "link" else data / f"{path.name}.target")
        assert "İrem" in list_profiles() and "Ann" not in list_profiles()
        assert "not a regular file" in load("Ann").notice and list_profiles() == ("Ann", "İrem", "Mia")
        game, notice = PracticeGame.resume("Ann")
        assert game is None and "not a regular file" in notice
        with pytest.raises(ReplayError, match="not a regular file"):
            load_history(data / "hand.json")
        assert elsewhere.read_text() == json.dumps(MIA_PROFILE) and not list(data.glob("*.target"))
        assert lock.is_file() and len(list(lock.parent.glob("*.corrupt-*.lock"))) == 1


def _class_store_bytes() -> bytes:
    """A class store's SQLite file holding one student's session."""
    from gintrainer.classroom import ClassSet
    from gintrainer.classroom.store import new_session_key, open_store

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "classes.sqlite3"
        store = open_store(f"sqlite:///{path}")
        store.start(ClassSet("Store fuzz", count=2).code, new_session_key(), "Ann")
        store.close()
        return path.read_bytes()


CLASS_STORE = _class_store_bytes()


@RECORD_FUZZ
@given(st.one_of(st.binary(max_size=300),
                 st.builds(lambda at, junk: CLASS_STORE[:at] + junk + CLASS_STORE[at + len(junk):],
                           st.integers(0, len(CLASS_STORE) - 1), st.binary(min_size=1, max_size=64))))
def test_a_damaged_class_store_file_is_set_aside_and_a_new_one_starts(raw):
    from gintrainer.classroom import ClassSet
    from gintrainer.classroom.store import StoreError, new_session_key, open_store

    code = ClassSet("Store fuzz", count=2).code
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "classes.sqlite3"
        path.write_bytes(raw)
        store = open_store(f"sqlite:///{path}")
        try:
            store.codes()
        except StoreError as error:
            assert "is damaged: it is set aside" in str(error), str(error)
            assert [p.read_bytes() for p in Path(folder).glob("classes.corrupt-*.sqlite3")] == [raw]
        key = new_session_key()
        try:
            store.start(code, key, "Bob")
        except StoreError as error:  # damage found only when written: set aside, and the next answer works
            assert "is damaged: it is set aside" in str(error), str(error)
            store.start(code, key, "Bob")
        assert key in [s.session for s in store.class_sessions(code)]
        store.close()
