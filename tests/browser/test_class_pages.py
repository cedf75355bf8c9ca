"""The class pages in Chromium, and the worksheets printed to PDF on A4 and Letter."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from conftest import open_page
from gintrainer.classroom import ClassSet, answer_key_html, worksheet_html
from gintrainer.puzzles import PuzzleKind
from gintrainer.words.language import in_language, t

pytestmark = pytest.mark.browser

SET = ClassSet("Printing class", count=12)
PRINTABLE_WIDTH_PX = 700  # A4 less 12 mm margins, the narrower of the two papers


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("answers", [False, True], ids=["worksheet", "answer-key"])
def test_worksheets_print_without_splitting_or_clipping_a_puzzle(page, paper, answers):
    html = answer_key_html(SET) if answers else worksheet_html(SET)
    page.set_content(html)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINTABLE_WIDTH_PX, "height": 1000})
    overflow = page.evaluate("""() => Array.from(document.querySelectorAll('.ws-puzzle')).filter(
        s => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > window.innerWidth + 1).length""")
    assert overflow == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PRINTABLE_WIDTH_PX + 1
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper, print_background=True)))
    where: dict[str, list[int]] = {}
    for number, sheet in enumerate(pdf.pages):
        text = sheet.extract_text()
        for n in range(1, SET.count + 1):
            if re.search(rf"Puzzle {n} of {SET.count}\b", text):
                where.setdefault(f"start {n}", []).append(number)
            if f"end of puzzle {n}/{SET.count}" in text:
                where.setdefault(f"end {n}", []).append(number)
    for n in range(1, SET.count + 1):
        assert where.get(f"start {n}") and where[f"start {n}"] == where.get(f"end {n}"), f"puzzle {n}: {where}"
    if answers:
        text = " ".join(sheet.extract_text() for sheet in pdf.pages)
        for puzzle in SET.puzzles():
            assert puzzle.id in text


def shows_whole(box) -> bool:
    """Whether a text box shows all of its text (none of it scrolled out of sight)."""
    return box.evaluate("input => input.scrollWidth <= input.clientWidth")


def test_teacher_makes_a_set_and_a_student_answers_it(page, server, console):
    open_page(page, server, "classroom/teacher.ipynb")
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill("Browser class")
    page.get_by_label("Puzzles:").fill("41")
    make = page.get_by_role("button", name="Make the set")
    make.click()
    status = page.locator(".gt-teacher .gt-status")  # right under the button, above the rest of the page
    expect(status).to_contain_text("a class set has 1 to 40 puzzles, not 41")
    below = status.bounding_box()["y"] - (make.bounding_box()["y"] + make.bounding_box()["height"])
    assert 0 <= below < 40 and status.bounding_box()["y"] < page.locator(".gt-prepare").bounding_box()["y"]
    page.get_by_label("Puzzles:").fill("3")
    make.click()
    expected = ClassSet("Browser class", count=3)
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    expect(page.get_by_role("link", name=re.compile("Download the worksheet"))).to_be_visible()
    page.locator(".gt-lang-menu a[hreflang=tr]").click()  # the page in Turkish: the set made stays shown
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    with in_language("tr"):
        worksheet, example = t("Download the worksheet (HTML, print it from the browser)"), t("e.g. Year 9, Tuesday")
    expect(page.get_by_role("link", name=worksheet)).to_be_visible()
    expect(page.get_by_placeholder(example)).to_have_value("Browser class")
    open_page(page, server, "classroom/student.ipynb", f"code={expected.code}&profile=Kim")
    page.get_by_role("button", name="Start").click()
    puzzle = expected.puzzles()[0]
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(puzzle.id)
    view.get_by_role("button", name="No, I cannot knock", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded: no, you cannot knock.")
    page.get_by_role("button", name="Hand in the set").click()
    page.get_by_role("button", name="Hand in with 2 not answered").click()
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()


def test_a_class_set_keeps_its_answers_until_it_is_handed_in(page, server, console):
    classset = ClassSet("Hand-in class", count=2)
    typo = classset.code[:-1] + ("0" if classset.code[-1] != "0" else "1")
    open_page(page, server, "classroom/student.ipynb", "profile=Kai")
    page.get_by_label("Class code:").fill(typo)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".gt-student > .gt-status-line .gt-status")).to_contain_text("⚠")
    page.get_by_label("Class code:").fill(classset.code)
    page.get_by_role("button", name="Start").click()
    view = page.locator(".gt-puzzle")
    for number, puzzle in enumerate(classset.puzzles(), start=1):
        expect(view).to_contain_text(puzzle.id)
        expect(page.locator(".gt-status")).to_have_count(0)
        expect(page.locator(".gt-student")).not_to_contain_text("Opening the set")
        expect(view.get_by_role("button", name="Show the solver's table")).to_have_count(0)
        if puzzle.kind == PuzzleKind.CAN_KNOCK:
            view.get_by_role("button", name="Yes, I can knock").click()
            if not puzzle.can_knock:
                expect(view.get_by_role("button", name="Knock with this discard")).to_be_visible()
        card = puzzle.answer[0] if puzzle.answer else puzzle.hand[0]
        view.get_by_role("button", name=str(card), exact=True).click()
        view.get_by_role("button", name=re.compile("Knock with this discard|Discard the selected card")).click()
        expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")
        expect(page.locator(".gt-feedback-right, .gt-feedback-wrong")).to_have_count(0)
        expect(page.locator("table.gt-solver")).to_have_count(0)
        if number < classset.count:
            page.get_by_role("button", name="Next puzzle").click()
    page.get_by_role("button", name="Hand in the set").click()
    expect(page.locator("table.gt-solver")).to_have_count(classset.count)
    right = sum(bool(p.answer) for p in classset.puzzles())
    expect(page.locator(".gt-stats")).to_contain_text(f"right {right} of {classset.count}")
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()



def test_switching_lessons_on_the_projector_page_keeps_one_working_view(page, server, console):
    """The page closes each view it replaces: the browser drops it without an error, and
    the view shown in its place steps."""
    from gintrainer.lessons import DEMOS
    from gintrainer.widgets.present import QUICK_REFERENCE, ReferenceSlides, demo_choices

    labels = {name: label for label, name in demo_choices()}
    labels[QUICK_REFERENCE] = "Quick reference, one section at a time"
    open_page(page, server, "classroom/present.ipynb")
    present = page.locator(".gt-present")
    choice = present.get_by_role("combobox")
    names = [name for _, name in demo_choices()]
    for name in names[:3] + [QUICK_REFERENCE] + names[-2:]:
        steps = ReferenceSlides() if name == QUICK_REFERENCE else DEMOS[name].steps()
        title = ReferenceSlides.title if name == QUICK_REFERENCE else DEMOS[name].title
        choice.select_option(label=labels[name])
        stepper = present.locator(".gt-stepper")
        expect(stepper).to_have_count(1)
        expect(stepper).to_contain_text(title)
        expect(stepper).to_contain_text(f"Step 0 of {steps.count - 1}")
    present.get_by_role("button", name="Forward ▶").click()
    expect(present.locator(".gt-stepper")).to_contain_text(f"Step 1 of {steps.count - 1}")
    expect(present.locator(".gt-card.gt-large").first).to_be_visible()


def test_a_take_or_draw_set_made_answered_and_in_the_gradebook(page, server, console):
    open_page(page, server, "classroom/teacher.ipynb")
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill("Offer class")
    page.get_by_label("Puzzles:").fill("2")
    page.get_by_role("checkbox", name="Best discard").uncheck()
    page.get_by_role("checkbox", name="Take or draw?").check()
    page.get_by_role("button", name="Make the set").click()
    expected = ClassSet("Offer class", count=2, kinds=["can_knock", "take_or_draw"])
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    assert len(expected.code) == 29  # a version 3 code: five groups of five
    open_page(page, server, "classroom/student.ipynb", f"code={expected.code}&profile=Kit")
    code_box = page.get_by_label("Class code:")
    expect(code_box).to_have_value(expected.code)
    assert shows_whole(code_box)  # the longest code there is, typed or given: every character in sight
    page.get_by_role("button", name="Start").click()
    view = page.locator(".gt-puzzle")
    first, offered = expected.puzzles()
    expect(view).to_contain_text(first.id)
    if first.can_knock:
        view.get_by_role("button", name="Yes, I can knock").click()
        view.get_by_role("button", name=str(first.answer[0]), exact=True).click()
        view.get_by_role("button", name="Knock with this discard").click()
    else:
        view.get_by_role("button", name="No, I cannot knock", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")
    page.get_by_role("button", name="Next puzzle").click()
    expect(view).to_contain_text(offered.id)
    name = f"Take {offered.offered}" if offered.choice == "take" else "Draw from the stock"
    view.get_by_role("button", name=name, exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")
    page.get_by_role("button", name="Hand in the set").click()
    expect(page.locator(".gt-stats")).to_contain_text(f"right 2 of {expected.count}")
    expect(page.locator(".gt-student")).to_contain_text(f"✓ Right: you answered {offered.choice}.")
    open_page(page, server, "classroom/gradebook.ipynb", f"code={expected.code}")
    row = page.locator(".gt-gradebook .gb-table tbody tr")
    expect(row).to_have_count(1, timeout=30_000)
    assert shows_whole(page.get_by_label("Class code:"))
    code = page.locator(".gt-gradebook .gb-table caption .gb-code")
    expect(code).to_have_text(expected.code)
    assert code.evaluate("code => code.getClientRects().length") == 1  # on one line over a table of two puzzles
    expect(row).to_contain_text("Kit")
    expect(row.locator("td.gb-right")).to_have_count(2)
    expect(page.locator(".gt-gradebook .gb-table thead th").nth(2)).to_have_attribute(
        "title", re.compile(f"{offered.id} · take-or-draw"))
    page.get_by_label("Class code:").fill("abc")  # no code: no class, and the page says so under the box
    page.get_by_label("Class code:").press("Enter")
    status = page.locator(".gt-gradebook .gt-status")
    expect(status).to_contain_text("'abc' is not a class code")
    expect(page.locator(".gt-gradebook .gb-table")).to_have_count(0)
    upload = page.get_by_role("button", name=re.compile("Upload results files"))
    assert page.get_by_label("Class code:").bounding_box()["y"] < status.bounding_box()["y"] < \
        upload.bounding_box()["y"]


def test_a_teacher_loads_a_roster_and_a_student_picks_a_name_from_it(page, server, console, server_data, tmp_path):
    from gintrainer.classroom.store import open_store
    open_page(page, server, "classroom/teacher.ipynb")
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill("Roster class")
    page.get_by_label("Puzzles:").fill("2")
    page.get_by_role("button", name="Make the set").click()
    expected = ClassSet("Roster class", count=2)
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    roster = tmp_path / "class.csv"
    roster.write_text('name,email,section\n"Okafor, Chidi",chidi@school.example,9B\nZoë,zoe@school.example,9A\n',
                      encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load the class's roster").click()
    chooser.value.set_files(roster)
    expect(page.locator(".gt-roster-summary")).to_contain_text("Roster loaded: 2 students")
    open_page(page, server, "classroom/student.ipynb", f"code={expected.code}")
    names = page.locator(".gt-student select")
    expect(names).to_be_visible(timeout=30_000)
    expect(page.get_by_placeholder("your name or nickname")).to_be_hidden()
    names.select_option("Zoë")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".gt-puzzle")).to_contain_text(expected.puzzles()[0].id)
    assert [session.student for session in open_store().class_sessions(expected.code)] == ["Zoë"]
