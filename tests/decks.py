"""Stacked decks for scenario tests."""

from gintrainer import DECK, parse_cards


def stacked_deck(non_dealer, dealer, upcard, stock=""):
    """A 52-card deck, top first, that deals the given hands: cards alternate
    non-dealer, dealer; then the upcard; then the stock given, then the rest."""
    nd, d = parse_cards(non_dealer), parse_cards(dealer)
    if len(nd) != 10 or len(d) != 10:
        raise ValueError("test setup: ten cards each")
    top = [c for pair in zip(nd, d) for c in pair] + list(parse_cards(upcard)) + list(parse_cards(stock))
    rest = [c for c in DECK if c not in set(top)]
    return top + rest
