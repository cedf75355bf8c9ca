"""What a "lay out your knock" puzzle says, held against the engine's scoring of
each layout (:func:`gintrainer.engine.scoring.score_hand`, one layout at a time): each
theme decides the answer it is tagged on (and no untagged puzzle meets it), the
difficulty band is the first naive player that answers right, and every number,
card and layout of the explanation and the hints is the engine's."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

import pytest

from gintrainer import min_deadwood
from gintrainer.engine.cards import sort_by_rank
from gintrainer.engine.melds import all_arrangements, is_meld
from gintrainer.engine.scoring import every_reply, knocker_net, score_hand
from gintrainer.material.messages import render
from gintrainer.puzzles import THEMES, bank, generate
from gintrainer.puzzles.kinds import PuzzleKind
from gintrainer.puzzles.knock_layout_themes import BANDS, HINT_ORDER
from gintrainer.puzzles.themes import kind_themes
from i18n import pseudo_language, unmarked

KIND = "knock_layout"


@lru_cache(maxsize=1)
def puzzles():
    return bank(KIND) + tuple(generate(KIND, seed="words", count=40))


def score(p, melds):
    return score_hand(p.hand, p.defender_hand, p.rules, knocker_melds=melds, upcard=p.upcard)


def net(p, melds) -> int:
    return knocker_net(score(p, melds))


def deadwood(p, melds) -> int:
    return sum(c.value for c in p.hand if all(c not in m for m in melds))


def laid_off(p, melds):
    return sort_by_rank(layoff.card for layoff in score(p, melds).layoffs)


def laying_offs(p, melds, card):
    """Every group of the defender's cards holding ``card`` that makes one of ``melds`` a meld again when laid
    on it (a card laid on one laid off before among them): by brute force over groups of up to four cards."""
    others = [c for c in p.defender_hand if c is not card]
    return [(card, *extra) for meld in melds for n in range(4) for extra in combinations(others, n)
            if is_meld((*meld, card, *extra))]


@cache
def least_layouts(p):
    """Every layout of the least deadwood (the engine's enumeration, each scored by score_hand)."""
    least = min_deadwood(p.hand)
    return tuple(a.melds for a in all_arrangements(p.hand, least) if a.points == least)


def test_the_kind_has_these_themes_each_with_words_and_a_hint_rank():
    themes = kind_themes(PuzzleKind.KNOCK_LAYOUT)
    assert set(themes) == {"block-layoffs", "fewest-layoffs", "avoid-undercut"} == set(HINT_ORDER)
    for name in themes:
        theme = THEMES[name]
        assert theme.title and theme.description.endswith(".") and theme.hint.endswith(".")


DECIDES = {
    "block-layoffs": lambda p: all(deadwood(p, layout) > min_deadwood(p.hand) for layout in p.layouts)
    and all(net(p, layout) < p.points for layout in least_layouts(p)),
    "fewest-layoffs": lambda p: any(net(p, layout) == p.points for layout in least_layouts(p))
    and any(net(p, layout) < p.points for layout in least_layouts(p)),
}


@pytest.mark.parametrize("theme", sorted(DECIDES))
def test_every_tagged_theme_decides_the_answer(theme):
    tagged = [p for p in puzzles() if theme in p.themes]
    assert tagged, f"no puzzle has the theme {theme}"
    for p in puzzles():
        assert DECIDES[theme](p) == (theme in p.themes), p.id


def test_avoid_undercut_is_an_undercut_layout_of_least_deadwood_beaten_by_no_undercut():
    """Tagged exactly when the least-deadwood layout the explanation compares is undercut and the best is not."""
    tagged = [p for p in puzzles() if "avoid-undercut" in p.themes]
    assert tagged
    for p in puzzles():
        rival = p.explanation_messages[2]["rival_layout"]
        assert ("avoid-undercut" in p.themes) == (net(p, rival) < 0 <= p.points), p.id
        if "avoid-undercut" in p.themes:
            assert any(net(p, layout) < 0 for layout in least_layouts(p))


def test_the_difficulty_band_is_the_first_naive_player_that_answers_right():
    from gintrainer.engine.scoring import knocker_layouts
    for p in puzzles():
        engine = knocker_layouts(p.hand, p.defender_hand)[0].melds
        layouts = [a.melds for a in all_arrangements(p.hand, p.knock_limit)]
        blocker = min(layouts, key=lambda m: (-score(p, m).defender_deadwood, deadwood(p, m)))
        level = 1 if net(p, engine) == p.points else 2 if net(p, blocker) == p.points else 3
        assert BANDS[level] <= p.difficulty < BANDS[level] + 400, p.id


def test_every_sentence_says_what_the_engine_says():
    for p in puzzles():
        lead, layoffs, *rest = p.explanation_messages
        best = lead["layout"]
        assert best in p.layouts and lead["deadwood"] == deadwood(p, best)
        hand_score = score(p, best)
        assert lead.name == {1: "kl_best_knock", -1: "kl_best_undercut", 0: "kl_best_tie"}[
            (p.points > 0) - (p.points < 0)]
        if lead.name != "kl_best_tie":
            assert lead["defender_deadwood"] == hand_score.defender_deadwood
        assert lead.get("points", p.points) == p.points == net(p, best)
        assert lead.get("lost", -p.points) == -p.points
        if laid_off(p, best):
            assert layoffs.name == "kl_layoffs" and layoffs["layoff_cards"] == laid_off(p, best)
        else:
            assert layoffs.name == "kl_layoffs_none"
        rival, *blocked = rest
        other = rival["rival_layout"]
        assert other in least_layouts(p) and rival["deadwood"] == min_deadwood(p.hand)
        assert rival["layoff_cards"] == laid_off(p, other)
        assert net(p, other) <= p.points - 2
        if rival.name == "kl_rival_knock":
            assert rival["points"] == net(p, other) > 0
        elif rival.name == "kl_rival_undercut":
            assert rival["lost"] == -net(p, other) > 0
        else:
            assert rival.name == "kl_rival_tie" and net(p, other) == 0
        if rival.name != "kl_rival_tie":
            assert rival["defender_deadwood"] == score(p, other).defender_deadwood
        names = [said.name for said in blocked]
        assert names in ([], ["kl_blocked"], ["kl_layoffs_kept"], ["kl_blocked", "kl_layoffs_kept"])
        if blocked:
            assert "block-layoffs" in p.themes
            stopped = tuple(c for c in laid_off(p, other) if c not in laid_off(p, best))
            said = {m.name: m for m in blocked}
            barred = said["kl_blocked"]["blocked_cards"] if "kl_blocked" in said else ()
            unpaid = said["kl_layoffs_kept"]["unpaid_cards"] if "kl_layoffs_kept" in said else ()
            assert sorted(barred + unpaid) == sorted(stopped) and barred + unpaid
            assert all(not laying_offs(p, best, c) for c in barred)  # "keeps the defender from laying off"
            reply = score(p, best)
            assert reply.defender_deadwood == min(r.points for r in every_reply(p.defender_hand, best))
            for card in unpaid:  # "could still be laid off, but only by breaking one of the defender's melds"
                assert laying_offs(p, best, card)
                assert all(any(c in m for c in group for m in reply.defender_melds)
                           for group in laying_offs(p, best, card))
        if "kl_blocked" in names:
            kept = sort_by_rank(c for c in p.hand if all(c not in m for m in best)
                                and any(c in m for m in other))
            assert blocked[0]["kept_cards"] == kept


def test_the_hint_ladder_leads_from_the_theme_to_the_answer():
    for p in puzzles():
        first, *middle, answer = p.hint_messages
        lead = next((t for t in HINT_ORDER if t in p.themes), None)
        assert first.name == (f"theme_hint_{lead}" if lead else "kl_hint_count")
        assert answer.name == "kl_hint_answer" and answer["layout"] in p.layouts
        for said in middle:
            assert said.name == "kl_hint_layoffs"
            assert said["layoff_cards"] == laid_off(p, said["rival_layout"])
            assert said["rival_layout"] in least_layouts(p)


def test_the_words_read_in_english():
    p = next(p for p in bank(KIND) if p.points > 0)
    melds = " · ".join(" ".join(str(c) for c in m) for m in p.layouts[0])
    assert p.explanation.startswith(f"Lay out {melds}: you keep {deadwood(p, p.layouts[0])} deadwood")
    assert f"you score {p.points}." in p.explanation
    assert p.answer_words().startswith(f"Lay out {melds}")


def test_every_sentence_comes_from_the_catalogs():
    """Drawn in the pseudo-language, no word of a puzzle's text is left outside the marks."""
    sample = list(bank(KIND))[:40]
    with pseudo_language():
        for p in sample:
            texts = [p.question, p.explanation, *p.hints, p.answer_words(), render(p.count_message),
                     render(p.grade(least_layouts(p)[0]).messages), *(THEMES[t].title for t in p.themes),
                     *(THEMES[t].description for t in p.themes)]
            for text in texts:
                assert unmarked(text) == [], text
