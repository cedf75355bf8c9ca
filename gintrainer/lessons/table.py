"""The lessons' numbers, notebook files, titles and goals: one table, which the
lessons' definitions use and which the site map and every page's navigation read
without importing the definitions (their demonstrations, exercises and checks).

>>> PAGES[5].title, PAGES[5].file
('Knocking and gin', '05_knocking_and_gin.ipynb')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.rules import PRESETS, Rules
from ..words.language import N_, t

STANDARD = PRESETS["standard"]
"""The rules the lessons teach (and their goals quote) unless told others."""


@dataclass(frozen=True, slots=True)
class LessonPage:
    """A lesson's number, its notebook's name (``slug``), its title and its goal
    (``title_text`` and ``goal_text``: the English, marked with N_; the goal a template
    filled from the rules)."""

    number: int
    slug: str
    title_text: str
    goal_text: str

    @property
    def title(self) -> str:
        """The title in the current language."""
        return t(self.title_text)

    @property
    def goal(self) -> str:
        """The goal, with the standard rules' numbers."""
        return self.goal_for(STANDARD)

    def goal_for(self, rules: Rules) -> str:
        return t(self.goal_text).format_map(rules.to_dict())

    @property
    def file(self) -> str:
        return f"{self.number:02d}_{self.slug}.ipynb"


PAGES: dict[int, LessonPage] = {page.number: page for page in (
    LessonPage(1, "cards_and_melds", N_("Cards, values and melds"),
               N_("Know what each card is worth, recognise sets and runs, and count a hand's deadwood.")),
    LessonPage(2, "dealing", N_("Dealing"),
               N_("Deal a hand: who deals, ten cards each one at a time, the upcard and the stock.")),
    LessonPage(3, "first_turn", N_("The first turn"),
               N_("Play the first turn: the upcard is offered to the non-dealer, then the dealer; if both pass, the "
                  "non-dealer draws from the stock.")),
    LessonPage(4, "normal_turn", N_("A normal turn"),
               N_("Play a normal turn: draw from the stock or take the top discard, then discard; never throw back "
                  "the card you just took from the pile.")),
    LessonPage(5, "knocking_and_gin", N_("Knocking and gin"),
               N_("End a hand: knock with {knock_limit} or less deadwood, go gin with none, and know big gin.")),
    LessonPage(6, "laying_off", N_("Laying off"),
               N_("As the defender, lay off cards on the knocker's melds: the fourth card of a set, run ends, and "
                  "chains; see how the knocker's layout can block them; and know that gin allows no lay-offs.")),
    LessonPage(7, "scoring_a_hand", N_("Scoring a hand"),
               N_("Score a hand: the difference for a knock, the undercut and its bonus, the gin bonus, and the dead "
                  "hand.")),
    LessonPage(8, "scoring_a_match", N_("Scoring a match"),
               N_("Score a whole match: the target, the game bonus, box bonuses, the shutout, and who deals next.")),
    LessonPage(9, "variants", N_("Variants"),
               N_("Know the variants (Oklahoma, straight gin, Hollywood, big gin) and the presets, and see how the "
                  "same hand scores under each.")),
    LessonPage(10, "strategy", N_("Strategy"),
               N_("Know when to knock at once and when to wait for gin, keep the cards that can meld, feed your "
                  "opponent nothing, and lay out your knock to leave the fewest lay-offs.")),
)}
"""Every lesson's page, by number, in order."""

FIRST_HAND_KEY = "first_hand"
"""The first hand, a lesson page without a number (:mod:`.first_hand`), by its key."""
FIRST_HAND_TITLE = N_("Play your first hand")
FIRST_HAND_GOAL = N_("Play a whole hand yourself, from the upcard to the score, each move checked as you make it.")
