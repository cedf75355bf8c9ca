"""The layouts and styles that the package's widgets share: one model each per kernel,
never closed with a widget, never changed (a widget that changes its own has its own)."""

from __future__ import annotations

import ipywidgets
import pytest

from gintrainer.widgets import ui as widgets
from gintrainer.widgets.base import View, close_tree, is_shared, shared_part
from gintrainer.widgets.exercise import ExerciseView


def test_widgets_that_keep_their_defaults_share_one_layout_and_one_style_per_class():
    first, second = widgets.HTML("a"), widgets.HTML("b")
    assert first.layout is second.layout is shared_part(ipywidgets.Layout)
    assert first.style is second.style and type(first.style).__name__ == "SharedHTMLStyle"
    button = widgets.Button(description="Go")
    assert button.layout is first.layout and isinstance(button.style, ipywidgets.ButtonStyle)
    own = widgets.Button(description="Hidden", layout=widgets.Layout(display="none"))
    assert not is_shared(own.layout) and own.layout.display == "none"


def test_closing_a_view_leaves_the_shared_parts_open_for_the_other_widgets():
    view = ExerciseView("knock_card", 3)
    layout, style = view.check_button.layout, view.check_button.style
    assert is_shared(layout) and is_shared(style)
    close_tree(view)
    assert view.check_button.comm is None
    assert layout.comm is not None and style.comm is not None
    after = widgets.Button(description="Next")
    assert after.layout is layout and after.layout.comm is not None


def test_a_shared_layout_refuses_a_change_that_would_show_on_every_widget():
    html = widgets.HTML("text")
    with pytest.raises(AttributeError, match="shared"):
        html.layout.display = "none"
    assert html.layout.display is None and widgets.HTML("other").layout.display is None


def test_shared_parts_are_made_again_after_every_widget_was_closed():
    before = widgets.HTML("x").layout
    ipywidgets.Widget.close_all()
    after = View([widgets.HTML("y")])
    assert after.layout is not before and after.layout.comm is not None and is_shared(after.layout)


def test_every_view_shows_the_one_style_sheet_and_closing_a_view_leaves_it_open():
    first, second = View([widgets.HTML("a")]), ExerciseView("can_knock", 1)
    sheet = first.children[0]
    assert "gt-style" in sheet._dom_classes and ".gt-card" in sheet.value
    assert second.children[0] is sheet and is_shared(sheet)
    close_tree(first)
    assert first.comm is None and sheet.comm is not None
    assert View().children[0] is sheet


def test_toggle_buttons_as_wide_as_their_labels_share_one_style():
    choices = ExerciseView("can_knock", 1).choices
    other = ExerciseView("can_knock", 2).choices
    assert choices.style is other.style and choices.style.button_width == "auto" and is_shared(choices.style)
