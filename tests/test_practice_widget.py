"""The practice page, driven without a browser: click its buttons, read its HTML."""

import base64
import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from decks import stacked_deck  # noqa: E402
from gintrainer import Match, Rules  # noqa: E402
from gintrainer.engine.hand import LAYOUT_PHASES, Phase  # noqa: E402
from gintrainer.material.drawing import result_words, sorted_cards  # noqa: E402
from gintrainer.replay import load  # noqa: E402
from gintrainer.trainers.practice import PracticeGame, practice_rules, save_path  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.site import EXTRA_SECTIONS, LandingPage  # noqa: E402

KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
# The computer (non-dealer) opens by taking the 7♦ upcard and throwing K♥.
COMPUTER_OPENS = stacked_deck("2C 3C 4C 7H 7S 9D JS QS KH 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "7D")


pytestmark = pytest.mark.usefixtures("fresh_kernel")


def knock_page(learner=None) -> PracticePage:
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    learner = learner or Learner()
    return PracticePage(learner, game=PracticeGame(match=match, opponent="naive", owner=learner.name))


def select(page, *codes):
    page.picker.select(" ".join(codes))
    page._enable_buttons()


def click_card(page, code):
    """Click a card button as the browser does (its value toggles)."""
    index = [c.code() for c in page.picker.cards].index(code)
    page.picker.buttons[index].value = not page.picker.buttons[index].value


def test_the_landing_page_links_to_practice_first():
    title, pages = EXTRA_SECTIONS[0]
    assert title == "Play" and pages[0].path == "practice/practice.ipynb"
    landing = LandingPage(Learner("Ann"))
    assert 'href="practice/practice.ipynb?profile=Ann"' in landing.extras.value
    assert landing.extras.value.index("<h2>Play</h2>") < landing.extras.value.index("<h2>Example hands</h2>")


def test_a_slow_computer_thinks_while_the_page_shows_the_learners_move(monkeypatch):
    """Against the evaluator (whose move may take half a second), the page shows the learner's move played,
    the move buttons off and that the computer is to play before the computer thinks."""
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="evaluator"))
    shown = []

    def thinking():
        shown.append((page.hand_info.value, page.take_button.disabled, page.pass_button.disabled, page.moves.value))
        return []

    monkeypatch.setattr(page.game, "let_computer_play", thinking)
    page.pass_button.click()
    info, take_off, pass_off, moves = shown[0]
    assert "The computer is to play." in info and take_off and pass_off
    assert "pass" in moves.lower()


def test_draw_buttons_follow_the_phase():
    page = knock_page()
    assert not page.take_button.disabled and not page.pass_button.disabled and page.draw_button.disabled
    assert page.take_button.description == "Take the upcard" and page.discard_row.layout.display == "none"
    assert [b.description for b in page.picker.buttons[:10]] == [str(c) for c in page.picker.cards]
    assert "Guest" in page.notice.value or "guest" in page.notice.value
    page.take_button.click()
    assert page.game.hand.history == ("take",) and page.draw_row.layout.display == "none"
    assert page.discard_row.layout.display == "" and "You drew A♦ from the discard pile" in page.hand_info.value


def test_knock_is_enabled_only_with_a_card_that_allows_it():
    page = knock_page()
    page.take_button.click()
    assert page.knock_button.disabled and page.discard_button.disabled  # nothing selected
    click_card(page, "2C")
    assert page.knock_button.disabled and not page.discard_button.disabled and page.gin_button.disabled
    click_card(page, "5D")  # single choice: 2♣ is unselected
    assert [c.code() for c in page.picker.selected] == ["5D"]
    assert not page.knock_button.disabled
    assert page.game.hand.is_legal("knock 5D") and not page.game.hand.is_legal("knock 2C")


def test_refused_moves_are_explained_and_change_nothing():
    page = knock_page()
    page.take_button.click()
    before = page.game.to_dict()
    page.discard_button.click()
    assert "select one of your cards to discard first" in page.status.value
    select(page, "2C")
    page.knock_button.click()  # a page can click a disabled button
    assert "cannot knock 2♣: the rest leaves 13 deadwood" in page.status.value
    select(page, "AD")
    page.discard_button.click()
    assert "it was just taken from the discard pile" in page.status.value
    page.next_button.click()
    assert "finish this hand first" in page.status.value
    assert page.game.to_dict() == before


def test_coach_table_at_the_upcard_and_before_a_discard_and_the_toggle():
    page = knock_page()
    # offered the upcard: the take-or-draw numbers, no table (taking A♦ and throwing 5♦ leaves 1)
    assert "gt-coach-draw" in page.coach.value and "<table" not in page.coach.value
    assert "You hold 5 deadwood and may take A♦" in page.coach.value and "leaves 1" in page.coach.value
    page.take_button.click()
    table = page.game.coach_table()
    assert page.coach.value.count("<tr") == len(table.rows) + 1 == 11  # the A♦ taken may not be thrown
    page.coach_box.value = "off"
    assert page.coach.value == "" and page.game.coach == "off"
    page.coach_box.value = "table"
    assert "Coach:" in page.coach.value


def test_the_coach_in_words_is_chosen_on_the_page_kept_in_the_saved_game_and_for_the_next_match(data):
    page = knock_page(Learner("Ann"))
    assert [value for _, value in page.coach_box.options] == ["off", "words", "table"]
    assert page.coach_box.value == "table"
    page.coach_box.value = "words"
    advice = page.game.coach_words()
    assert page.game.coach == "words" and "<table" not in page.coach.value
    assert all(escape(text) in page.coach.value for text in advice.sentences())
    assert "Take the upcard, A♦." in page.coach.value
    page.take_button.click()
    assert "Knock with 5♦." in page.coach.value and "<table" not in page.coach.value
    assert PracticeGame.resume("Ann")[0].coach == "words"
    again = PracticePage(Learner("Ann"))
    assert again.coach_box.value == "words" and "Knock with 5♦." in again.coach.value
    again.new_button.click()
    again.confirm_yes.click()
    assert again.game.coach == "words" and again.coach_box.value == "words"
    again.coach_box.value = "off"
    assert again.coach.value == ""


def test_discard_then_the_computer_replies():
    page = knock_page()
    page.take_button.click()
    select(page, "KS")
    page.discard_button.click()
    game = page.game
    assert game.hand.actions[1] == (0, game.hand.actions[1][1]) and str(game.hand.actions[1][1]) == "discard KS"
    assert game.learner_to_act or game.hand.is_over
    assert "K♠" not in [b.description for b in page.picker.buttons[:len(page.picker.cards)]]
    log = game.move_log()
    assert page.moves.value.count("<li") == len(game.hand.actions) == len(log)
    assert page.moves.value.count("gt-log-new") == len(game.hand.actions) - 2  # the replies since your discard
    assert all(escape(line.text) in page.moves.value for line in log)
    assert not page.take_back_button.disabled
    page.take_back_button.click()
    assert game.hand.history == ("take",) and "Taken back" in page.moves.value
    assert page.moves.value.count("<li") == 1


def test_a_double_click_plays_the_move_once_and_says_nothing_of_the_second_click():
    page = knock_page()
    page.take_button.click()
    select(page, "KS")
    page.discard_button.click()
    steps, status = len(page.game.hand.actions), page.status.value
    page.discard_button.click()  # the second click of a double click, sent before the button was hidden
    page.knock_button.click()
    assert len(page.game.hand.actions) == steps and page.status.value == status == ""
    select(page, "QS")
    page.draw_button.click()  # the learner's draw now: a button of the phase still plays
    assert len(page.game.hand.actions) == steps + 1 and page.game.hand.phase is Phase.DISCARD
    page.discard_button.click()  # in the discard phase, with no card selected: asked for one
    assert "select one of your cards to discard first" in page.status.value


def test_a_refused_meld_says_why_under_the_move_buttons_until_the_next_move():
    """The reason shows under the layout buttons (where the learner just pressed), not at the page's foot."""
    page = knock_page()
    page.take_button.click()
    select(page, "5D")
    page.knock_button.click()
    select(page, "2C", "7H", "KS")
    page.meld_button.click()
    assert "2♣ 7♥ K♠ is not a meld" in page.status.value and page.game.hand.history == ("take", "knock 5D")
    assert page.move_rows.children == (page.draw_row, page.discard_row, page.layout_row, page.status)
    assert page.status not in page.children and page.children.index(page.move_rows) < page.children.index(
        page.moves)
    select(page, "7H", "7S", "7D")
    page.meld_button.click()
    assert page.game.hand.history[-1] == "meld 7D 7H 7S" and not page.status.value


def test_knock_lay_out_score_and_download():
    page = knock_page()
    page.take_button.click()
    select(page, "5D")
    page.knock_button.click()
    assert page.layout_row.layout.display == "" and not page.lay_out_button.disabled
    page.lay_out_button.click()
    hand = page.game.hand
    assert hand.is_over and not page.status.value
    result = hand.result
    assert result.explain().split(":")[0] in page.result.value and "(knocker): melds" in page.result.value
    assert f"deadwood A♦ = {result.knocker_deadwood}" in page.result.value
    assert "lay-offs" in page.result.value and page.picker.cards == ()
    assert escape(result_words(result, page.game.names(), you=page.game.seat)) in page.scores.value
    assert page.game.match.next_dealer == page.game.seat and "You deal next." in page.scores.value
    assert not page.next_button.disabled and page.hand_choice.value == 1
    encoded = re.search(r'href="data:application/json;base64,([^"]+)"', page.download.value).group(1)
    replay = load(base64.b64decode(encoded).decode())
    assert replay.hand.history == hand.history and replay.featured == 0
    assert "Download this hand (replay file)" in page.download.value
    page.next_button.click()
    assert page.game.hand_number == 2 and page.game.hand.dealer == page.game.match.hands[0].result.winner_seat


def test_a_new_match_from_the_form():
    page = knock_page()
    page.opponent_choice.value = "random"
    page.preset_choice.value = "modern"
    page.variant_boxes["hollywood"].value = True
    page.variant_boxes["big_gin"].value = True
    page.target_box.value = 50
    page.new_button.click()
    game = page.game
    assert game.rules == practice_rules("modern", hollywood=True, big_gin=True, target=50)
    assert game.opponent == "random" and game.hand_number == 1 and not page.status.value
    assert page.scores.value.count("gt-score-sheet") == 3 and "Game 3 to 50" in page.scores.value
    assert "Beginner (random moves)" in page.heading.value


@pytest.mark.parametrize("target", [0, 100_001])
def test_a_target_out_of_range_is_refused_with_its_reason_and_the_match_goes_on(target):
    page = knock_page()
    before = page.game.to_dict()
    page.target_box.value = target
    page.new_button.click()
    assert page.target_box.value == target and page.game.to_dict() == before
    assert f"target must be an int from 1 to 100000, not {target}" in page.status.value


def test_a_named_learner_resumes_after_a_reload(data):
    page = PracticePage(Learner("Ann"))
    assert not page.notice.value
    game = page.game
    while game.learner_to_act and game.hand.phase in (Phase.UPCARD, Phase.DRAW):
        (page.draw_button if not page.draw_button.disabled else page.pass_button).click()
    assert game.hand.phase is Phase.DISCARD
    select(page, page.picker.cards[0].code())
    page.discard_button.click()
    again = PracticePage(Learner("Ann"))
    assert again.game.to_dict() == page.game.to_dict()
    assert set(again.picker.cards) == set(page.picker.cards) == set(page.game.hand.held(page.game.seat))
    assert [b.description for b in again.picker.buttons[:len(again.picker.cards)]] == \
        [str(c) for c in again.picker.cards]


def test_a_corrupt_save_shows_a_notice(data):
    path = save_path("Ann")
    path.parent.mkdir(parents=True)
    path.write_text("{broken")
    page = PracticePage(Learner("Ann"))
    assert "set aside" in page.notice.value and page.game.learner_to_act
    assert list(path.parent.glob("*.corrupt-*.json"))
    assert PracticeGame.resume("Ann")[0].to_dict() == page.game.to_dict()  # a fresh game was saved


def test_a_guest_who_picks_a_name_keeps_the_game(data):
    learner = Learner()
    page = knock_page(learner)
    page.take_button.click()
    state = page.game.to_dict()
    assert not save_path("Bea").exists()
    learner.choose("Bea")
    assert page.game.owner == "Bea" and page.game.to_dict() == state
    assert PracticeGame.resume("Bea")[0].to_dict() == state and "guest" not in page.notice.value
    learner.choose("Cy")  # a new name with no saved game while a named game is open: a new match
    assert page.game.owner == "Cy" and page.game.match.seed != state["match"]["seed"]


@pytest.mark.parametrize("lang", ["en", "tr", "ku", "ps"])
def test_a_guest_is_told_where_the_name_box_is(lang):
    """The name box is in the settings line, shown by its "Settings" toggle: the guest's notice names that
    toggle by its label, in every language, and the name box's own line says to press its "Open" button."""
    from gintrainer.words.language import in_language
    with in_language(lang):
        page = knock_page()
        page.refresh()
        notice, who = page.notice.value, page.bar.who.value
        toggle, open_button = page.settings_bar.toggle.description, page.bar.open_button.description
    assert page.bar in page.settings_bar.panel.children and not page.settings_bar.toggle.value
    assert escape(toggle) in notice, notice
    assert escape(open_button) in who, who


def test_cards_keep_their_places_until_sorted():
    page = knock_page()
    before = page.picker.cards
    page.take_button.click()
    assert page.picker.cards[:10] == before and page.picker.cards[10].code() == "AD"
    page.sort_button.click()
    assert page.picker.cards == sorted_cards(page.game.hand.held(0)) != before + (page.picker.cards[10],)


def test_the_computer_s_opening_moves_are_in_the_log_when_the_page_opens(data):
    match = Match(Rules(), seed="open", first_dealer=0, deck=COMPUTER_OPENS)
    PracticeGame(match=match, opponent="naive", owner="Ann").save()
    page = PracticePage(Learner("Ann"))
    assert page.game.hand.history == ("take", "discard KH")
    assert "Novice takes the upcard, 7♦." in page.moves.value and "Novice discards K♥." in page.moves.value


def test_a_new_match_over_one_in_progress_asks_first_and_no_keeps_it_as_it_was(data):
    learner = Learner("Ann")
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(learner, game=PracticeGame(match=match, opponent="naive", owner="Ann"))
    page.take_button.click()
    select(page, "KS")
    page.discard_button.click()
    game, state = page.game, page.game.to_dict()
    saved = save_path("Ann").read_bytes()
    stamp = save_path("Ann").stat().st_mtime_ns
    page.opponent_choice.value = "random"
    page.new_button.click()
    assert page.confirm_box.layout.display == "" and page.new_button.disabled
    assert "throws away the one in progress (hand 1, you 0, Novice 0)" in page.confirm_text.value
    assert page.game is game and game.to_dict() == state
    page.confirm_no.click()
    assert page.confirm_box.layout.display == "none" and not page.new_button.disabled
    assert page.game is game and game.to_dict() == state and not page.status.value
    assert save_path("Ann").read_bytes() == saved and save_path("Ann").stat().st_mtime_ns == stamp
    page.new_button.click()
    page.confirm_yes.click()
    assert page.game is not game and page.game.opponent == "random" and page.confirm_box.layout.display == "none"
    assert PracticeGame.resume("Ann")[0].to_dict() == page.game.to_dict()


def test_a_new_match_before_any_move_of_yours_starts_at_once():
    page = knock_page()
    game = page.game
    page.new_button.click()
    assert page.game is not game and page.confirm_box.layout.display == "none"


def test_after_a_hand_the_coach_cites_moves_as_the_log_numbers_them():
    page = knock_page()
    page.take_button.click()
    select(page, "KS")
    page.discard_button.click()  # breaks J♠ Q♠ K♠ when 5♦ would knock
    game = page.game
    while not game.hand.is_over:
        if game.hand.phase in LAYOUT_PHASES:
            page.lay_out_button.click()
        elif game.hand.phase is Phase.DISCARD:
            select(page, game.view().drawn[0].code() if game.view().drawn[1] == "stock" else
                   next(c.code() for c in page.picker.cards if game.hand.is_legal(f"discard {c.code()}")))
            page.discard_button.click()
        else:
            page.draw_button.click()
    notes = game.coach_notes(1)
    assert notes and notes[0].startswith("Move ") and "Step" not in page.coach.value
    assert all(escape(text) in page.coach.value for text in notes)
    assert "<li class='gt-log-old'>You discard K♠.</li>" in page.moves.value.replace("gt-log-new", "gt-log-old")
    assert "Move 2: You discard K♠." in page.coach.value
    page.coach_box.value = "words"  # the coach in words names the same moves after the hand, in whole points
    plain = game.coach_notes(1, plain=True)
    assert [text.split(":")[0] for text in plain] == [text.split(":")[0] for text in notes]
    assert all(escape(text) in page.coach.value for text in plain) and "gt-coach-words" not in page.coach.value
    assert not re.search(r"\d[.,]\d", page.coach.value)


@pytest.mark.parametrize("coach", ["words", "table"])
def test_a_hand_that_ended_before_the_learner_s_first_turn_says_so(coach):
    game = PracticeGame(opponent="lookahead", seed=166, coach=coach)
    assert game.hand.history[:2] == ("take", "knock TS")  # the computer takes the upcard and knocks at once
    game.lay_out()  # the learner, defending, lays out: the hand is over
    page = PracticePage(Learner(), game=game)
    assert game.hand.is_over and not game.had_a_turn(1)
    assert "The hand ended before your first turn: there was no draw or discard of yours for the coach to judge." \
        in page.coach.value
    assert "None of your draws or discards" not in page.coach.value


def test_the_finished_hand_dropdown_appears_with_the_first_finished_hand():
    page = knock_page()
    assert page.hand_choice.layout.display == "none" and "No hand is finished yet" in page.download.value
    page.take_button.click()
    select(page, "5D")
    page.knock_button.click()
    page.lay_out_button.click()
    assert page.hand_choice.layout.display == "" and page.hand_choice.value == 1 and page.hand_choice.label


def test_the_table_is_what_the_learner_s_seat_sees():
    from gintrainer.material.drawing import seat_table_html, table_html
    page = knock_page()
    page.take_button.click()
    hand = page.game.hand
    assert page.table.value == seat_table_html(hand, page.game.seat, names=page.names)
    assert "stock: 31 cards" in page.table.value and "10 cards" in page.table.value
    select(page, "5D")
    page.knock_button.click()
    page.lay_out_button.click()
    assert page.game.hand.is_over
    assert page.table.value == table_html(page.game.hand, names=page.names, result=False)  # the result says the score


def test_the_score_line_shows_once_at_the_end_of_a_hand():
    from test_first_hand_widget import shown_html
    page = knock_page()
    page.take_button.click()
    select(page, "5D")
    page.knock_button.click()
    page.lay_out_button.click()
    line = escape(page.game.hand.result.explain())
    assert page.result.value.count(line) == 1
    assert shown_html(page).count(line) == 1 and line not in page.table.value


def test_after_both_players_pass_the_upcard_the_prompt_offers_the_stock_alone():
    """The non-dealer draws from the stock after both players pass: taking is disabled, and neither the prompt
    under the table nor the note on it offers the discard."""
    deck = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "KC")  # the computer passes
    match = Match(Rules(), seed="pass", first_dealer=1, deck=deck)
    page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive", owner=None))
    assert "Take the upcard or pass." in page.hand_info.value
    page.pass_button.click()
    hand = page.game.hand
    assert hand.history == ("pass", "pass") and hand.phase is Phase.DRAW and page.game.learner_to_act
    assert page.take_button.disabled and not page.draw_button.disabled
    assert "take the discard" not in page.hand_info.value and "top of the discard pile" not in page.table.value
    assert "Draw from the stock: both players passed the upcard" in page.hand_info.value
    page.draw_button.click()
    assert page.game.hand.history[2] == "draw"


def test_a_new_learner_practises_against_the_gentlest_opponent_with_the_coach_in_words(data):
    from gintrainer.engine.roster import PLAYERS
    from gintrainer.trainers.practice import opponents
    gentlest = opponents()[0][1]
    assert gentlest == next(iter(PLAYERS)) == "random"  # the players are offered weakest first
    for learner in (Learner("Newcomer"), Learner()):
        page = PracticePage(learner)
        assert page.game.opponent == gentlest and page.opponent_choice.value == gentlest
        assert page.game.coach == "words" and page.coach_box.value == "words"
        assert "<table" not in page.coach.value


def test_the_opponent_and_the_coach_chosen_are_kept_in_the_profile_for_the_next_match(data):
    from gintrainer.records import profiles
    page = PracticePage(Learner("Chooser"))
    page.coach_box.value = "table"
    page.opponent_choice.value = "best"
    page.new_button.click()
    if page.confirm_box.layout.display != "none":
        page.confirm_yes.click()
    assert page.game.opponent == "best" and page.game.coach == "table"
    settings = profiles.load("chooser").progress.settings
    assert (settings.practice_opponent, settings.practice_coach) == ("best", "table")
    save_path("Chooser").unlink()  # no saved game: the next match is a new one, from the profile's choices
    again = PracticePage(Learner("Chooser"))
    assert again.game.opponent == "best" and again.opponent_choice.value == "best"
    assert again.game.coach == "table" and again.coach_box.value == "table"


def test_practice_choices_a_later_version_wrote_fall_back_to_the_first_ones(data):
    from gintrainer.records import profiles
    from gintrainer.records.progress import ProgressError, Settings
    from gintrainer.trainers.practice import chosen_coach, chosen_opponent
    profiles.update_settings("Odd", practice_opponent="grandmaster", practice_coach="oracle")
    settings = profiles.load("Odd").progress.settings
    assert (chosen_opponent(settings), chosen_coach(settings)) == ("random", "words")
    for bad in ("<script>", "x" * 21, 7, ""):
        with pytest.raises(ProgressError):
            Settings(practice_coach=bad)
    assert "practice_coach" not in Settings().to_dict()  # a file of a learner who never chose is written as before


def test_a_card_that_fits_two_of_the_knockers_melds_is_laid_off_on_the_meld_chosen():
    """The layout input asks which meld only when a card left fits two of them (8♥ on 5♥ 6♥ 7♥ or on
    the eights); a card that fits one goes on it, and the chooser hides again."""
    deck = stacked_deck("8H 4H KC QS JD 9C TS 2C 3D 4S", "5H 6H 7H 8S 8D 8C AS AC 2D 3S", "KD", stock="QD AD")
    match = Match(Rules(), seed="layoff", first_dealer=1, deck=deck)
    game = PracticeGame(match=match, opponent="naive", play=False)
    for move in ("pass", "pass", "draw", "discard QD", "draw", "knock 3S"):
        game.hand.apply(move)
    game.let_computer_play()  # the computer lays out its melds
    plain = knock_page()  # no card fits two melds: the row has no chooser
    assert plain.layout_row.children == (plain.lay_out_button, plain.meld_button, plain.layoff_button,
                                         plain.done_button)
    page = PracticePage(Learner(), game=game)
    assert page.game.hand.phase is Phase.DEFENDER_LAYOUT and page.meld_choice.layout.display == ""
    assert page.layout_row.children.index(page.meld_choice) == page.layout_row.children.index(page.meld_button) + 1
    melds = page.game.hand.table_melds
    eights = next(i for i, m in enumerate(melds) if {c.code() for c in m} == {"8S", "8D", "8C"})
    assert [label for label, _ in page.meld_choice.options] == [f"meld {i + 1}: {' '.join(map(str, m))}"
                                                               for i, m in enumerate(melds)]
    page.meld_choice.value = eights
    select(page, "8H")
    page.layoff_button.click()
    assert [(lo.card.code(), lo.meld) for lo in page.game.hand.layoffs] == [("8H", eights)]
    assert page.meld_choice.layout.display == "none"
    select(page, "4H")
    page.layoff_button.click()
    run = next(i for i, m in enumerate(melds) if "5H" in {c.code() for c in m})
    assert [(lo.card.code(), lo.meld) for lo in page.game.hand.layoffs] == [("8H", eights), ("4H", run)]


LAID_OUT = ("pass", "pass", "draw", "knock KH", "meld 2D 3D 4D 5D", "meld AS 2S 3S", "done")
"""The non-dealer (seat 1) knocks with 2♦ 3♦ 4♦ 5♦ and A♠ 2♠ 3♠, A♣ 2♣ 4♣ left: 7 deadwood."""


def knocked_hand(defence: tuple[str, ...]):
    from gintrainer.material.deals import deal
    return deal("2D 3D 4D 5D AS 2S 3S AC 2C KH", "AD AH 2H 4S 6C 8H 9S JC QH KS", "7D", stock="4C",
                actions=(*LAID_OUT, *defence))


@pytest.mark.parametrize("learner", [1, 0])
def test_the_result_says_which_lay_offs_the_defender_missed_and_what_they_would_have_saved(learner):
    """The defender (seat 0) lays nothing off, as the Beginner may: the result says the lay-offs the engine's
    best reply makes (A♦ on the run of diamonds, 4♠ on the spades) and the deadwood they would have saved, to
    the defender when the learner defended."""
    from gintrainer.engine.scoring import defender_reply
    from gintrainer.widgets.practice import hand_result_html
    hand = knocked_hand(("done",))
    result = hand.result
    assert result is not None and result.layoffs == () and result.defender_deadwood == 61
    best = defender_reply(result.defender_deadwood_cards, result.knocker_melds)
    assert [str(layoff) for layoff in best.layoffs] == ["A♦ on meld 1", "4♠ on meld 2"] and best.points == 56
    names = ("You", "Beginner") if learner == 0 else ("Beginner", "You")
    html = hand_result_html(hand, names, learner)
    who = "You" if learner == 0 else "Beginner"
    assert escape(f"{who} (defender): melds none; lay-offs none; deadwood ") in html
    said = f"{who} could have laid off A♦ on meld 1, 4♠ on meld 2: deadwood A♥ 2♥ 6♣ 8♥ 9♠ J♣ Q♥ K♠ = 56 " \
           f"instead of 61, 5 points less."
    assert escape(said) in html, html


def test_the_result_says_nothing_more_when_the_defender_s_reply_was_the_best():
    from gintrainer.widgets.practice import hand_result_html
    html = hand_result_html(knocked_hand(("auto",)), ("Beginner", "You"), 1)
    assert "lay-offs A♦ on meld 1, 4♠ on meld 2" in html and "could have" not in html and "best reply" not in html


def test_the_result_gives_the_best_reply_s_melds_when_the_defender_left_a_meld_out():
    from gintrainer.material.deals import deal
    from gintrainer.widgets.practice import hand_result_html
    hand = deal("2D 3D 4D 5D AS 2S 3S AC 2C KH", "AD AH 2H 4S 6C 8H 8S 8C QH KS", "7D", stock="4C",
                actions=(*LAID_OUT, "done"))
    html = hand_result_html(hand, ("Beginner", "You"), 1)
    said = "Beginner&#x27;s best reply was melds 8♣ 8♥ 8♠ (set); lay-offs A♦ on meld 1, 4♠ on meld 2: deadwood " \
           "A♥ 2♥ 6♣ Q♥ K♠ = 29 instead of 58, 29 points less."
    assert said in html, html
