"""The glossary and the one-page quick reference, as printable HTML.

The numbers come from the rules objects, so the pages follow the engine, and
every example hand is one the tests check with the engine.

>>> "knock limit" in quick_reference_html().lower(), len(GLOSSARY) > 30
(True, True)
>>> dict((term, text) for term, text, _ in glossary(Rules(knock_limit=7)))["Knock limit"]
'The most deadwood you may have when you knock: 7 in these rules.'
"""

from __future__ import annotations

from html import escape

from .cards import Card, parse_cards
from .drawing import cards_html, group_html, page
from .hand import Hand
from .melds import best_arrangement
from .rules import PRESETS, Rules

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("Ace", "The lowest card, worth {ace} point. A-2-3 is a run; Q-K-A and K-A-2 are not.", "AS 2S 3S"),
    ("Arrangement", "A way of sorting a hand into melds and deadwood. The best arrangement leaves the least "
                    "deadwood.", ""),
    ("Big gin", "An option: after drawing, all 11 cards form melds, and the player goes out without "
                "discarding. Scores a bonus ({big_gin_bonus}) plus the opponent's deadwood.", ""),
    ("Box", "A hand won. At the end of a match each player gets a box bonus ({box_bonus}) for every hand he "
            "won.", ""),
    ("Card values", "Ace {ace}, two to ten their number, jack, queen and king {picture}.", "AH 7C KD"),
    ("Chained lay-off", "Laying off a card on a run that an earlier lay-off already extended: after 9♥ on "
                        "6♥ 7♥ 8♥, the 10♥ may follow.", "6H 7H 8H 9H TH"),
    ("Dead hand", "When only {dead_stock_cards} cards are left in the stock and the player who drew discards "
                  "without knocking, the hand ends at once with no score: the other player may not take that "
                  "discard, and the same dealer deals again.", ""),
    ("Deadwood", "Cards that are in no meld.", ""),
    ("Deadwood count", "The total value of the deadwood cards.", ""),
    ("Deal", "The dealer gives ten cards to each player, one at a time, the other player first.", ""),
    ("Dealer", "The player who deals. The first dealer is chosen at random; then the {next_dealer} of a hand "
               "deals the next (after a hand with no score, the same dealer deals again).", ""),
    ("Defender", "The player who did not knock. He lays out his melds and may lay off cards on the "
                 "knocker's melds.", ""),
    ("Discard", "Putting one card face up on the discard pile; every turn ends with a discard (or a knock).", ""),
    ("Discard pile", "The face-up pile beside the stock; it starts with the upcard. Its top card may be "
                     "taken instead of drawing from the stock.", ""),
    ("Draw", "Taking the top card of the stock (face down) at the start of a turn.", ""),
    ("Game bonus", "{game_bonus} points for the player who wins the match (multiplied by {shutout_multiplier} "
                   "in a shutout).", ""),
    ("Gin", "Knocking with no deadwood at all: all ten cards left after the knock discard are in melds. Scores "
            "the gin bonus ({gin_bonus}) plus the opponent's deadwood; the opponent may not lay off, and gin "
            "cannot be undercut, even by a hand with no deadwood.", "AC 2C 3C 4C 7H 7S 7D JS QS KS"),
    ("Hand", "One deal, played until someone knocks or the stock runs down.", ""),
    ("Hollywood", "A variant in which three games are scored at once; each game ends, and takes its bonuses, "
                  "on its own.", ""),
    ("Knock", "Ending the hand: discard face down, leaving ten cards with deadwood within the knock limit, "
              "and lay them out.", ""),
    ("Knock limit", "The most deadwood you may have when you knock: {knock_limit} in {which}.", ""),
    ("Knocker", "The player who knocks.", ""),
    ("Lay off", "After a knock (not gin) the defender adds his cards to the knocker's melds: the fourth card "
                "of a set, or cards at either end of a run.", ""),
    ("Layout", "How the knocker lays out his melds. When his cards can be laid out in more than one way with "
               "the same deadwood, he chooses, and his choice decides which cards the defender can lay off.",
     "6H 7H 8H 9C 9D 9H 9S"),
    ("Match", "Hands played until one player reaches the target score ({target}).", ""),
    ("Meld", "A set or a run. A card belongs to one meld only.", ""),
    ("Non-dealer", "The player who does not deal. He gets the first card and is offered the upcard first.", ""),
    ("Oklahoma", "A variant in which the first upcard's value is the knock limit for that hand; an ace means "
                 "only gin may go out.", ""),
    ("Pass", "Declining the upcard in the first turn.", ""),
    ("Preset", "A named set of rules options: standard (this trainer's rule book), modern and classic.", ""),
    ("Run", "Three or more cards of one suit in sequence.", "4C 5C 6C 7C"),
    ("Set", "Three or four cards of one rank.", "7S 7H 7D"),
    ("Shutout", "A match in which the loser won no hand: the game bonus is multiplied by "
                "{shutout_multiplier}.", ""),
    ("Stock", "The face-down pile of cards left after the deal ({stock} cards at the start).", ""),
    ("Straight gin", "A variant with no knocking: a player may only go out with gin.", ""),
    ("Take", "Taking the top card of the discard pile (the card just taken may not be discarded the same "
             "turn).", ""),
    ("Target", "The score that ends the match: {target} in {which}.", ""),
    ("Undercut", "When the defender's deadwood (after lay-offs) is {undercut_when} the knocker's: the "
                 "defender scores the difference plus the undercut bonus ({undercut_bonus}).", ""),
    ("Upcard", "The card turned face up after the deal; it starts the discard pile.", ""),
)
"""(term, definition, example cards in file notation or ""). A definition is a template
whose numbers come from the rules (:func:`glossary` fills it in)."""


def rule_values(rules: Rules = Rules()) -> dict:
    """The numbers the reference pages quote: the rules' options, the card values and
    the stock after the deal (from a dealt hand), and which rules these are."""
    return {**rules.to_dict(), "ace": Card.parse("AS").value, "picture": Card.parse("KS").value,
            "stock": Hand.deal(rules, seed=0).stock_count,
            "undercut_when": "equal to or lower than" if rules.undercut_on_tie else "lower than",
            "which": "the standard rules" if rules == PRESETS["standard"] else "these rules"}


def glossary(rules: Rules = Rules()) -> tuple[tuple[str, str, str], ...]:
    """The glossary with the numbers of ``rules``."""
    values = rule_values(rules)
    return tuple((term, definition.format_map(values), example) for term, definition, example in GLOSSARY)


QUICK_MELDS: tuple[tuple[str, str | None, str], ...] = (
    ("7S 7H 7D", "set", "set"),
    ("AC 2C 3C 4C", "run", "run"),
    ("QH KH AH", None, "not a run"),
)
"""The meld examples of the quick reference: (cards, what meld_kind says, caption)."""

QUICK_VALUES = (("AS 2H 3C 4D 5S 6H 7C 8D 9S TH", "ace {ace} · two to ten: their number"),
                ("JC QD KS", "jack, queen, king: {picture}"))
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


def _table(rows) -> str:
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
    values = "".join(group_html(cards_html(cards, size=size, four_colour=four_colour), caption.format_map(numbers))
                     for cards, caption in QUICK_VALUES)
    example = parse_cards(QUICK_EXAMPLE)
    arrangement = best_arrangement(example)
    presets: list[tuple[object, ...]] = [("Preset", "Knock limit", "Gin bonus", "Big gin", "Undercut bonus",
                                          "Tie is an undercut", "Next dealer")]
    for name, preset in PRESETS.items():
        presets.append((name, preset.knock_limit, preset.gin_bonus,
                        f"on, {preset.big_gin_bonus}" if preset.big_gin else "off",
                        preset.undercut_bonus, "yes" if preset.undercut_on_tie else "no", preset.next_dealer))
    melds = "".join(group_html(cards_html(cards, size=size, four_colour=four_colour), caption)
                    for cards, _, caption in QUICK_MELDS)
    r = rules
    return [
        ("Cards", f"<div>{values}</div>"),
        ("Melds",
         "<p>A <b>set</b> is 3 or 4 cards of one rank; a <b>run</b> is 3 or more cards of one suit in sequence. "
         "The ace is low. A card belongs to one meld only. Cards in no meld are <b>deadwood</b>.</p>"
         f"<div>{melds}</div>"
         f"<p>Example: {escape(str(arrangement))} — deadwood {arrangement.points}.</p>"),
        ("The deal",
         f"<p>Ten cards each, one at a time, the non-dealer first. The next card is the <b>upcard</b> (it starts "
         f"the discard pile); the other {numbers['stock']} are the <b>stock</b>.</p>"),
        ("The first turn",
         "<p>The non-dealer may take the upcard or pass; then the dealer may take it or pass; if both pass, the "
         "non-dealer draws from the stock. Whoever takes the upcard discards another card (or knocks).</p>"),
        ("Every turn",
         "<p>Draw the top card of the stock or take the top card of the discard pile, then discard one card. "
         "The card just taken from the pile may not be thrown back the same turn; a card from the stock may.</p>"),
        ("Going out",
         f"<p><b>Knock</b>: discard face down, leaving deadwood of at most {r.knock_limit} (the knock limit), "
         f"and lay out your melds. <b>Gin</b>: knock with no deadwood. <b>Big gin</b> (an option): all 11 cards "
         f"meld, no discard.</p>"),
        ("Laying off",
         "<p>The knocker lays out his melds as he chooses (when two layouts leave the same deadwood, the choice "
         "decides what can be laid off). After a knock (not gin or big gin) the defender lays out his melds, "
         "then may add cards to the knocker's melds: the fourth card of a set, cards at either end of a run, "
         "one after another.</p>"),
        ("Scoring a hand",
         _table([("Result", "Who scores", "Points"),
                ("Knock", "knocker", "defender's deadwood − knocker's deadwood"),
                (f"Undercut (defender {'≤' if r.undercut_on_tie else '<'} knocker)", "defender",
                 f"knocker's deadwood − defender's deadwood + {r.undercut_bonus}"),
                ("Gin", "knocker", f"{r.gin_bonus} + defender's deadwood (no lay-offs; gin cannot be undercut)"),
                ("Big gin", "knocker", f"{r.big_gin_bonus} + defender's deadwood"),
                ("Dead hand", "nobody",
                 f"stock down to {r.dead_stock_cards} cards without a knock; the last discard cannot be taken; "
                 "the same dealer deals again")])),
        ("The match",
         f"<p>Play hands until someone reaches <b>{r.target}</b>. The {r.next_dealer} of a hand deals the next. At the "
         f"end: game bonus {r.game_bonus} to the winner (× {r.shutout_multiplier} in a shutout, when the loser "
         f"won no hand); {r.box_bonus} to each player for every hand he won.</p>"),
        ("Variants and presets",
         "<p><b>Oklahoma</b>: the first upcard's value is the knock limit (an ace: gin only). <b>Straight gin</b>: "
         "gin only. <b>Hollywood</b>: three games scored at once, each ending with its own bonuses when a player "
         "reaches the target in it. <b>Big gin</b>: see above.</p>"
         + _table(presets)),
    ]


def quick_reference_html(rules: Rules = Rules(), *, size: str = "small", four_colour: bool = False) -> str:
    """The quick reference as one printable page."""
    sections = quick_reference_sections(rules, size=size, four_colour=four_colour)
    return ('<div class="gt-ref"><h2>Gin Rummy: quick reference</h2>'
            + "".join(f"<h3>{escape(title)}</h3>{html}" for title, html in sections) + "</div>")


def printable(which: str = "quick_reference") -> str:
    """A whole standalone HTML page of the quick reference or the glossary."""
    if which == "quick_reference":
        return page(quick_reference_html(size="normal"), title="Gin Rummy quick reference")
    if which == "glossary":
        return page(glossary_html(size="normal"), title="Gin Rummy glossary")
    raise ValueError(f"printable pages are 'quick_reference' and 'glossary', not {which!r}")
