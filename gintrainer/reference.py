"""The glossary and the one-page quick reference, as printable HTML.

The numbers come from the rules objects, so the pages follow the engine.

>>> "knock limit" in quick_reference_html().lower(), len(GLOSSARY) > 30
(True, True)
"""

from __future__ import annotations

from html import escape

from .cards import parse_cards
from .drawing import cards_html, group_html, page
from .melds import best_arrangement
from .rules import PRESETS, Rules

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("Ace", "The lowest card, worth 1 point. A-2-3 is a run; Q-K-A and K-A-2 are not.", "AS 2S 3S"),
    ("Arrangement", "A way of sorting a hand into melds and deadwood. The best arrangement leaves the least "
                    "deadwood.", ""),
    ("Big gin", "An option: after drawing, all 11 cards form melds, and the player goes out without "
                "discarding. Scores a bonus (31) plus the opponent's deadwood.", ""),
    ("Box", "A hand won. At the end of a match each player gets a box bonus (25) for every hand he won.", ""),
    ("Card values", "Ace 1, two to ten their number, jack, queen and king 10.", "AH 7C KD"),
    ("Chained lay-off", "Laying off a card on a run that an earlier lay-off already extended: after 9♥ on "
                        "6♥ 7♥ 8♥, the 10♥ may follow.", "6H 7H 8H 9H TH"),
    ("Dead hand", "When only two cards are left in the stock and the player who drew discards without "
                  "knocking, the hand ends with no score and the same dealer deals again.", ""),
    ("Deadwood", "Cards that are in no meld.", ""),
    ("Deadwood count", "The total value of the deadwood cards.", ""),
    ("Deal", "The dealer gives ten cards to each player, one at a time, the other player first.", ""),
    ("Dealer", "The player who deals. The first dealer is chosen at random; then the winner of a hand deals "
               "the next.", ""),
    ("Defender", "The player who did not knock. He lays out his melds and may lay off cards on the "
                 "knocker's melds.", ""),
    ("Discard", "Putting one card face up on the discard pile; every turn ends with a discard (or a knock).", ""),
    ("Discard pile", "The face-up pile beside the stock; it starts with the upcard. Its top card may be "
                     "taken instead of drawing from the stock.", ""),
    ("Draw", "Taking the top card of the stock (face down) at the start of a turn.", ""),
    ("Game bonus", "100 points for the player who wins the match (doubled in a shutout).", ""),
    ("Gin", "Knocking with no deadwood at all. Scores the gin bonus (25) plus the opponent's deadwood; the "
            "opponent may not lay off.", "2C 3C 4C 7H 7S 7D JS QS KS 9H"),
    ("Hand", "One deal, played until someone knocks or the stock runs down.", ""),
    ("Hollywood", "A variant in which three games are scored at once.", ""),
    ("Knock", "Ending the hand: discard face down, leaving ten cards with deadwood within the knock limit, "
              "and lay them out.", ""),
    ("Knock limit", "The most deadwood you may have when you knock: 10 in standard rules.", ""),
    ("Knocker", "The player who knocks.", ""),
    ("Lay off", "After a knock (not gin) the defender adds his cards to the knocker's melds: the fourth card "
                "of a set, or cards at either end of a run.", ""),
    ("Match", "Hands played until one player reaches the target score (100).", ""),
    ("Meld", "A set or a run. A card belongs to one meld only.", ""),
    ("Non-dealer", "The player who does not deal. He gets the first card and is offered the upcard first.", ""),
    ("Oklahoma", "A variant in which the first upcard's value is the knock limit for that hand; an ace means "
                 "only gin may go out.", ""),
    ("Pass", "Declining the upcard in the first turn.", ""),
    ("Preset", "A named set of rules options: standard (this trainer's rule book), modern and classic.", ""),
    ("Run", "Three or more cards of one suit in sequence.", "4C 5C 6C 7C"),
    ("Set", "Three or four cards of one rank.", "7S 7H 7D"),
    ("Shutout", "A match in which the loser won no hand: the game bonus is doubled.", ""),
    ("Stock", "The face-down pile of cards left after the deal (31 cards at the start).", ""),
    ("Straight gin", "A variant with no knocking: a player may only go out with gin.", ""),
    ("Take", "Taking the top card of the discard pile (the card just taken may not be discarded the same "
             "turn).", ""),
    ("Target", "The score that ends the match: 100 in standard rules.", ""),
    ("Undercut", "When the defender's deadwood (after lay-offs) is equal to or lower than the knocker's: the "
                 "defender scores the difference plus the undercut bonus (10).", ""),
    ("Upcard", "The card turned face up after the deal; it starts the discard pile.", ""),
)
"""(term, definition, example cards in file notation or "")."""


def glossary_html(*, size: str = "small", four_colour: bool = False) -> str:
    """The glossary as an HTML definition list, with cards drawn for the examples."""
    items = []
    for term, definition, example in GLOSSARY:
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
    opts = dict(size=size, four_colour=four_colour)
    values = group_html(cards_html("AS 2H 3C 4D 5S 6H 7C 8D 9S TH", **opts), "ace 1 · two to ten: their number")
    faces = group_html(cards_html("JC QD KS", **opts), "jack, queen, king: 10")
    example = parse_cards("8C 8D 8H 4C 4D 4S 5H 2C 2D AS")
    arrangement = best_arrangement(example)
    presets = [("Preset", "Knock limit", "Gin bonus", "Big gin", "Undercut bonus", "Tie is an undercut",
                "Next dealer")]
    for name, preset in PRESETS.items():
        presets.append((name, preset.knock_limit, preset.gin_bonus,
                        f"on, {preset.big_gin_bonus}" if preset.big_gin else "off",
                        preset.undercut_bonus, "yes" if preset.undercut_on_tie else "no", preset.next_dealer))
    r = rules
    return [
        ("Cards", f"<div>{values}{faces}</div>"),
        ("Melds",
         "<p>A <b>set</b> is 3 or 4 cards of one rank; a <b>run</b> is 3 or more cards of one suit in sequence. "
         "The ace is low. A card belongs to one meld only. Cards in no meld are <b>deadwood</b>.</p>"
         "<div>" + group_html(cards_html("7S 7H 7D", **opts), "set") + group_html(cards_html("AC 2C 3C 4C", **opts),
                                                                                "run")
         + group_html(cards_html("QH KH AH", **opts), "not a run") + "</div>"
         f"<p>Example: {escape(str(arrangement))} — deadwood {arrangement.points}.</p>"),
        ("The deal",
         "<p>Ten cards each, one at a time, the non-dealer first. The next card is the <b>upcard</b> (it starts "
        "the discard pile); the other 31 are the <b>stock</b>.</p>"),
        ("The first turn",
         "<p>The non-dealer may take the upcard or pass; then the dealer may take it or pass; if both pass, the "
        "non-dealer draws from the stock.</p>"),
        ("Every turn",
         "<p>Draw the top card of the stock or take the top card of the discard pile, then discard one card. "
        "The card just taken from the pile may not be thrown back the same turn.</p>"),
        ("Going out",
         f"<p><b>Knock</b>: discard face down, leaving deadwood of at most {r.knock_limit} (the knock limit), "
        f"and lay out your melds. <b>Gin</b>: knock with no deadwood. <b>Big gin</b> (an option): all 11 cards "
        f"meld, no discard.</p>"),
        ("Laying off",
         "<p>After a knock (not gin or big gin) the defender lays out his melds, then may add cards to the "
        "knocker's melds: the fourth card of a set, cards at either end of a run, one after another.</p>"),
        ("Scoring a hand",
         _table([("Result", "Who scores", "Points"),
                ("Knock", "knocker", "defender's deadwood − knocker's deadwood"),
                ("Undercut (defender ≤ knocker)", "defender",
                 f"knocker's deadwood − defender's deadwood + {r.undercut_bonus}"),
                ("Gin", "knocker", f"{r.gin_bonus} + defender's deadwood (no lay-offs)"),
                ("Big gin", "knocker", f"{r.big_gin_bonus} + defender's deadwood"),
                ("Dead hand", "nobody",
                 f"stock down to {r.dead_stock_cards} cards without a knock; the same dealer deals again")])),
        ("The match",
         f"<p>Play hands until someone reaches <b>{r.target}</b>. The winner of a hand deals the next. At the "
        f"end: game bonus {r.game_bonus} to the winner (× {r.shutout_multiplier} in a shutout, when the loser "
        f"won no hand); {r.box_bonus} to each player for every hand he won.</p>"),
        ("Variants and presets",
         "<p><b>Oklahoma</b>: the first upcard's value is the knock limit (an ace: gin only). <b>Straight gin</b>: "
        "gin only. <b>Hollywood</b>: three games scored at once. <b>Big gin</b>: see above.</p>"
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
