"""The page's small script widgets (page language, page address, ticker) open in the browser the
same model an ``anywidget.AnyWidget`` opens, without the kernel importing anywidget's Python side."""

from __future__ import annotations

import copy

import anywidget
import pytest

from gintrainer.widgets.base import PageAddress, PageLanguage, ScriptWidget
from gintrainer.widgets.classroom import SessionKey, Ticker


def anywidget_twin(cls: type[ScriptWidget]) -> anywidget.AnyWidget:
    """An AnyWidget of the same name, module, script and traits as ``cls``."""
    traits = {name: copy.deepcopy(trait) for name, trait in cls.class_own_traits().items() if name != "_esm"}
    twin = type(cls.__name__, (anywidget.AnyWidget,), {"__module__": cls.__module__, "_esm": cls._esm.default_value,
                                                       **traits})
    return twin()


@pytest.mark.parametrize("cls", [PageLanguage, PageAddress, SessionKey, Ticker])
def test_a_script_widget_sends_the_state_an_anywidget_sends(cls):
    ours, twin = cls(), anywidget_twin(cls)
    without_layout = lambda widget: {k: v for k, v in widget.get_state().items() if k != "layout"}  # noqa: E731
    assert without_layout(ours) == without_layout(twin)
    assert ours.get_state()["_esm"].strip().startswith("function render")
    assert ours.get_state()["_model_module_version"] == anywidget.widget._ANYWIDGET_SEMVER_VERSION


def test_a_ticker_still_hears_the_browsers_tick():
    ticks = []
    ticker = Ticker()
    ticker.on_tick(lambda: ticks.append(1))
    ticker._handle_custom_msg({"tick": True}, [])
    ticker._handle_custom_msg({"tick": "yes"}, [])
    assert ticks == [1]
