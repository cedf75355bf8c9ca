"""What a "defend" puzzle says, held against the slow reference of brute.py and
the rule book: each theme decides the answer, each number of each sentence is the
engine's, the difficulty band is the first naive player that keeps the least,
the hints lead to the answer, and every word comes from the catalogs."""

import pytest

import brute
from gintrainer.material.messages import render
from gintrainer.puzzles import THEMES, bank
from gintrainer.puzzles.defend_themes import BANDS, HINT_ORDER, THEME_PREDICATES
from gintrainer.puzzles.themes import kind_themes
from i18n import pseudo_language, unmarked

KIND = "defend"


def ints(cards):
    return tuple(c.index for c in cards)


def slow(p):
    """The slow reference's numbers for a puzzle."""
    hand, melds = ints(p.hand), [ints(m) for m in p.knocker_melds]
    least, replies = brute.brute_best_replies(hand, melds)
    unchained, _ = brute.brute_best_replies(hand, melds, chains=False)
    own_dead = brute.brute_all_best_deadwood_sets(hand)
    meld_first = {chains: min(brute.brute_best_replies(dead, melds, chains)[0] for dead in own_dead)
                  for chains in (True, False)}
    return dict(least=least, replies=replies, unchained=unchained, own_dead=own_dead, meld_first=meld_first,
                own=brute.brute_min_deadwood(hand), knocker=brute.points(ints(p.knocker_deadwood)))


@pytest.fixture(scope="module")
def solved():
    return [(p, slow(p)) for p in bank(KIND)]


def test_the_kind_has_these_themes_each_with_words_and_a_hint_rank():
    assert kind_themes(KIND) == tuple(name for name, _ in THEME_PREDICATES) == ("undercut", "chain-layoff",
                                                                                 "break-a-meld")
    assert set(HINT_ORDER) == set(kind_themes(KIND))
    for name in kind_themes(KIND):
        assert THEMES[name].title and THEMES[name].description and THEMES[name].hint


def test_every_tagged_theme_decides_the_answer(solved):
    for p, s in solved:
        undercut = s["least"] < s["knocker"] or (s["least"] == s["knocker"] and p.rules.undercut_on_tie)
        assert ("undercut" in p.themes) == undercut == p.undercut
        # A chain decides: without lay-offs on lay-offs, the least is out of reach.
        assert ("chain-layoff" in p.themes) == (s["unchained"] > s["least"])
        # Melding first fails, and every best reply lays off a card each least-deadwood layout melds.
        assert ("break-a-meld" in p.themes) == (s["meld_first"][True] > s["least"])
        if "break-a-meld" in p.themes:
            for laid, _ in s["replies"]:
                assert all(not {card for card, _ in laid} <= dead for dead in s["own_dead"])
    assert all(sum(t in p.themes for p, _ in solved) >= 10 for t in kind_themes(KIND))


def test_the_difficulty_band_is_the_first_naive_player_that_keeps_the_least(solved):
    for p, s in solved:
        level = 1 if s["meld_first"][False] == s["least"] else 2 if s["meld_first"][True] == s["least"] else 3
        assert BANDS[level] <= p.difficulty < BANDS[level] + 400
    assert {p.difficulty // 400 for p, _ in solved} >= {2, 3, 4}


def test_every_sentence_says_what_the_engine_says(solved):
    for p, s in solved:
        said = {m.name: m for m in p.explanation_messages}
        if s["least"]:
            best = said["df_best"]
            assert best["deadwood"] == s["least"] == brute.points(ints(best["deadwood_cards"]))
        else:
            assert "df_best_gin" in said
        laid = [m for m in p.explanation_messages if m.name == "df_layoff"]
        assert laid and {c for m in laid for c in m["cards"]} == {lo.card for lo in p.reply.layoffs}
        assert all(tuple(m["meld"]) in p.knocker_melds for m in laid)
        k, d = s["knocker"], s["least"]
        bonus, times = p.rules.undercut_bonus, p.rules.score_multiplier(p.upcard)
        if "df_undercut" in said or "df_undercut_doubled" in said:
            v = said.get("df_undercut") or said["df_undercut_doubled"]
            assert (v["deadwood"], v["knocker"], v["bonus"], v["points"]) == (d, k, bonus, (k - d + bonus) * times)
        elif "df_tie" in said:
            assert d == k and not p.rules.undercut_on_tie
        else:
            v = said.get("df_knocked") or said["df_knocked_doubled"]
            assert (v["deadwood"], v["knocker"], v["points"]) == (d, k, (d - k) * times) and d > k
        if "df_chain" in said:
            m = said["df_chain"]
            cards = [lo.card for lo in p.reply.layoffs]
            assert m["chain_card"] in cards and m["first_card"] in cards and m["unchained"] == s["unchained"]
            assert m["chain_card"].suit == m["first_card"].suit
            assert abs(m["chain_card"].rank - m["first_card"].rank) == 1
        assert ("df_chain" in said) == ("chain-layoff" in p.themes)
        if "df_break" in said:
            m = said["df_break"]
            assert (m["own"], m["naive"], m["deadwood"]) == (s["own"], s["meld_first"][True], d)
        assert ("df_break" in said) == ("break-a-meld" in p.themes)


def test_the_hint_ladder_leads_from_the_theme_to_the_answer(solved):
    for p, s in solved:
        first, least, answer = p.hint_messages
        lead = next((t for t in HINT_ORDER if t in p.themes), None)
        assert first.name == (f"theme_hint_{lead}" if lead else "df_hint_count")
        assert (least["deadwood"], least["knocker"]) == (s["least"], s["knocker"])
        assert answer == p.answer_messages[-1]
        if s["least"]:
            assert answer.name == ("df_answer_undercut" if p.undercut else "df_answer_no_undercut")
            assert answer["deadwood"] == s["least"]


def test_the_words_read_in_english():
    p = next(p for p in bank(KIND) if p.undercut and p.reply.deadwood)
    assert p.question.startswith("The knocker laid out ")
    assert p.explanation.startswith(f"The least deadwood you can keep is {p.deadwood}: ")
    assert p.answer_words().endswith(f"Keep {p.deadwood} ({' '.join(str(c) for c in p.reply.deadwood)}) and "
                                     f"undercut.")


def test_every_sentence_comes_from_the_catalogs():
    """Drawn in the pseudo-language, no word of a puzzle's text is left outside the marks."""
    sample = list(bank(KIND))[:40]
    with pseudo_language():
        for p in sample:
            texts = [p.question, p.explanation, *p.hints, p.answer_words(), render(p.count_message),
                     render(p.grade(p.reply.melds, [], p.undercut).messages),
                     render(p.grade(p.reply.melds, p.reply.layoffs, not p.undercut).messages),
                     *(THEMES[t].title for t in p.themes), *(THEMES[t].description for t in p.themes)]
            for text in texts:
                assert unmarked(text) == [], text
