"""What every gintrainer widget shares: display settings, the style sheet, and
callbacks whose errors land in a visible status line."""

from __future__ import annotations

import base64
import functools
import logging
import traceback
from html import escape

import ipywidgets as widgets
import traitlets

from ..drawing import SIZES, style_block
from ..errors import GinError

log = logging.getLogger("gintrainer.widgets")


class DisplaySettings(traitlets.HasTraits):
    """How cards are drawn in every view: the size (``large`` for a projector) and
    the four-colour deck (clubs green, diamonds blue)."""

    size = traitlets.Enum(SIZES, default_value="normal")
    four_colour = traitlets.Bool(False)


settings = DisplaySettings()
"""The settings shared by every view in the kernel."""


def style_sheet() -> widgets.HTML:
    """An HTML widget holding the card style sheet (views include one each; duplicates are harmless)."""
    sheet = widgets.HTML(style_block())
    sheet.add_class("gt-style")
    return sheet


_running = 0
"""How many guarded callbacks are running: the outermost one is the learner's action."""


def guarded(method):
    """Run a callback so that any error shows in the view's status line instead of vanishing.

    The learner's next action clears the view's status line first, so a problem
    stays on screen only until something else is tried (callbacks that the
    action sets off in turn leave it alone)."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        global _running
        if not _running:
            self.clear_status()
        _running += 1
        try:
            result = method(self, *args, **kwargs)
        except GinError as error:
            self.report(str(error))
            return None
        except Exception as error:  # a kernel under Voila shows no tracebacks: keep it for the page
            log.exception("error in %s.%s", type(self).__name__, method.__name__)
            self.last_traceback = traceback.format_exc()
            self.report(f"Something went wrong: {type(error).__name__}: {error}")
            return None
        finally:
            _running -= 1
        return result
    return wrapper


def download_link(text: str, filename: str, label: str, mime: str = "application/json") -> str:
    """A link that downloads ``text`` as a file; the page builds it, nothing is served from disk."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f'<a download="{escape(filename)}" href="data:{mime};base64,{data}" class="gt-download">{escape(label)}</a>'


class View(widgets.VBox):
    """A view: a VBox with a status line for errors, redrawn when the display settings change."""

    def __init__(self, children=(), **kwargs):
        self.status = widgets.HTML("")
        self.status.add_class("gt-status-line")
        self.last_error: str | None = None
        self.last_traceback: str | None = None
        super().__init__(children=[style_sheet(), *children, self.status], **kwargs)
        self.add_class("gt-view")
        settings.observe(self._settings_changed, names=["size", "four_colour"])

    @property
    def size(self) -> str:
        return settings.size

    @property
    def four_colour(self) -> bool:
        return settings.four_colour

    def report(self, message: str) -> None:
        """Show an error in the status line."""
        self.last_error = message
        self.status.value = f'<span class="gt-status">⚠ {escape(message)}</span>'

    def clear_status(self) -> None:
        self.last_error = None
        self.status.value = ""

    def _settings_changed(self, change) -> None:
        self._redraw()

    @guarded
    def _redraw(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the current state (views override)."""


class SettingsBar(widgets.HBox):
    """Card size and colouring for every view: a teacher switches to large cards for the projector."""

    def __init__(self):
        self.size = widgets.ToggleButtons(options=[("Small", "small"), ("Normal", "normal"),
                                                   ("Large (projector)", "large")],
                                          value=settings.size, description="Cards:",
                                          style={"button_width": "auto"})
        self.four_colour = widgets.Checkbox(value=settings.four_colour, description="Four-colour deck",
                                            indent=False)
        traitlets.link((settings, "size"), (self.size, "value"))
        traitlets.link((settings, "four_colour"), (self.four_colour, "value"))
        super().__init__([self.size, self.four_colour])
        self.add_class("gt-settings")
