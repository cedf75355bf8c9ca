"""The class pages: a teacher makes a set and gets its code and worksheets; a
student opens the set by code, answers and downloads the results; the teacher
loads everyone's results into the gradebook."""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..app import query_params
from ..classroom import (MAX_COUNT, ClassSet, StudentSession, answer_key_html, build_gradebook, class_set,
                         gradebook_html, load_folder, results_filename, theme_chart_svg, worksheet_filename,
                         worksheet_html)
from ..errors import GinError
from ..puzzles import THEMES
from .base import View, download_link, guarded
from .trainer import PuzzleView

MAX_RESULTS_FILE = 1_000_000
# Values are text the class set reads (a Dropdown shows nothing for an option whose value is None).
DIFFICULTY_RANGES = [("any", "1100-2699"), ("easy (1100-1299)", "easy"), ("medium (1300-1599)", "medium"),
                     ("hard (1600 and up)", "hard"), ("easy and medium", "1100-1599"),
                     ("medium and hard", "1300-2699")]
OBJECTIVES = [("Mixed", "mixed"), ("Least deadwood now", "deadwood"), ("Least deadwood after a draw", "lookahead")]


class TeacherPage(View):
    """Make a class set: name, count, kinds, objective, difficulty, themes, rules.
    Shows the short code for the students, the set, and the worksheet and answer
    key to download."""

    def __init__(self):
        self.name = widgets.Text(placeholder="e.g. Year 9, Tuesday", description="Class:")
        self.count = widgets.BoundedIntText(value=10, min=1, max=MAX_COUNT, description="Puzzles:")
        self.kinds = widgets.Dropdown(options=[("Both kinds", "both"), ("Can you knock?", "can_knock"),
                                               ("Best discard", "best_discard")], value="both", description="Kinds:")
        self.objective = widgets.Dropdown(options=OBJECTIVES, value="mixed", description="Discard goal:")
        self.difficulty = widgets.Dropdown(options=DIFFICULTY_RANGES, value="1100-2699", description="Difficulty:")
        self.themes = widgets.SelectMultiple(options=[t for t in THEMES if t != "big-gin"], rows=6,
                                             description="Themes:")
        self.oklahoma = widgets.Checkbox(value=False, description="Oklahoma rules", indent=False)
        self.make_button = widgets.Button(description="Make the set", button_style="primary")
        self.code = widgets.HTML()
        self.downloads = widgets.HTML()
        self.listing = widgets.HTML()
        self.classset: ClassSet | None = None
        form = widgets.VBox([self.name, self.count, self.kinds, self.objective, self.difficulty, self.themes,
                             self.oklahoma, self.make_button])
        super().__init__([form, self.code, self.downloads, self.listing])
        self.add_class("gt-teacher")
        self.make_button.on_click(self._on_make)

    def options(self) -> dict:
        kinds = self.kinds.value
        if kinds not in ("both", "can_knock", "best_discard"):
            raise GinError("choose the kinds of puzzle")
        return dict(count=self.count.value, kinds=("can_knock", "best_discard") if kinds == "both" else (kinds,),
                    objective=None if kinds == "can_knock" else self.objective.value,
                    difficulty=self.difficulty.value, themes=tuple(self.themes.value), oklahoma=self.oklahoma.value)

    @guarded
    def _on_make(self, _button=None) -> None:
        self.code.value = "<div class='gt-info'>Making the set: each puzzle is checked by the solver…</div>"
        self.downloads.value = self.listing.value = ""
        classset = ClassSet(self.name.value, **self.options())
        puzzles = classset.puzzles()  # made before the code is shown: a code always names a set that exists
        self.classset = classset
        self.code.value = (f"<div class='gt-code-box'>Class code: <b class='gt-code'>{escape(classset.code)}</b>"
                           f"</div><div class='gt-info'>{escape(classset.describe())}</div>"
                           f"<div class='gt-info'>Students open <a href='student.ipynb?code={escape(classset.code)}'>"
                           f"the student page</a> and type this code (and their name).</div>")
        self.downloads.value = (
            download_link(worksheet_html(classset), worksheet_filename(classset), "Download the worksheet (HTML, print "
                      "it from the browser)", "text/html") + " · "
            + download_link(answer_key_html(classset), worksheet_filename(classset, answers=True),
                        "Download the answer key", "text/html"))
        items = "".join(f"<li>{escape(p.question)} <span class='gt-info'>(difficulty {p.difficulty}; "
                        f"{escape(', '.join(p.themes) or 'no theme')})</span></li>" for p in puzzles)
        self.listing.value = f"<ol>{items}</ol>"
        self.clear_status()


class StudentPage(View):
    """Open a set by its code, answer each puzzle, download the results."""

    def __init__(self, *, code: str | None = None, student: str | None = None):
        params = query_params()
        self.code = widgets.Text(value=code or params.get("code", ""), placeholder="e.g. 47M3R-013VD-1D700",
                                 description="Class code:")
        self.student = widgets.Text(value=student or params.get("profile", ""), placeholder="your name or nickname",
                                    description="Name:")
        self.start_button = widgets.Button(description="Start", button_style="primary")
        self.progress = widgets.HTML()
        self.view = PuzzleView(on_result=self._on_result, hints=False)
        self.view.layout.display = "none"
        self.next_button = widgets.Button(description="Next puzzle", button_style="info")
        self.next_button.layout.display = "none"
        self.results = widgets.HTML()
        self.session: StudentSession | None = None
        self.index = 0
        super().__init__([widgets.HBox([self.code, self.student, self.start_button],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.progress, self.view, self.next_button, self.results])
        self.add_class("gt-student")
        self.start_button.on_click(self._on_start)
        self.next_button.on_click(self._on_next)

    @guarded
    def _on_start(self, _button=None) -> None:
        self.progress.value = "<div class='gt-info'>Opening the set…</div>"
        self.session = StudentSession(self.code.value, self.student.value)
        self.index = 0
        self._show()

    def _show(self) -> None:
        session = self.session
        self.view.layout.display = ""
        self.view.show(session.show(self.index))
        self.next_button.layout.display = "none"
        self._refresh_progress()

    def _refresh_progress(self) -> None:
        right, answered = self.session.score
        self.progress.value = (f"<div class='gt-stats'>{escape(self.session.student)} · puzzle {self.index + 1} of "
                               f"{len(self.session)} · right {right} of {answered}</div>")
        if answered:
            self.results.value = download_link(self.session.to_csv(),
                                           results_filename(self.session.student, self.session.code),
                                           "Download your results (CSV) for your teacher", "text/csv")

    def _on_result(self, view, attempt) -> None:
        if self.session is None or not self.session.can_answer(self.index):
            raise GinError("this puzzle is already answered")
        self.session.answer(self.index, attempt.answer_text)
        self._refresh_progress()
        if self.index + 1 < len(self.session):
            self.next_button.layout.display = ""
        else:
            self.progress.value += "<div class='gt-info'>That was the last puzzle: download your results.</div>"

    @guarded
    def _on_next(self, _button=None) -> None:
        if self.session is None:
            raise GinError("open the set first")
        if self.session.can_answer(self.index):
            raise GinError("answer this puzzle first")
        if self.index + 1 >= len(self.session):
            raise GinError("that was the last puzzle")
        self.index += 1
        self._show()


class GradebookPage(View):
    """The class's results: students by puzzles, and how the class did on each theme."""

    def __init__(self):
        self.code = widgets.Text(placeholder="the set's code (optional)", description="Class code:")
        self.folder = widgets.Text(placeholder="a folder of results files on this computer", description="Folder:")
        self.load_button = widgets.Button(description="Load the folder")
        self.upload = widgets.FileUpload(accept=".csv", multiple=True, description="Or upload results files")
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.problems = widgets.HTML()
        super().__init__([widgets.HBox([self.code], layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.folder, self.load_button, self.upload],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.problems, self.table, self.chart])
        self.add_class("gt-gradebook")
        self.load_button.on_click(self._on_load)
        self.upload.observe(self._on_upload, names="value")

    def _code(self) -> str | None:
        text = self.code.value.strip() if isinstance(self.code.value, str) else ""
        return class_set(text).code if text else None

    @guarded
    def _on_load(self, _button=None) -> None:
        path = Path(str(self.folder.value).strip()).expanduser()
        if not str(self.folder.value).strip() or not path.is_dir():
            raise GinError(f"no folder {str(self.folder.value)!r} on this computer")
        self.show(load_folder(path, code=self._code()))

    @guarded
    def _on_upload(self, change) -> None:
        files = []
        for item in change["new"] or ():
            name = item["name"] if isinstance(item, dict) else item.name
            content = bytes(item["content"] if isinstance(item, dict) else item.content)
            if len(content) > MAX_RESULTS_FILE:
                raise GinError(f"{name} is too large for a results file")
            files.append((str(name), content))
        if files:
            self.show(build_gradebook(files, code=self._code()))

    def show(self, book) -> None:
        self.problems.value = ("<div class='gt-notice'><b>Skipped:</b><ul>"
                               + "".join(f"<li>{escape(p.file)}: {escape(p.reason)}</li>" for p in book.problems)
                               + "</ul></div>") if book.problems else ""
        self.table.value = gradebook_html(book)
        self.chart.value = theme_chart_svg(book)
        self.clear_status()


def teacher() -> TeacherPage:
    return TeacherPage()


def student() -> StudentPage:
    return StudentPage()


def gradebook() -> GradebookPage:
    return GradebookPage()
