"""Cards, hands and tables drawn as HTML."""

import random
import re
from html import unescape

import pytest

from gintrainer import GinError, parse_cards
from gintrainer.engine.solver import discard_table
from gintrainer.material.deals import deal
from gintrainer.material.drawing import (
    DISCARD_COLUMNS,
    SIZES,
    card_back_html,
    card_html,
    cards_html,
    discard_table_html,
    hand_html,
    melds_html,
    page,
    phase_words,
    pile_html,
    result_words,
    score_rows,
    score_sheet_html,
    seat_table_html,
    sorted_cards,
    stylesheet,
    suit_colour,
    table_html,
    words,
)
from tables import read_tables


def test_card_faces_name_the_card_for_people_and_screen_readers():
    html = card_html("KS")
    assert 'title="K♠"' in html and 'aria-label="king of spades"' in html
    assert ">K<" in html and ">♠<" in html


@pytest.mark.parametrize("card, two, four", [("AC", "black", "green"), ("AD", "red", "blue"),
                                             ("AH", "red", "red"), ("AS", "black", "black")])
def test_two_and_four_colour_decks(card, two, four):
    assert suit_colour(card) == two and suit_colour(card, four_colour=True) == four
    assert f"gt-{four}" in card_html(card, four_colour=True)


def test_sizes_have_css_and_a_projector_size():
    css = stylesheet()
    assert "large" in SIZES
    for size in SIZES:
        assert f".gt-card.gt-{size}" in css and f"gt-{size}" in card_html("7H", size=size)
    with pytest.raises(ValueError):
        card_html("7H", size="huge")


def test_text_from_outside_is_escaped():
    assert "<script>" not in card_back_html(label="<script>")
    hand = deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H")
    html = table_html(hand, names=("<b>Ann</b>", "Ben & co"))
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html and "Ben &amp; co" in html
    assert "<title>&lt;x&gt;</title>" in page("", title="<x>")


def test_hand_by_melds_shows_melds_deadwood_and_count():
    html = hand_html("8C 8D 8H 4C 4D 4S 5H 2C 2D AS")
    assert html.count(">set<") == 2 and ">deadwood<" in html
    assert "Deadwood: A♠ 2♣ 2♦ 5♥ = 1\u00a0+ 2\u00a0+ 2\u00a0+ 5 = 10" in html  # a number keeps its plus sign
    plain = hand_html("8C 8D 8H 4C 4D 4S 5H 2C 2D AS", show_melds=False, sort="rank")
    assert ">set<" not in plain and "= 10" in plain
    assert [str(c) for c in sorted_cards("KS 2C AS", "rank")] == ["A♠", "2♣", "K♠"]
    assert [str(c) for c in sorted_cards("KS 2C AS", "suit")] == ["2♣", "A♠", "K♠"]


def test_a_deadwood_sum_holds_together_and_reads_left_to_right_in_a_right_to_left_line():
    """A phone's narrow line wraps a long sum between its terms only, never between a number and its plus sign,
    and in Pashto the sum is one left-to-right isolate (else the line shows its numbers in the reverse order)."""
    from gintrainer.words.language import LRI, PDI, in_language
    cards = "2H 4H 6S 8C 8S 9C TD JD QH KD"
    terms = "\u00a0+ ".join(("2", "4", "6", "8", "8", "9", "10", "10", "10", "10"))
    assert f"= {terms} = 77" in hand_html(cards)
    with in_language("ps"):
        html = hand_html(cards)
    assert f"= {LRI}{terms}{PDI} = 77" in html


def test_rows_keep_the_order_given_and_mark_cards():
    html = cards_html("KS 2C", marks={"2C": "right"})
    assert html.index("K♠") < html.index("2♣")
    assert "gt-mark-right" in html
    with pytest.raises(ValueError):
        card_html("2C", mark="glow")


def test_table_shows_stock_pile_hands_face_down_and_result():
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C")
    html = table_html(hand, face_down=(0,))
    assert "stock: 31 cards" in html and "discard pile: 1 card, top Q♠" in html
    assert html.count("gt-back") >= 10  # Ann's ten cards face down (and the stock)
    assert "Ben (non-dealer) — to play" in html
    for action in ("pass", "pass"):
        hand.apply(action)
    assert phase_words(hand) == "Ben draws from the stock: both players passed the upcard."  # may not take it
    assert "both players passed the upcard" in table_html(hand)
    for action in ("draw", "knock KC", "auto", "auto"):
        hand.apply(action)
    html = table_html(hand)
    assert "meld 1: set" in html and "meld 2: run" in html and "discarded face down" in html
    assert hand.result.explain() in html.replace("&#x27;", "'")
    assert phase_words(hand) == "The hand is over."


def captions(html: str) -> list[str]:
    return [unescape(c) for c in re.findall(r'<span class="gt-caption">([^<]*)</span>', html)]


def test_a_seat_sees_the_stock_and_the_pile_as_the_whole_table_shows_them_and_only_what_it_may_see():
    """The practice page drew its own table ("stock: 31", "discard pile: 1, top Q♠") beside the
    whole table's ("stock: 31 cards", "discard pile: 1 card, top Q♠"): both are one drawing now."""
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C 4H")
    hand.apply("take")  # Ben takes the Q♠ upcard: Ann knows he holds it
    hand.apply("discard KC")
    whole, seen = table_html(hand), seat_table_html(hand, 0)
    middle = [c for c in captions(whole) if c.startswith(("stock", "discard pile"))]
    assert middle == [c for c in captions(seen) if c.startswith(("stock", "discard pile"))]
    assert middle == ["stock: 31 cards", "discard pile: 1 card, top K♣"]
    assert "10 cards; known from the pile: Q♠" in captions(seen)
    assert 'title="Q♠"' in seen and seen.count('aria-label="a card face down"') == 9 + 1  # and the stock
    for card in hand.held(0) + tuple(c for c in hand.held(1) if str(c) != "Q♠"):
        assert f'title="{card}"' not in seen  # neither Ann's own cards (her buttons) nor Ben's hidden ones


def test_after_a_knock_a_seat_sees_the_melds_and_the_knocker_s_deadwood_only_once_shown():
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 8S KD QD 5D AC 9C", "QS", "3C")
    for action in ("pass", "pass", "draw", "knock KC"):
        hand.apply(action)
    assert "meld 1" not in seat_table_html(hand, 0) and "10 cards" in captions(seat_table_html(hand, 0))
    hand.apply("meld 2C 2D 2S")
    seen = seat_table_html(hand, 0)
    assert "meld 1: set" in seen and "7 cards" in captions(seen)  # the rest still face down
    assert not any(c.startswith("knocker's deadwood") for c in captions(seen))
    for action in ("meld 6H 7H 8H", "meld 5S 6S 7S", "done"):
        hand.apply(action)
    seen = seat_table_html(hand, 0)
    left = hand.unlaid(1)
    assert [str(c) for c in left] == ["3♣"]
    assert f"knocker's deadwood: {sum(c.value for c in left)}" in captions(seen) and 'title="3♣"' in seen
    assert "Ben (non-dealer) — knocked" in seen


def test_a_dead_hand_ends_with_each_hand_in_its_melds_and_its_least_deadwood():
    """Nobody lays out in a dead hand: its last step shows each hand arranged as before, in its melds with the
    least deadwood the page says, never every card summed as deadwood; a seat shown face down stays so."""
    from gintrainer.engine.melds import best_arrangement
    from gintrainer.exercises.going_out import dead_hand
    from gintrainer.material.drawing import counted_deadwood, deadwood_words

    hand = dead_hand(random.Random("dead-table"))
    assert hand.is_over and hand.result.kind == "dead" and hand.knocker is None
    html = table_html(hand)
    for seat in (0, 1):
        arrangement = best_arrangement(hand.held(seat))
        assert counted_deadwood(hand, seat) == arrangement.points
        assert deadwood_words(arrangement).replace("'", "&#x27;") in html
        every = sum(c.value for c in hand.held(seat))
        assert words("label_laid_deadwood", points=every) not in captions(html)
        assert words("label_not_laid_yet", points=every) not in captions(html)
    melds = sum(len(best_arrangement(hand.held(seat)).melds) for seat in (0, 1))
    assert melds and captions(html).count("set") + captions(html).count("run") == melds
    hidden = table_html(hand, face_down=(0, 1))
    assert hidden.count('aria-label="a card face down"') == 20 + 1  # and the stock
    assert not any(f'title="{card}"' in hidden for card in hand.held(0) + hand.held(1))


def test_melds_are_numbered_as_layoffs_name_them():
    html = melds_html([parse_cards("6H 7H 8H"), parse_cards("2C 2D 2S")])
    assert "meld 1: run" in html and "meld 2: set" in html


def test_drawing_needs_no_widgets():
    import subprocess
    import sys
    code = "import gintrainer, gintrainer.material.drawing, gintrainer.lessons, gintrainer.material.steps, sys; " \
           "print('ipywidgets' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
    assert re.search(r"\.gt-card-btn", stylesheet())


# -- the solver's discard table -------------------------------------------------------

LABELS = [words(f"label_column_{c}") for c in DISCARD_COLUMNS]
KNOCK_HAND = "2C 3C 4C 7H 7S 7D JS QS KS 5D AD"  # discarding 5♦ leaves A♦: a knock; discarding A♦ too


def solver_words(row) -> dict:
    """What each column of a row must say, from the solver's own numbers."""
    knocks = words("label_knocks_gin" if row.gin else "label_knocks_yes" if row.knocks else "label_knocks_no")
    return dict(zip(LABELS, [str(row.card), str(row.deadwood), knocks, str(len(row.outs)),
                             f"{float(row.expected_deadwood):.2f}"], strict=True))


def test_the_discard_table_writes_the_solver_s_numbers_under_one_set_of_labels():
    table = discard_table(KNOCK_HAND)
    read, = read_tables(discard_table_html(table.rows))
    assert [set(r) - {"marks"} for r in read] == [set(LABELS)] * len(table.rows)  # no note column unasked
    assert [{k: v for k, v in r.items() if k != "marks"} for r in read] == [solver_words(r) for r in table.rows]
    assert {r["Can knock"] for r in read} >= {"yes", "no"} and all(not r["marks"] for r in read)


def test_the_discard_table_marks_the_answer_the_best_the_learner_s_card_and_the_move_played():
    table = discard_table(KNOCK_HAND)
    best = [r.card for r in table.best()]
    other = table.rows[-1].card
    html = discard_table_html(table.rows, answer="5D AD", best=best, chosen=other, played="5D")
    read, = read_tables(html)
    marks = {r["Discard"]: r["marks"] for r in read}
    assert marks["5♦"] == {"answer", "played"} | ({"best"} if table.row("5D").card in best else set())
    assert marks[str(other)] == {"chosen"} | ({"best"} if other in best else set())
    assert all(marks[str(c)] >= {"best"} for c in best)
    assert {r["Note"] for r in read if not r["marks"]} == {""}
    assert ">the answer<" in html and ">your card<" in html and ">played<" in html
    note, = read_tables(discard_table_html(table.rows, answer=()))
    assert all(r["Note"] == "" and not r["marks"] for r in note)  # asked for, nothing to mark: the column stays


def test_the_discard_table_turned_across_says_the_same():
    table = discard_table(KNOCK_HAND)
    down, = read_tables(discard_table_html(table.rows, answer="5D"))
    across, = read_tables(discard_table_html(table.rows, answer="5D", across=True))
    assert across == [{k: v for k, v in row.items() if k != "Note"} for row in down]  # marked by class alone
    some, = read_tables(discard_table_html(table.rows, columns=("discard", "knocks"), across=True))
    assert [set(r) for r in some] == [{"Discard", "Can knock", "marks"}] * len(table.rows)
    with pytest.raises(ValueError, match="columns"):
        discard_table_html(table.rows, columns=("discard", "luck"))


def test_every_score_sheet_writes_a_hand_s_result_alike():
    """The match stepper wrote "Ann: knock 12" or "no score", the match exercises "Ann: knock,
    12" or "dead hand: no score", the practice page "knock, Ann +12" or "dead, nobody scores":
    all three read one score sheet now."""
    from gintrainer.exercises.matches import match_rows, played_match
    from gintrainer.material.steps import MatchSteps

    match = played_match(3)
    rows = score_rows(match.hands, ("Ann", "Ben"))
    assert match_rows(match) == rows
    steps = MatchSteps(match)
    for step in range(steps.count):
        assert score_sheet_html(match.hands[:step], ("Ann", "Ben")) in steps.html(step)
    for row, hand in zip(rows[1:], match.hands, strict=True):
        result = hand.result
        if result.winner_seat is None:
            assert row[2] == ("dead hand: no score" if result.kind == "dead" else "tie: no score")
        else:
            assert row[2] == f"{('Ann', 'Ben')[result.winner_seat]}: {result.kind.replace('_', ' ')}, {result.points}"
    assert rows[-1][3:] == tuple(map(str, match.games[0].scores))  # the running points are the game's


def test_a_result_scored_without_seats_names_no_winner_and_says_so():
    """score_hand alone knows the knocker and the defender, not their seats: the names of the
    seats cannot say who won (this was a TypeError from indexing the names with None)."""
    from gintrainer.engine.scoring import score_hand

    result = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D")
    assert result.winner_seat is None
    with pytest.raises(GinError, match="without seats"):
        result_words(result)
    assert result_words(result.with_knocker(0)) == f"Ann: knock, {result.points}"


def test_a_pile_longer_than_its_cards_shown_offers_the_whole_pile():
    """An explanation counts the unseen cards (in no hand, not in the pile): a learner can check them against the
    whole pile, which the position shows on demand when it holds more cards than it draws."""
    pile = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC")
    html = pile_html(pile, shown=8)
    shown, whole = html.split('<details class="gt-pile-all">')
    assert all(f'title="{c}"' not in shown for c in pile[:2]) and all(f'title="{c}"' in shown for c in pile[2:])
    assert all(f'title="{c}"' in whole for c in pile)
    assert "the whole pile, 10 cards, the top on the right" in whole
    assert "gt-pile-all" not in pile_html(pile[:8], shown=8)  # all of it shown already


def test_the_defender_s_layout_after_gin_says_nothing_may_be_laid_off():
    """After a knock the defender lays out and lays off; after gin only lays out (RULES.md: no lay-offs against
    gin), and the table's words say so, to the lessons' players, to any names and to the learner."""
    hand = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 3S KD QD 5D AC 9C", "8S", "3C")
    for action in ("take", "knock KC", "auto"):
        hand.apply(action)
    assert hand.out_kind == "gin" and hand.to_act == 0
    assert phase_words(hand) == "Ann lays out her melds: nothing may be laid off against gin."
    assert phase_words(hand, ("Club player", "Max")) == \
        "Club player lays out their melds: nothing may be laid off against gin."
    assert phase_words(hand, ("You", "Club player"), you=0) == \
        "You lay out your melds: nothing may be laid off against gin."
    knocked = deal("6H 7H 8H 2C 2D 2S 5S 6S 7S KC", "9H TH JH 4S 3S KD QD 5D AC 9C", "8S", "3C")
    for action in ("take", "knock 5S", "auto"):
        knocked.apply(action)
    assert knocked.out_kind == "knock"
    assert phase_words(knocked) == "Ann lays out her melds and lays off cards on the knocker's melds."
