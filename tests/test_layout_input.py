"""The layout input (gintrainer.widgets.layout_input), driven without a browser:
melds picked from a card picker, lay-offs on the knocker's melds (a chain in any
order, a card waiting for a free card to extend its meld first), the meld chooser,
one validation that is the engine's, in the reader's language, and a refused pick
that leaves the input and the picker as they were."""

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.engine.cards import parse_cards  # noqa: E402
from gintrainer.engine.scoring import Layoff, check_reply, not_a_meld  # noqa: E402
from gintrainer.widgets.cards import CardPicker  # noqa: E402
from gintrainer.widgets.layout_input import Layout, LayoutInput  # noqa: E402
from gintrainer.words.errors import GinError, IllegalActionError  # noqa: E402
from gintrainer.words.language import in_language  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

KNOCKER = "7C 7D 7H 5S 6S 7S 8D 9D TD KC"
DEFENDER = "9H TH KC QS JD 2C 3D 7C 4S 5D"
TABLE = ["6H 7H 8H", "4C 5C 6C"]


def cards(text):
    return parse_cards(text)


def card(text):
    return parse_cards(text)[0]


def started(hand, onto=None):
    """A layout input over a picker showing ``hand`` (several cards may be selected)."""
    picker = CardPicker(hand, single=False)
    layout = LayoutInput(picker)
    layout.start(hand, onto=onto)
    return layout


def state(layout):
    """All a refused pick must leave alone: the value, the row and the selection."""
    return layout.value, layout.picker.offered, layout.picker.selected


def test_a_meld_of_the_selected_cards_is_kept_in_order_and_leaves_the_row():
    layout = started(KNOCKER)
    layout.picker.select("7S 7C 7D")
    meld = layout.meld()
    assert meld == cards("7C 7D 7S")  # the engine's reading order
    assert layout.value == Layout((meld,)) and layout.melds == (meld,)
    assert layout.picker.offered == tuple(c for c in cards(KNOCKER) if c not in meld)
    assert layout.picker.selected == () and layout.left == layout.picker.offered
    assert layout.check() == Layout((meld,))
    layout.clear()
    assert layout.value == Layout() and layout.picker.offered == cards(KNOCKER)


@pytest.mark.parametrize("picked, words", [
    ("5S 6S KC", "is not a meld"),  # no set and no run
    ("", "select the cards of a meld first"),
    ("7H 7C", "is not a meld"),  # two cards: the engine says what a meld is
])
def test_a_meld_the_engine_refuses_leaves_the_input_as_it_was(picked, words):
    layout = started(KNOCKER)
    layout.picker.select("8D 9D TD")
    layout.meld()
    layout.picker.select(picked)
    before = state(layout)
    with pytest.raises(GinError, match=words):
        layout.meld()
    assert state(layout) == before
    assert layout.explain_meld() is not None and state(layout) == before


def test_the_refusal_is_the_engines_own_sentence():
    layout = started(KNOCKER)
    with pytest.raises(IllegalActionError) as refused:
        layout.meld("5S 6S KC")
    assert str(refused.value) == not_a_meld(cards("5S 6S KC"))


def test_a_card_laid_out_already_is_refused_and_the_message_says_how_to_change_it():
    layout = started(KNOCKER)
    layout.meld("7C 7D 7H")
    before = state(layout)
    with pytest.raises(GinError, match="7♥ is laid out already: clear the layout to change it"):
        layout.meld("5S 6S 7H")
    assert state(layout) == before


def test_messages_are_in_the_readers_language():
    layout = started(KNOCKER)
    english = layout.explain_meld("5S 6S KC")
    with in_language("tr"):
        turkish = layout.explain_meld("5S 6S KC")
        empty = layout.explain_meld(())
    with in_language("ku"):
        kurmanji = layout.explain_lay_off("KC")
    assert english.startswith("5♠ 6♠ K♣ is not a meld")
    assert turkish.startswith("5♠ 6♠ K♣ bir per değil") and empty == "önce bir perin kartlarını seç"
    assert kurmanji == "K♣ nayê lê zêdekirin: ew nakeve tu komeke lêder"


def test_a_layout_of_melds_alone_lays_nothing_off():
    layout = started(KNOCKER)
    layout.picker.select("KC")
    before = state(layout)
    with pytest.raises(GinError, match="fits none of the knocker's melds"):
        layout.lay_off()
    assert state(layout) == before


def test_a_chain_is_laid_off_in_any_order_and_the_whole_layout_is_checked():
    layout = started(DEFENDER, onto=TABLE)
    layout.picker.select("TH")
    outer = layout.lay_off(meld=0)  # 9♥ is still free: it may go first
    assert outer == Layoff(card("TH"), 0) and card("TH") not in layout.picker.offered
    with pytest.raises(IllegalActionError, match="10♥ does not extend the knocker's meld 1"):
        layout.check()  # finished as it stands, 10♥ extends nothing
    # ... and what it waits for is said as it waits, while the layout is still being picked
    assert layout.waiting() == "10♥ does not extend the knocker's meld 1 6♥ 7♥ 8♥ by itself: lay off 9♥ too, " \
        "and 10♥ goes on after it"
    layout.lay_off("9H", 0)
    assert layout.waiting() is None
    layout.lay_off("7C", 1)
    assert layout.check() == Layout((), (outer, Layoff(card("9H"), 0), Layoff(card("7C"), 1)))
    reply = check_reply(DEFENDER, TABLE, layout.melds, layout.layoffs)
    assert sorted(reply.deadwood) == sorted(layout.left)


def test_a_whole_layout_is_laid_out_at_once_as_picked_one_by_one_and_a_refused_one_changes_nothing():
    """An answer given before, shown again: the same value and row as the picks that made it."""
    picked = started(DEFENDER, onto=TABLE)
    picked.lay_off("TH", 0)
    picked.lay_off("9H", 0)
    picked.lay_off("7C", 1)
    whole = started(DEFENDER, onto=TABLE)
    assert whole.lay_out(Layout((), (Layoff(card("TH"), 0), Layoff(card("9H"), 0), Layoff(card("7C"), 1)))) \
        == picked.value
    assert state(whole) == state(picked)
    melds = started(KNOCKER)
    assert melds.lay_out(Layout((cards("7S 7C 7D"), cards("TD 9D 8D")))) == Layout((cards("7C 7D 7S"),
                                                                                    cards("8D 9D TD")))
    assert melds.picker.offered == cards("7H 5S 6S KC")
    before = state(melds)
    with pytest.raises(IllegalActionError, match="is not a meld"):
        melds.lay_out(Layout((cards("5S 6S KC"),)))
    assert state(melds) == before


def test_a_lay_off_that_no_order_fits_is_refused_at_once():
    layout = started(DEFENDER, onto=TABLE)
    layout.lay_off("9H", 0)
    layout.picker.select("KC")
    before = state(layout)
    with pytest.raises(IllegalActionError, match="K♣ does not extend the knocker's meld 1"):
        layout.lay_off(meld=0)
    assert state(layout) == before
    layout.picker.select("KC QS")
    with pytest.raises(GinError, match="select one of your cards to lay off first"):
        layout.lay_off(meld=0)
    with pytest.raises(GinError, match="a lay-off goes on one of the knocker's melds, 1 to 2"):
        layout.lay_off("QS", 5)
    assert layout.value.layoffs == (Layoff(card("9H"), 0),)


def test_a_meld_that_takes_the_card_a_waiting_lay_off_needs_is_refused():
    hand = "9H TH 9S 9C KC QS JD 2C 3D 5D"
    layout = started(hand, onto=TABLE)
    layout.lay_off("TH", 0)
    before = state(layout)
    with pytest.raises(IllegalActionError, match="10♥ does not extend"):
        layout.meld("9H 9S 9C")
    assert state(layout) == before
    layout.clear()
    assert layout.meld("9H 9S 9C") == cards("9C 9H 9S")


def test_a_card_that_fits_two_melds_needs_the_meld_chosen():
    onto = ["5H 6H 7H", "8S 8D 8C"]
    layout = started("8H 4H KC QS JD 2C 3D 7C 4S 5D", onto=onto)
    with pytest.raises(GinError, match="choose the knocker's meld to lay off on"):
        layout.lay_off("8H")
    assert layout.lay_off("4H") == Layoff(card("4H"), 0)  # one meld fits: that one
    assert layout.lay_off("8H", 1) == Layoff(card("8H"), 1)


def test_the_meld_chooser_offers_the_knockers_melds_numbered_as_on_the_table():
    layout = started(DEFENDER, onto=TABLE)
    chooser = layout.target
    assert [label for label, _ in chooser.options] == ["meld 1: 6♥ 7♥ 8♥", "meld 2: 4♣ 5♣ 6♣"]
    assert chooser.value == 0
    chooser.value = 1
    layout.picker.select("7C")
    assert layout.lay_off() == Layoff(card("7C"), 1)
    layout.start(DEFENDER, onto=TABLE[:1])
    assert [value for _, value in chooser.options] == [0] and chooser.value == 0
    layout.start(DEFENDER, onto=[])
    layout.picker.select("9H")
    with pytest.raises(GinError, match="choose the knocker's meld to lay off on"):
        layout.lay_off()


def test_an_unfinished_reply_lets_a_lay_off_wait_for_a_free_card():
    outer = [Layoff(card("TH"), 0)]
    assert check_reply(DEFENDER, TABLE, [], outer, unfinished=True).layoffs == tuple(outer)
    with pytest.raises(IllegalActionError, match="does not extend"):
        check_reply(DEFENDER, TABLE, [], outer)
    with pytest.raises(IllegalActionError, match="does not extend"):  # 9♥ melded: nothing to wait for
        check_reply("9H TH 9S 9C KC QS JD 2C 3D 5D", TABLE, ["9H 9S 9C"], outer, unfinished=True)
