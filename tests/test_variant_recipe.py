"""A rule variant added as docs/contributing.md's recipe says ("Add a rule variant"): its
entry in ``PRESETS`` and its title in ``PRESET_TITLES`` (``gintrainer/engine/rules.py``), and
nothing else, is taken in by the rules, the engine and its scoring, the command line, the
practice page's menu, the quick reference, and lesson 9's comparison, exercise and check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gintrainer import cli
from gintrainer.engine.hand import Hand
from gintrainer.engine.rules import PRESET_TITLES, PRESETS, Rules
from gintrainer.engine.scoring import score_hand
from gintrainer.exercises import compare_rules, generate
from gintrainer.lessons import LESSONS
from gintrainer.material.reference import quick_reference_sections
from gintrainer.trainers.practice import practice_rules
from gintrainer.words.errors import IllegalActionError

ROOT = Path(__file__).resolve().parents[1]
TOY = Rules(knock_limit=7, gin_bonus=30, undercut_bonus=15, next_dealer="loser")
TITLE = "toy house rules"
GIN = ("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", "8C 8D 8S 4C 4D 4S 5H 2C 2D AS")  # gin; the defender holds 10
KNOCK_8 = ("2H 3H 4H 5S 6S 7S 9C 9D 9H 8D", "KC QD JS 4C 4D 4S 5H 2C 2D AS")  # a knock with 8 deadwood


@pytest.fixture
def toy(monkeypatch):
    """The recipe's two entries, as rules.py would hold them (the title marked N_ there)."""
    monkeypatch.setitem(PRESETS, "toy", TOY)
    monkeypatch.setitem(PRESET_TITLES, "toy", TITLE)
    return TOY


def test_the_recipe_lists_the_two_entries_this_test_makes():
    recipe = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = recipe[recipe.index("## Add a rule variant"):]
    section = section[:section.index("A variant that needs an option")]
    files = re.findall(r"^\d+\. `([^`]+)`", section, flags=re.M)
    assert files == ["gintrainer/engine/rules.py", "gintrainer/locale/{tr,ku,ps}/LC_MESSAGES/gintrainer.po"]
    assert "`PRESETS`" in section and "`PRESET_TITLES`" in section
    assert "toy" not in PRESETS  # the preset the test adds is not one the trainer has


def test_the_rules_know_the_preset_by_name(toy):
    assert Rules.preset("toy") == toy and Rules.from_dict("toy") == toy and toy.name == "toy"
    assert toy.describe() == TITLE
    assert toy.replace(hollywood=True).describe() == f"{TITLE}, hollywood"


def test_the_engine_plays_and_scores_by_it(toy):
    assert score_hand(*GIN, Rules.preset("standard")).points == 35
    assert score_hand(*GIN, Rules.preset("toy")).points == 40  # its gin bonus, 30, and the defender's 10
    assert score_hand(*KNOCK_8, Rules.preset("standard")).points > 0
    with pytest.raises(IllegalActionError):
        score_hand(*KNOCK_8, Rules.preset("toy"))  # over its knock limit, 7
    hand = Hand.deal(Rules.preset("toy"), seed=3)
    assert hand.knock_limit == 7 and hand.rules == toy


def test_the_command_line_takes_it(toy, capsys):
    assert cli.main(["solve", "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H", "--rules", "toy"]) == 0
    assert "(knock limit 7," in capsys.readouterr().out
    assert cli.main(["duel", "--a", "naive", "--b", "random", "--hands", "2", "--rules", "toy", "--json"]) == 0
    assert '"hands": 2' in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    assert "toy" in capsys.readouterr().out


def test_the_practice_page_and_the_quick_reference_offer_it(toy):
    from gintrainer.widgets.practice import PracticePage

    assert practice_rules("toy", hollywood=True) == toy.replace(hollywood=True)
    assert (TITLE, "toy") in PracticePage().preset_choice.options
    presets = dict(quick_reference_sections())
    assert re.search(rf"<td[^>]*>{TITLE}</td>\s*<td[^>]*>7</td>\s*<td[^>]*>30</td>", " ".join(presets.values()))


def test_lesson_9_compares_asks_and_checks_it(toy):
    _, (header, *rows) = compare_rules(0)
    assert [row[:2] for row in rows if row[0] == TITLE] == [(TITLE, "7")]
    prompts = (generate("variant_points", seed).prompt for seed in range(60))
    asked = next((p for p in prompts if f"These are {TITLE} rules (gin bonus 30, undercut bonus 15)" in p), None)
    assert asked, "no 'same knock, other rules' exercise under the toy preset in 60 seeds"
    (big_gin,) = [q for q in LESSONS[9].checks() if "big gin switched on" in q.prompt]
    assert TITLE in big_gin.options
