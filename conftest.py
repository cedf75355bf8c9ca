"""Test-wide set-up, for every folder pytest collects (tests, doctests, notebooks).

Learner progress goes to a temporary folder, never the user's own (the notebooks
under nbval read it too).

The slow parts of the suite carry markers (described in pyproject.toml);
``pytest --fast`` (``make test-fast``) leaves out every test that carries one of
them, and ``make test`` runs them all: every notebook cell is marked ``notebooks``; the browser tests
mark themselves ``browser``; the tests listed in ``MARKED`` below get the marker
they are listed under. A listed file that does not exist, or a listed name that
its file does not define, is an error: a renamed test cannot drop out of the
table unnoticed.
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
EVERY_TEST = "*"
"""Stands for every test of a file."""

MARKED: dict[str, dict[str, tuple[str, ...]]] = {
    # The whole bank, both dailies of every day of a year, a generated sample of every stream.
    "bank": {
        "tests/test_bank.py": (EVERY_TEST,),
        "tests/test_puzzle_take_or_draw.py": ("test_every_banked_take_or_draw_puzzle_is_verified_by_the_solver",
                                              "test_bank_answers_follow_the_plain_definitions_with_one_clear_choice"),
        "tests/test_puzzle_take_or_draw_words.py": ("test_every_tagged_theme_decides_the_answer",
                                                    "test_every_sentence_says_what_the_solver_says",
                                                    "test_the_hint_ladder_leads_from_the_theme_to_the_answer",
                                                    "test_the_difficulty_band_is_the_first_naive_player_that_answers_right"),
        "tests/test_puzzle_defend.py": ("test_every_banked_defend_puzzle_is_verified_by_the_engine",
                                        "test_bank_answers_follow_the_slow_reference"),
        "tests/test_puzzle_defend_words.py": ("test_every_tagged_theme_decides_the_answer",
                                              "test_the_difficulty_band_is_the_first_naive_player_that_keeps_the_least",
                                              "test_every_sentence_says_what_the_engine_says",
                                              "test_the_hint_ladder_leads_from_the_theme_to_the_answer"),
        "tests/test_naive_share.py": (EVERY_TEST,),
        "tests/test_puzzle_positions.py": ("test_every_bank_position_accounts_for_all_52_cards",
                                           "test_every_daily_of_a_year_accounts_for_all_52_cards",
                                           "test_a_generated_sample_accounts_for_all_52_cards"),
        "tests/test_bank_text.py": ("test_every_bank_puzzle_reads_as_before", "test_the_dailies_read_as_before",
                                    "test_every_page_reads_as_before"),
        "tests/test_puzzle_words.py": ("test_every_sentence_of_the_bank_is_true",
                                       "test_every_sentence_of_a_year_of_dailies_is_true",
                                       "test_every_sentence_of_a_generated_sample_is_true",
                                       "test_the_bank_uses_most_templates",
                                       "test_every_tagged_theme_decides_the_answer",
                                       "test_every_explanation_says_what_its_kind_needs",
                                       "test_the_highest_deadwood_card_is_so_in_every_least_layout_or_its_layout_is_named",
                                       "test_the_highest_deadwood_card_is_so_in_every_least_layout_or_its_layout_is_named"
                                       "_in_a_sample"),
        "tests/test_puzzles.py": ("test_gin_scores_at_least_what_the_words_say_more_than_any_knock",),
    },
    # Playouts, fuzzing and property tests over many random inputs, generation under filters, a wheel
    # build: each over a second on two cores (bench/bench_tests.py times them).
    "slow": {
        "tests/test_hub_server.py": (EVERY_TEST,),  # a Jupyter server and a page's kernel
        "tests/test_app_command.py": ("test_a_stop_signal_to_the_app_stops_its_voila_server_and_kernels",),
        "tests/test_playouts.py": ("test_random_hands", "test_random_matches",
                                   "test_playouts_reach_every_kind_of_ending"),
        "tests/test_players.py": ("test_two_hidden_hands_behind_one_view_get_the_same_move",
                                  "test_the_shape_rule_throws_the_cheapest_card_by_its_prices",
                                  "test_every_player_finishes_hands_under_every_variant_with_legal_moves",
                                  "test_best_looks_two_draws_deep_at_its_best_discards_within_the_work_limit",
                                  "test_best_bait_lowers_the_score_of_cards_below_the_opponents_last_discard",
                                  "test_opponent_hands_hold_its_known_cards_and_are_weighted_by_its_last_turn",
                                  "test_lookahead_throws_by_the_solvers_exact_expectation_and_the_danger",
                                  "test_two_draw_race_matches_its_plain_definition",
                                  "test_the_mean_take_takes_where_its_throw_beats_a_stock_draw_on_average",
                                  "test_after_a_take_best_and_lookahead_throw_a_card_that_lowers_their_deadwood_so_takes_end"),
        "tests/test_replay.py": ("test_round_trip_on_thousands_of_random_hands",
                                 "test_every_solver_sentence_is_true_of_its_position_over_many_random_hands",
                                 "test_fuzz_random_json", "test_fuzz_one_field_of_a_valid_record",
                                 "test_fuzz_one_action", "test_fuzz_one_annotation_field",
                                 "test_solver_annotations_on_random_hands_point_at_legal_better_moves"),
        "tests/test_evaluate.py": ("test_playouts_play_the_policy_move_for_move_as_the_engine_does",
                                   "test_decisions_are_each_move_of_the_seat_with_a_choice",
                                   "test_estimates_agree_with_the_exact_values_on_short_stocks",
                                   "test_two_hands_with_the_same_view_get_the_same_judgement",
                                   "test_the_best_move_loses_nothing_and_no_move_gains_on_it"),
        "tests/test_review.py": ("test_a_review_reads_only_the_seat_s_view",),
        "tests/test_review_why.py": ("test_every_claim_of_every_review_sentence_holds_over_hundreds_of_played_hands",
                                     "test_a_reason_reads_only_what_the_seat_could_see"),
        "tests/test_example_reviews.py": ("test_the_evaluator_makes_each_shipped_review_again",),
        "tests/test_tutor.py": ("test_the_coach_and_the_tutor_agree_with_the_evaluator_itself",),
        "tests/test_evaluator_player.py": ("test_judge_view_is_judge_from_the_view_alone",
                                           "test_two_hands_with_the_same_view_get_the_same_move_in_every_phase",
                                           "test_the_move_is_the_best_estimate_or_bests_move_within_the_doubt_and_the_same_for_a_seed",
                                           "test_gin_is_played_at_once_and_a_forced_move_unjudged",
                                           "test_the_knockers_layout_is_the_judged_best_played_one_meld_at_a_time",
                                           "test_it_finishes_a_hand_against_each_player_with_legal_moves"),
        "tests/test_melds_property.py": ("test_best_layoffs_matches_brute_force_reply", "test_hypothesis_best_layoffs",
                                         "test_hypothesis_min_deadwood_and_arrangement",
                                         "test_all_best_arrangements_are_optimal_distinct_and_cover_every_optimum",
                                         "test_min_deadwood_matches_brute_force",
                                         "test_batch_matches_brute_force_on_meld_rich_hands"),
        "tests/test_fuzz.py": (EVERY_TEST,),
        "tests/test_exercises.py": ("test_hollywood_counts_a_game_only_while_it_lasts",),
        "tests/test_strategy_lesson.py": ("test_the_stored_figures_are_what_the_players_play",),
        "tests/test_puzzle_positions.py": ("test_every_way_of_making_positions_makes_real_ones",),
        "tests/test_puzzles.py": ("test_filters", "test_generation_is_deterministic_across_processes"),
        "tests/test_solver_take_or_draw.py": (
            "test_take_or_draw_matches_the_slow_definitions_on_random_and_meld_rich_positions",
            "test_hypothesis_take_or_draw_matches_the_slow_definitions"),
        "tests/test_defend_solver.py": ("test_every_best_reply_matches_the_slow_reference",
                                        "test_hypothesis_best_replies"),
        "tests/test_packaging.py": (EVERY_TEST,),
        "tests/test_coach.py": ("test_over_many_seeds_no_advised_discard_is_followed_by_an_undecided_warning",
                                "test_over_all_positions_every_kind_of_sentence_is_checked",
                                "test_every_advice_is_legal_the_solver_s_best_and_every_claim_holds"),
        "tests/test_first_hand.py": (
            "test_every_take_or_draw_judgement_on_every_branch_agrees_with_both_choices_numbers",),
        # over a second each in `make test-fast` (bench/bench_tests.py --slowest), December 2026
        "tests/test_solver_knock_layout.py": (
            "test_every_knock_layout_matches_the_slow_definition_on_meld_rich_positions",
            "test_hypothesis_every_knock_layout_matches_the_slow_definition",
            "test_no_undercut_on_a_tie_and_a_lower_limit_are_followed",
            "test_every_knock_layout_matches_the_slow_definition_with_a_random_defender"),
        "tests/test_profiles.py": ("test_concurrent_writers_lose_nothing",),
        "tests/test_class_grid.py": ("test_the_grid_the_cell_list_and_the_sheet_come_from_the_catalogs",),
        "tests/test_classroom.py": ("test_the_puzzles_honour_the_filters",
                                    "test_the_same_code_gives_the_same_set_and_worksheet_in_other_processes",
                                    "test_filters_too_narrow_for_the_search_budget_fail_clearly",
                                    "test_worksheets_are_written_atomically"),
        "tests/test_cli.py": ("test_long_runs_show_progress_while_searching_and_playing",),
        "tests/test_i18n_catalog_text.py": ("test_every_sentence_names_the_players_by_their_values",
                                            "test_only_argparse_s_texts_are_percent_format_strings"),
        "tests/test_language.py": ("test_every_marked_literal_reaches_the_template",
                                   "test_each_catalog_translates_every_sentence_with_the_same_values",
                                   "test_the_template_holds_every_sentence_of_the_code",
                                   "test_no_sentence_is_marked_inside_an_f_string"),
        "tests/test_lessons.py": ("test_nbstripout_finds_nothing_to_strip",),
        "tests/test_class_store.py": ("test_thirty_students_answering_at_once_lose_nothing_and_double_nothing",),
        "tests/test_puzzle_ratings.py": ("test_thirty_learners_answering_one_puzzle_at_once_lose_no_update",),
        "tests/test_examples.py": ("test_build_examples_writes_every_file",),
        "tests/test_bank_index.py": ("test_build_bank_writes_each_bank_with_its_index",),
        "tests/test_class_pending.py": (
            "test_answers_given_while_the_store_is_down_survive_a_reload_and_reach_it_when_it_is_back",),
        "tests/test_i18n_you.py": ("test_the_next_dealer_is_told_to_the_learner",),
        "tests/test_take_or_draw_classroom.py": ("test_the_classroom_reaches_every_kind_through_its_description",
                                                 "test_every_kind_reads_back_the_answers_its_marking_records"),
        "tests/test_i18n_terms.py": ("test_no_english_sentence_writes_a_decimal_the_code_computes",),
        "tests/test_puzzle_knock_layout_words.py": ("test_every_tagged_theme_decides_the_answer",),
        "tests/test_toy_kind.py": ("test_no_file_outside_the_recipe_names_a_kind",),
        "tests/test_i18n_lessons.py": ("test_an_exercise_kinds_texts_are_all_from_the_catalogs",
                                       "test_a_lessons_definition_is_all_from_the_catalogs"),
        "tests/test_classroom_widgets.py": ("test_a_yes_in_a_class_set_always_asks_for_the_discard",),
        "tests/test_telling.py": ("test_every_sentence_that_tells_a_move_is_written_in_the_one_owner",),
        "tests/test_first_hand_widget.py": ("test_every_text_of_the_page_is_from_the_catalogs",),
        "tests/test_passphrase_guesses.py": ("test_wrong_guesses_take_at_least_the_sum_of_their_waits",),
        "tests/test_rating.py": ("test_a_win_never_lowers_and_a_loss_never_raises",),
        "tests/test_page_imports.py": (EVERY_TEST,),
        "tests/test_class_codes.py": (
            "test_every_set_round_trips_through_its_code_in_the_least_version_that_holds_it",),
        "tests/test_classroom_access.py": (
            "test_a_class_code_in_the_address_opens_no_answer_key_without_the_passphrase",),
        "tests/test_puzzle_knock_layout.py": ("test_generation_is_deterministic_balanced_and_keeps_clear_answers",),
        "tests/test_preparing.py": ("test_every_word_of_the_view_comes_from_the_catalogs",
                                    "test_a_preheated_trainer_reads_its_kinds_ratings_ahead"),
    },
    # The solver held against OpenSpiel (installed with the bench extra; skipped without it).
    "openspiel": {
        "tests/test_melds_property.py": ("test_batch_matches_openspiel_on_ten_card_hands",),
    },
}


SLOW_MARKERS = ("notebooks", "browser", *MARKED)

_RUN_DATA = "GINTRAINER_TEST_RUN_DATA"
"""Names the data folder this test run made (``GINTRAINER_DATA`` may also be the caller's own)."""
RUN_SHARED = "GINTRAINER_TEST_RUN_SHARED"
"""Names a folder the processes of one test run share (the first process makes it, its pytest-xdist
workers inherit it): tests/puzzle_samples.py keeps there what one worker made for the others."""


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true",
                     help=f"leave out the slow parts: the tests marked {', '.join(SLOW_MARKERS)}")


def _kernel_start_tried_again() -> None:
    """A notebook's kernel that does not come up is started once more before its cells fail.

    nbval starts one kernel per notebook and gives it a fixed ten seconds to answer its first request; on a
    loaded machine (browser tests starting Voila servers and their preheated kernels beside it) a kernel can
    miss that, or lose a race for one of its ports and die, and every cell of the notebook then errors at
    set-up without any of the notebook's code having run. A second start names the first failure if it
    fails too."""
    try:
        from nbval import plugin  # type: ignore[import-untyped]
    except ImportError:  # nbval is a test dependency; without it there are no notebook tests to help
        return
    if getattr(plugin.RunningKernel, "tried_again", False):
        return
    first = plugin.RunningKernel

    class RunningKernel(first):  # type: ignore[misc, valid-type]
        tried_again = True

        def __init__(self, *args, **kwargs):
            try:
                super().__init__(*args, **kwargs)
            except RuntimeError as failure:
                if getattr(self, "km", None) is not None:  # started, but its channels never answered
                    self.kc.stop_channels()
                    self.km.shutdown_kernel(now=True)
                try:
                    super().__init__(*args, **kwargs)
                except RuntimeError as again:
                    raise again from failure

    plugin.RunningKernel = RunningKernel


def pytest_configure(config):
    _kernel_start_tried_again()
    gone = sorted({path for files in MARKED.values() for path in files if not (ROOT / path).is_file()})
    if gone:
        raise pytest.UsageError("conftest.py MARKED lists test files that do not exist: " + ", ".join(gone))
    # Each process of the run (pytest-xdist's workers too) has a data folder of its own: a worker
    # inherits the folder of the process that started it, and makes its own instead.
    own = os.environ.get(_RUN_DATA)
    if "GINTRAINER_DATA" not in os.environ or (own is not None and os.environ["GINTRAINER_DATA"] == own
                                               and os.environ.get("PYTEST_XDIST_WORKER")):
        os.environ["GINTRAINER_DATA"] = os.environ[_RUN_DATA] = tempfile.mkdtemp(prefix="gintrainer-test-data-")
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ[RUN_SHARED] = tempfile.mkdtemp(prefix="gintrainer-test-run-")


def pytest_unconfigure(config):
    if not os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get(RUN_SHARED):
        shutil.rmtree(os.environ.pop(RUN_SHARED), ignore_errors=True)


def _file_of(item) -> str:
    return item.path.resolve().relative_to(ROOT).as_posix() if item.path.is_relative_to(ROOT) else str(item.path)


def _test_name(item) -> str:
    function = getattr(item, "originalname", None) or item.name
    return function.split("[")[0]


@pytest.hookimpl(tryfirst=True)  # before -m and -k deselect by these markers
def pytest_collection_modifyitems(config, items):
    checked = set()
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
        path, name = _file_of(item), _test_name(item)
        for marker, files in MARKED.items():
            names = files.get(path, ())
            if EVERY_TEST in names or name in names:
                item.add_marker(getattr(pytest.mark, marker))
        if path not in checked and getattr(item, "module", None) is not None:
            checked.add(path)
            missing = [f"{path}::{listed} ({marker})" for marker, files in MARKED.items()
                       for listed in files.get(path, ()) if listed != EVERY_TEST and not hasattr(item.module, listed)]
            if missing:
                raise pytest.UsageError("conftest.py MARKED lists tests that do not exist: " + ", ".join(missing))
    if config.getoption("fast"):
        slow = [item for item in items if any(item.get_closest_marker(m) for m in SLOW_MARKERS)]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not any(item.get_closest_marker(m) for m in SLOW_MARKERS)]
    _longest_files_first(items)


_FILE_ORDER = (("browser",), ("notebooks", *MARKED))
"""The order the run takes files in: those with a browser test, then those with a notebook's cells or a
slow test, then the rest."""


def _longest_files_first(items) -> None:
    """Reorder the files (each file's tests keep their order): the long ones first, so that pytest-xdist's
    processes (which take a whole file each, in this order: the Makefile turns off its own reordering by
    the number of tests) end the run on short files and finish together, not one waiting for the other's
    last long file."""
    rank: dict[str, int] = {}
    for item in items:
        path = _file_of(item)
        here = next((n for n, markers in enumerate(_FILE_ORDER)
                     if any(item.get_closest_marker(m) for m in markers)), len(_FILE_ORDER))
        rank[path] = min(rank.get(path, here), here)
    items.sort(key=lambda item: rank[_file_of(item)])
