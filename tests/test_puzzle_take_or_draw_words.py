"""What a "take or draw?" puzzle says, held against plain computations: each theme
decides the answer it is tagged on (and no untagged puzzle of the bank meets it),
the difficulty band is the first naive player that answers right, and every
number, card and meld of the explanation and the hints is the solver's."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

import pytest

from gintrainer import DECK, min_deadwood
from gintrainer.engine.cards import Card
from gintrainer.engine.melds import best_arrangement, is_meld
from gintrainer.material.messages import render
from gintrainer.puzzles import THEMES, bank, generate
from gintrainer.puzzles.kinds import PuzzleKind
from gintrainer.puzzles.take_draw_themes import BANDS, HINT_ORDER
from gintrainer.puzzles.themes import kind_themes
from i18n import pseudo_language, unmarked

KIND = "take_or_draw"


@lru_cache(maxsize=1)
def puzzles():
    return bank(KIND) + tuple(generate(KIND, seed="words", count=60))


def unseen(p) -> list[Card]:
    return [c for c in DECK if c not in p.hand and c not in p.discard_pile and c not in p.opponent_known]


def now(p) -> int:
    return min_deadwood(p.hand)


def kept(p) -> list[Card]:
    """The ten cards after taking and the record's discard."""
    return [c for c in p.hand if c is not p.discard] + [p.offered]


@cache
def best_lines(p) -> list[tuple[Card, tuple[Card, ...]]]:
    """Every best line of the take: each discard that leaves the take's least deadwood, with
    each meld holding the card taken that a layout of that least deadwood keeps (no meld:
    ``()``), found by trying every group of three or more of the ten cards."""
    lines: list[tuple[Card, tuple[Card, ...]]] = []
    for discard in p.hand:
        ten = [c for c in p.hand if c is not discard] + [p.offered]
        if min_deadwood(ten) != p.take_expected:
            continue
        lines.append((discard, ()))
        pool = [c for c in ten if c.rank == p.offered.rank or c.suit == p.offered.suit]
        for size in range(3, len(pool) + 1):
            for group in combinations(pool, size):
                if p.offered in group and is_meld(group) and \
                        min_deadwood([c for c in ten if c not in group]) == p.take_expected:
                    lines.append((discard, group))
    return lines


def melded_after_take(p) -> bool:
    """Whether the card taken is in a meld of some best line of the take (not only the one shown)."""
    return any(meld for _, meld in best_lines(p))


def near(p) -> bool:
    card = p.offered
    return any(c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2) for c in p.hand)


DECIDES = {
    # the meld rule (take a card that melds) takes it, but the answer is draw
    "meld-but-draw": lambda p: p.choice == "draw" and melded_after_take(p),
    # the count rule (take when taking lowers the deadwood now) takes it, but the answer is draw
    "stock-odds": lambda p: p.choice == "draw" and p.take_expected < now(p),
    # taking turns a hand over the limit into a knock
    "take-to-knock": lambda p: p.choice == "take" and p.knock_limit > 0 and p.take_expected <= p.knock_limit < now(p),
    # near the hand's cards but no meld: the answer is draw
    "looks-useful": lambda p: p.choice == "draw" and near(p) and not melded_after_take(p),
    # the meld rule passes it, but the answer is take: a low card kept instead of a higher one
    "low-swap": lambda p: (p.choice == "take" and not melded_after_take(p)
                           and p.discard.value > p.offered.value),
}


def test_the_kind_has_these_themes_each_with_words_and_a_hint_rank():
    assert set(kind_themes(PuzzleKind.TAKE_OR_DRAW)) == set(DECIDES) == set(HINT_ORDER)
    for name in DECIDES:
        theme = THEMES[name]
        assert theme.kinds == (PuzzleKind.TAKE_OR_DRAW,)
        assert theme.title != name and theme.description.endswith(".") and theme.hint.endswith(".")


@pytest.mark.parametrize("theme", sorted(DECIDES))
def test_every_tagged_theme_decides_the_answer(theme):
    tagged = [p for p in puzzles() if theme in p.themes]
    assert tagged, f"no puzzle has the theme {theme}"
    assert [p.id for p in tagged if not DECIDES[theme](p)] == []
    assert [p.id for p in bank(KIND) if theme not in p.themes and DECIDES[theme](p)] == []


def level(p) -> int:
    meld_rule = "take" if melded_after_take(p) else "draw"
    count_rule = "take" if p.take_expected < now(p) else "draw"
    return 1 if meld_rule == p.choice else 2 if count_rule == p.choice else 3


def test_the_difficulty_band_is_the_first_naive_player_that_answers_right():
    levels = set()
    for p in puzzles():
        levels.add(level(p))
        assert BANDS[level(p)] <= p.difficulty < BANDS[level(p)] + 400
    assert levels == {1, 2, 3}


def _check_layout(p, said) -> None:
    """The take's layout: melds and deadwood that make up the ten kept, the deadwood the take's number."""
    ten = kept(p)
    assert said["card"] is p.offered and said["discard_card"] is p.discard
    if said.name == "td_take_layout_nomelds":
        assert best_arrangement(ten).melds == () and sum(c.value for c in ten) == p.take_expected
        return
    layout, dead = said["layout"], said.get("deadwood_cards", ())
    assert layout and all(is_meld(m) for m in layout)
    assert sorted(c.index for c in [*(c for m in layout for c in m), *dead]) == sorted(c.index for c in ten)
    assert sum(c.value for c in dead) == p.take_expected
    assert said.name == ("td_take_layout_gin" if not dead else "td_take_layout")


def test_every_sentence_says_what_the_solver_says():
    for p in puzzles():
        messages = {m.name: m for m in p.explanation_messages}
        lead = p.explanation_messages[0]
        assert lead.name == f"td_{p.choice}"
        assert (lead["card"], lead["discard_card"]) == (p.offered, p.discard)
        assert lead["take_deadwood"] == p.take_expected and lead["draw_expected"] == p.draw_expected
        assert lead["margin_expected"] == abs(p.take_expected - p.draw_expected)
        if p.choice == "draw":
            assert lead["unseen"] == len(unseen(p))
        layout = next(m for m in p.explanation_messages if m.name.startswith("td_take_layout"))
        _check_layout(p, layout)
        outs = [u for u in unseen(p) if min(min_deadwood([c for c in [*p.hand, u] if c is not t])
                                            for t in [*p.hand, u]) < now(p)]
        said = messages.get("td_draw_outs") or messages["td_draw_outs_none"]
        assert said["now"] == now(p) and said["unseen"] == len(unseen(p)) and said.get("outs", 0) == len(outs)
        if "td_take_knock" in messages:
            assert messages["td_take_knock"]["take_deadwood"] == p.take_expected <= p.knock_limit
            assert messages["td_take_knock"]["limit"] == p.knock_limit
        if "td_stock_odds" in messages:
            m = messages["td_stock_odds"]
            assert (m["now"], m["take_deadwood"], m["draw_expected"]) == (now(p), p.take_expected, p.draw_expected)
            assert m["draw_expected"] < m["take_deadwood"] < m["now"]
        if "td_meld_but_draw" in messages:
            meld = messages["td_meld_but_draw"]["meld"]
            assert p.offered in meld and is_meld(meld) and set(meld) <= set(kept(p)) and p.choice == "draw"
            assert meld in best_arrangement(kept(p)).melds  # in the layout the explanation shows
        if "td_meld_but_draw_line" in messages:
            m = messages["td_meld_but_draw_line"]
            assert (m["discard_card"], tuple(sorted(m["meld"]))) in [(d, tuple(sorted(g))) for d, g in best_lines(p)]
            assert m["take_deadwood"] == p.take_expected and p.choice == "draw"
            assert m["meld"] not in best_arrangement(kept(p)).melds
        if "td_looks_useful" in messages:
            cards = messages["td_looks_useful"]["near_cards"]
            assert cards and set(cards) <= set(p.hand) and not melded_after_take(p)
            assert all(c.rank == p.offered.rank or (c.suit == p.offered.suit and abs(c.rank - p.offered.rank) <= 2)
                       for c in cards)
        if "td_low_swap" in messages:
            m = messages["td_low_swap"]
            assert (m["value"], m["discard_value"]) == (p.offered.value, p.discard.value)
            assert m["value"] < m["discard_value"] and not melded_after_take(p)
        theme_sentences = {"take-to-knock": "td_take_knock", "stock-odds": "td_stock_odds",
                           "meld-but-draw": "td_meld_but_draw", "looks-useful": "td_looks_useful",
                           "low-swap": "td_low_swap"}
        said = {"td_meld_but_draw" if n == "td_meld_but_draw_line" else n for n in messages}
        assert {theme_sentences[t] for t in p.themes} == said & set(theme_sentences.values())


def test_the_hint_ladder_leads_from_the_theme_to_the_answer():
    for p in puzzles():
        first, second, answer = p.hint_messages
        lead = next((t for t in HINT_ORDER if t in p.themes), None)
        assert first == (THEMES[lead].hint_message if lead else first) and (lead or first.name == "td_hint_compare")
        assert second.name.startswith("td_draw_outs")
        if p.choice == "take":
            assert answer.name == "td_hint_take" and (answer["card"], answer["discard_card"]) == (p.offered, p.discard)
        else:
            assert answer.name == "td_hint_draw"


def test_the_words_read_in_english():
    p = next(p for p in bank(KIND) if p.choice == "take")
    assert p.answer_words() == f"Take {p.offered}, then discard {p.discard}."
    assert p.explanation.startswith(f"Take {p.offered}: after discarding {p.discard} you hold "
                                    f"{int(p.take_expected)} deadwood for sure")


def test_every_sentence_comes_from_the_catalogs():
    """Drawn in the pseudo-language, no word of a puzzle's text is left outside the marks."""
    sample = [p for p in bank(KIND)][:40]
    with pseudo_language():
        for p in sample:
            other = "draw" if p.choice == "take" else "take"
            texts = [p.question, p.explanation, *p.hints, p.answer_words(), render(p.count_message),
                     render(p.grade(other).messages), *(THEMES[t].title for t in p.themes),
                     *(THEMES[t].description for t in p.themes)]
            for text in texts:
                assert unmarked(text) == [], text
