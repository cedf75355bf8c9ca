import pytest

from gintrainer import PRESETS, Rules, RulesError


def test_defaults_are_the_rule_book():
    rules = Rules()
    assert (rules.knock_limit, rules.gin_bonus, rules.big_gin, rules.big_gin_bonus, rules.undercut_bonus,
            rules.undercut_on_tie, rules.dead_stock_cards, rules.next_dealer, rules.target, rules.game_bonus,
            rules.box_bonus, rules.shutout_multiplier) == (10, 25, False, 31, 10, True, 2, "winner", 100, 100, 25, 2)
    assert not (rules.oklahoma or rules.oklahoma_spades_double or rules.straight_gin or rules.hollywood)


def test_presets_table():
    assert Rules.preset("standard") == Rules()
    modern = Rules.preset("modern")
    assert (modern.knock_limit, modern.gin_bonus, modern.big_gin, modern.big_gin_bonus,
            modern.undercut_bonus, modern.undercut_on_tie, modern.next_dealer) == (10, 25, True, 31, 25, True, "winner")
    classic = Rules.preset("classic")
    assert (classic.gin_bonus, classic.big_gin, classic.undercut_bonus) == (20, False, 10)
    assert set(PRESETS) == {"standard", "modern", "classic"}
    assert Rules.preset("modern", oklahoma=True).oklahoma


@pytest.mark.parametrize("field, value", [
    ("knock_limit", -1), ("knock_limit", "10"), ("knock_limit", True), ("gin_bonus", 2.5),
    ("next_dealer", "dealer"), ("oklahoma", "yes"), ("dead_stock_cards", 31), ("target", 0),
])
def test_bad_values_name_the_field(field, value):
    with pytest.raises(RulesError, match=field):
        Rules(**{field: value})


def test_unknown_preset_and_option():
    with pytest.raises(RulesError, match="unknown rules preset 'fancy'"):
        Rules.preset("fancy")
    with pytest.raises(RulesError, match="unknown rules option 'knock'"):
        Rules().replace(knock=5)
    with pytest.raises(RulesError, match="unknown rules option"):
        Rules.from_dict({"spam": 1})


def test_round_trip_and_frozen():
    rules = Rules.preset("classic", hollywood=True, knock_limit=7)
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(AttributeError):
        rules.knock_limit = 3
    assert Rules.from_dict("modern") == Rules.preset("modern")
    assert rules.describe() == "classic, knock limit 7, hollywood"
    assert Rules.preset("modern").name == "modern" and rules.name is None


def test_knock_limit_in_force():
    assert Rules().knock_limit_for() == 10
    assert Rules(straight_gin=True).knock_limit_for() == 0
    oklahoma = Rules(oklahoma=True)
    assert [oklahoma.knock_limit_for(c) for c in ["AS", "2H", "9D", "TC", "JS", "KH"]] == [0, 2, 9, 10, 10, 10]
    assert Rules(oklahoma=True, oklahoma_spades_double=True).score_multiplier("3S") == 2
    assert Rules(oklahoma=True, oklahoma_spades_double=True).score_multiplier("3H") == 1
    assert Rules(oklahoma=True).score_multiplier("3S") == 1
