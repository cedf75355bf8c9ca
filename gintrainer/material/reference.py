"""The glossary and the one-page quick reference, as printable HTML.

The numbers come from the rules objects, so the pages follow the engine, and
every example hand is one the tests check with the engine.

>>> "knock limit" in quick_reference_html().lower(), len(GLOSSARY) > 30
(True, True)
>>> dict((term, text) for term, text, _ in glossary(Rules(knock_limit=7)))["Knock limit"]
'The most deadwood you may have when you knock: 7 in these rules.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from ..engine.cards import Card, parse_cards
from ..engine.hand import Hand
from ..engine.melds import best_arrangement
from ..engine.rules import PRESETS, Rules, preset_title
from ..words.language import N_, sort_key, t, tc
from .drawing import cards_html, group_html, page

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    (N_("Ace"), N_("The lowest card, worth {ace} point. A-2-3 is a run; Q-K-A and K-A-2 are not."), "AS 2S 3S"),
    (N_("Arrangement"), N_("A way of sorting a hand into melds and deadwood. The best arrangement leaves the least "
                           "deadwood."), ""),
    (N_("Big gin"), N_("An option: after drawing, all {big_gin_cards} cards form melds, and the player goes out "
                       "without discarding. Scores a bonus ({big_gin_bonus}) plus the opponent's deadwood."), ""),
    (N_("Box"), N_("A hand won. At the end of a match each player gets a box bonus ({box_bonus}) for every hand "
                   "they won."), ""),
    (N_("Card values"), N_("Ace {ace}, two to ten their number, jack, queen and king {picture}."), "AH 7C KD"),
    (N_("Chained lay-off"), N_("Laying off a card on a run that an earlier lay-off already extended: after 9♥ on 6♥ "
                               "7♥ 8♥, the 10♥ may follow."), "6H 7H 8H 9H TH"),
    (N_("Dead hand"), N_("When only {dead_stock_cards} cards are left in the stock and the player who drew discards "
                         "without knocking, the hand ends at once with no score: the other player may not take that "
                         "discard, and the same dealer deals again."), ""),
    (N_("Deadwood"), N_("Cards that are in no meld."), ""),
    (N_("Deadwood count"), N_("The total value of the deadwood cards."), ""),
    (N_("Deal"), N_("The dealer gives ten cards to each player, one at a time, the other player first."), ""),
    (N_("Dealer"), N_("The player who deals. The first dealer is chosen at random; then the winner of a hand deals "
                      "the next (after a hand with no score, the same dealer deals again)."), ""),
    (N_("Defender"), N_("The player who did not knock. They lay out their melds and may lay off cards on the "
                        "knocker's melds."), ""),
    (N_("Discard"), N_("Putting one card face up on the discard pile; every turn ends with a discard (or a knock)."),
                   ""),
    (N_("Discard pile"), N_("The face-up pile beside the stock; it starts with the upcard. Its top card may be taken "
                            "instead of drawing from the stock."), ""),
    (N_("Draw"), N_("Taking the top card of the stock (face down) at the start of a turn."), ""),
    (N_("Game bonus"), N_("{game_bonus} points for the player who wins the match (multiplied by {shutout_multiplier} "
                          "in a shutout)."), ""),
    (N_("Gin"), N_("Knocking with no deadwood at all: all ten cards left after the knock discard are in melds. "
                   "Scores the gin bonus ({gin_bonus}) plus the opponent's deadwood; the opponent may not lay off, "
                   "and gin cannot be undercut, even by a hand with no deadwood."), "AC 2C 3C 4C 7H 7S 7D JS QS KS"),
    (N_("Hand"), N_("One deal, played until someone knocks or the stock runs down."), ""),
    (N_("Hollywood"), N_("A variant in which three games are scored at once; each game ends, and takes its bonuses, "
                         "on its own."), ""),
    (N_("Knock"), N_("Ending the hand: discard face down, leaving ten cards with deadwood within the knock limit, "
                     "and lay them out."), ""),
    (N_("Knock limit"), N_("The most deadwood you may have when you knock: {knock_limit} in the standard rules."), ""),
    (N_("Knocker"), N_("The player who knocks."), ""),
    (N_("Lay off"), N_("After a knock (not gin) the defender adds their cards to the knocker's melds: the fourth card "
                       "of a set, or cards at either end of a run."), ""),
    (N_("Layout"), N_("How the knocker lays out their melds. When the cards can be laid out in more than one way with "
                      "the same deadwood, the knocker chooses, and the choice decides which cards the defender can "
                      "lay off."),
                  "6H 7H 8H 9C 9D 9H 9S"),
    (N_("Match"), N_("Hands played until one player reaches the target score ({target})."), ""),
    (N_("Meld"), N_("A set or a run. A card belongs to one meld only."), ""),
    (N_("Non-dealer"), N_("The player who does not deal. They get the first card and are offered the upcard "
                          "first."), ""),
    (N_("Oklahoma"), N_("A variant in which the first upcard's value is the knock limit for that hand; an ace means "
                        "only gin may go out."), ""),
    (N_("Pass"), N_("Declining the upcard in the first turn."), ""),
    (N_("Preset"), N_("A named set of rules options: standard (this trainer's rule book), modern and classic."), ""),
    (N_("Run"), N_("Three or more cards of one suit in sequence."), "4C 5C 6C 7C"),
    (N_("Set"), N_("Three or four cards of one rank."), "7S 7H 7D"),
    (N_("Shutout"), N_("A match in which the loser won no hand: the game bonus is multiplied by "
                       "{shutout_multiplier}."), ""),
    (N_("Stock"), N_("The face-down pile of cards left after the deal ({stock} cards at the start)."), ""),
    (N_("Straight gin"), N_("A variant with no knocking: a player may only go out with gin."), ""),
    (N_("Take"), N_("Taking the top card of the discard pile (the card just taken may not be discarded the same "
                    "turn)."), ""),
    (N_("Target"), N_("The score that ends the match: {target} in the standard rules."), ""),
    (N_("Undercut"), N_("When the defender's deadwood (after lay-offs) is equal to or lower than the knocker's: the "
                        "defender scores the difference plus the undercut bonus ({undercut_bonus})."), ""),
    (N_("Upcard"), N_("The card turned face up after the deal; it starts the discard pile."), ""),
)
"""(term, definition, example cards in file notation or ""). A definition is a template
whose numbers come from the rules (:func:`glossary` fills it in), written for the standard
rules; :data:`OTHER_RULES` holds the definitions that read otherwise under other rules.
Terms and definitions are English, marked for the catalog: :func:`glossary` translates them."""

OTHER_RULES: dict[str, tuple[Callable[[Rules], bool], str]] = {
    "Dealer": (lambda rules: rules.next_dealer == "loser",
               N_("The player who deals. The first dealer is chosen at random; then the loser of a hand deals the "
                  "next (after a hand with no score, the same dealer deals again).")),
    "Knock limit": (lambda rules: rules != PRESETS["standard"],
                    N_("The most deadwood you may have when you knock: {knock_limit} in these rules.")),
    "Target": (lambda rules: rules != PRESETS["standard"],
               N_("The score that ends the match: {target} in these rules.")),
    "Undercut": (lambda rules: not rules.undercut_on_tie,
                 N_("When the defender's deadwood (after lay-offs) is lower than the knocker's: the defender scores "
                    "the difference plus the undercut bonus ({undercut_bonus}).")),
}
"""(when it applies, the definition) for the glossary's terms whose sentence changes with the rules."""


def preset_name(name: str) -> str:
    """A preset's name (``standard``, ``modern``, ``classic``) as the learner's language writes it
    (a preset this table does not name: its title in ``PRESET_TITLES``)."""
    names = {"standard": tc("preset", "standard"), "modern": tc("preset", "modern"),
             "classic": tc("preset", "classic")}
    return names[name] if name in names else preset_title(name)


def rule_values(rules: Rules = Rules()) -> dict[str, bool | int | str]:
    """The numbers the reference pages quote: the rules' options, the card values, the
    stock after the deal and the cards of a big gin (from a dealt hand)."""
    dealt = Hand.deal(rules, seed=0)
    return {**rules.to_dict(), "ace": Card.parse("AS").value, "picture": Card.parse("KS").value,
            "stock": dealt.stock_count, "big_gin_cards": len(dealt.held(0)) + 1}


def glossary(rules: Rules = Rules()) -> tuple[tuple[str, str, str], ...]:
    """The glossary with the numbers of ``rules``, in the current language and in
    its alphabetical order."""
    values = rule_values(rules)
    entries = []
    for term, definition, example in GLOSSARY:
        applies, other = OTHER_RULES.get(term, (None, ""))
        text = other if applies is not None and applies(rules) else definition
        entries.append((t(term), t(text).format_map(values), example))
    return tuple(sorted(entries, key=lambda entry: sort_key(entry[0])))


QUICK_MELDS: tuple[tuple[str, str | None, str], ...] = (
    ("7S 7H 7D", "set", N_("set")),
    ("AC 2C 3C 4C", "run", N_("run")),
    ("QH KH AH", None, N_("not a run")),
)
"""The meld examples of the quick reference: (cards, what meld_kind says, caption)."""

QUICK_VALUES = (("AS 2H 3C 4D 5S 6H 7C 8D 9S TH", N_("ace {ace} · two to ten: their number")),
                ("JC QD KS", N_("jack, queen, king: {picture}")))
"""The card-value rows of the quick reference: (cards, caption template)."""

QUICK_EXAMPLE = "8C 8D 8H 4C 4D 4S 5H 2C 2D AS"
"""The hand the quick reference arranges (the Kurmanji page's worked example)."""


def glossary_html(rules: Rules = Rules(), *, size: str = "small", four_colour: bool = False) -> str:
    """The glossary as an HTML definition list, with cards drawn for the examples."""
    items = []
    for term, definition, example in glossary(rules):
        cards = f"<div>{cards_html(example, size=size, four_colour=four_colour)}</div>" if example else ""
        items.append(f"<dt><b>{escape(term)}</b></dt><dd>{escape(definition)}{cards}</dd>")
    return f'<div class="gt-ref"><dl>{"".join(items)}</dl></div>'


def _table(rows: Sequence[Sequence[object]]) -> str:
    head, *body = rows
    cells = "".join(f"<th>{escape(str(c))}</th>" for c in head)
    lines = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in body)
    return f"<table><tr>{cells}</tr>{lines}</table>"


def quick_reference_sections(rules: Rules = Rules(), *, size: str = "small",
                             four_colour: bool = False) -> list[tuple[str, str]]:
    """The quick reference as (title, HTML) sections: card values, melds, the turn,
    going out, laying off, scoring, the match, and the presets, with the numbers
    of ``rules``. A projector shows them one at a time."""
    numbers = rule_values(rules)
    values = "".join(group_html(cards_html(cards, size=size, four_colour=four_colour), t(caption).format_map(numbers))
                     for cards, caption in QUICK_VALUES)
    example = parse_cards(QUICK_EXAMPLE)
    arrangement = best_arrangement(example)
    presets: list[tuple[object, ...]] = [(tc("column", "Preset"), tc("column", "Knock limit"),
                                          tc("column", "Gin bonus"), tc("column", "Big gin"),
                                          tc("column", "Undercut bonus"), tc("column", "Tie is an undercut"),
                                          tc("column", "Next dealer"))]
    for name, preset in PRESETS.items():
        presets.append((preset_name(name), preset.knock_limit, preset.gin_bonus,
                        tc("big gin", "on, {bonus}", bonus=preset.big_gin_bonus) if preset.big_gin
                        else tc("big gin", "off"),
                        preset.undercut_bonus, tc("cell", "yes") if preset.undercut_on_tie else tc("cell", "no"),
                        tc("next dealer", "winner") if preset.next_dealer == "winner" else tc("next dealer", "loser")))
    melds = "".join(group_html(cards_html(cards, size=size, four_colour=four_colour), t(caption))
                    for cards, _, caption in QUICK_MELDS)
    r = rules
    return [
        (tc("reference", "Cards"), f"<div>{values}</div>"),
        (tc("reference", "Melds"),
         "<p>" + t("A <b>set</b> is 3 or 4 cards of one rank; a <b>run</b> is 3 or more cards of one suit in "
                   "sequence. The ace is low. A card belongs to one meld only. Cards in no meld are "
                   "<b>deadwood</b>.") + "</p>"
         f"<div>{melds}</div>"
         "<p>" + escape(t("Example: {arrangement} — deadwood {points}.", arrangement=str(arrangement),
                          points=arrangement.points)) + "</p>"),
        (tc("reference", "The deal"),
         "<p>" + t("Ten cards each, one at a time, the non-dealer first. The next card is the <b>upcard</b> (it "
                   "starts the discard pile); the other {stock} are the <b>stock</b>.", stock=numbers["stock"])
         + "</p>"),
        (tc("reference", "The first turn"),
         "<p>" + t("The non-dealer may take the upcard or pass; then the dealer may take it or pass; if both pass, "
                   "the non-dealer draws from the stock. Whoever takes the upcard discards another card (or "
                   "knocks).") + "</p>"),
        (tc("reference", "Every turn"),
         "<p>" + t("Draw the top card of the stock or take the top card of the discard pile, then discard one "
                   "card. The card just taken from the pile may not be thrown back the same turn; a card from the "
                   "stock may.") + "</p>"),
        (tc("reference", "Going out"),
         "<p>" + t("<b>Knock</b>: discard face down, leaving deadwood of at most {limit} (the knock limit), and "
                   "lay out your melds. <b>Gin</b>: knock with no deadwood. <b>Big gin</b> (an option): all "
                   "{big_gin_cards} cards meld, no discard.", limit=r.knock_limit,
                   big_gin_cards=numbers["big_gin_cards"]) + "</p>"),
        (tc("reference", "Laying off"),
         "<p>" + t("The knocker lays out their melds as they choose (when two layouts leave the same deadwood, the "
                   "choice decides what can be laid off). After a knock (not gin or big gin) the defender lays out "
                   "their melds, then may add cards to the knocker's melds: the fourth card of a set, cards at either "
                   "end of a run, one after another.") + "</p>"),
        (tc("reference", "Scoring a hand"), _table(_scoring_rows(r))),
        (tc("reference", "The match"), "<p>" + _match_words(r) + "</p>"),
        (tc("reference", "Variants and presets"),
         "<p>" + t("<b>Oklahoma</b>: the first upcard's value is the knock limit (an ace: gin only). <b>Straight "
                   "gin</b>: gin only. <b>Hollywood</b>: three games scored at once, each ending with its own "
                   "bonuses when a player reaches the target in it. <b>Big gin</b>: see above.") + "</p>"
         + _table(presets)),
    ]


def _scoring_rows(r: Rules) -> list[tuple[str, ...]]:
    """The quick reference's table of hand results."""
    undercut = (t("Undercut (defender ≤ knocker)") if r.undercut_on_tie else t("Undercut (defender < knocker)"))
    return [(tc("column", "Result"), tc("column", "Who scores"), tc("column", "Points")),
            (tc("result", "Knock"), tc("who scores", "knocker"), t("defender's deadwood − knocker's deadwood")),
            (undercut, tc("who scores", "defender"),
             t("knocker's deadwood − defender's deadwood + {bonus}", bonus=r.undercut_bonus)),
            (tc("result", "Gin"), tc("who scores", "knocker"),
             t("{bonus} + defender's deadwood (no lay-offs; gin cannot be undercut)", bonus=r.gin_bonus)),
            (tc("result", "Big gin"), tc("who scores", "knocker"),
             t("{bonus} + defender's deadwood", bonus=r.big_gin_bonus)),
            (tc("result", "Dead hand"), tc("who scores", "nobody"),
             t("stock down to {cards} cards without a knock; the last discard cannot be taken; the same dealer "
               "deals again", cards=r.dead_stock_cards))]


def _match_words(r: Rules) -> str:
    """The quick reference's paragraph on the match (with its markup)."""
    values = dict(target=r.target, bonus=r.game_bonus, times=r.shutout_multiplier, box=r.box_bonus)
    if r.next_dealer == "loser":
        return t("Play hands until someone reaches <b>{target}</b>. The loser of a hand deals the next. At the end: "
                 "game bonus {bonus} to the winner (× {times} in a shutout, when the loser won no hand); {box} to "
                 "each player for every hand they won.", **values)
    return t("Play hands until someone reaches <b>{target}</b>. The winner of a hand deals the next. At the end: "
             "game bonus {bonus} to the winner (× {times} in a shutout, when the loser won no hand); {box} to "
             "each player for every hand they won.", **values)


def quick_reference_html(rules: Rules = Rules(), *, size: str = "small", four_colour: bool = False) -> str:
    """The quick reference as one printable page."""
    sections = quick_reference_sections(rules, size=size, four_colour=four_colour)
    heading = escape(t("Gin Rummy: quick reference"))
    return (f'<div class="gt-ref"><h2>{heading}</h2>'
            + "".join(f"<h3>{escape(title)}</h3>{html}" for title, html in sections) + "</div>")


def printable(which: str = "quick_reference") -> str:
    """A whole standalone HTML page of the quick reference or the glossary."""
    if which == "quick_reference":
        return page(quick_reference_html(size="normal"), title=t("Gin Rummy quick reference"))
    if which == "glossary":
        return page(glossary_html(size="normal"), title=t("Gin Rummy glossary"))
    raise ValueError(f"printable pages are 'quick_reference' and 'glossary', not {which!r}")
