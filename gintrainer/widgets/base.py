"""What every gintrainer widget shares: display settings, the style sheet (with the
rules for right-to-left pages), the page's language on the document, and callbacks
whose errors land in a visible status line."""

from __future__ import annotations

import base64
import functools
import logging
import traceback
from collections.abc import Callable, Collection, Sequence
from html import escape
from importlib.metadata import version
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

import ipywidgets as widgets
import traitlets
from traitlets.utils.sentinel import Sentinel

from ..material.drawing import SIZES, style_block
from ..records.storage import strip_name
from ..words.errors import GinError
from ..words.language import current_language, t, tc, text_direction

log = logging.getLogger("gintrainer.widgets")

Change = dict[str, Any]
"""A trait change as ipywidgets hands it to an observer: ``name``, ``old``, ``new``,
``owner`` and ``type`` (``new`` is whatever the page sent: check it)."""


class Observable(Protocol):
    """Something that calls back with no arguments after each change (a page's learner)."""

    def observe(self, callback: Callable[[], None]) -> None: ...

    def unobserve(self, callback: Callable[[], None]) -> None: ...


class DisplaySettings(traitlets.HasTraits):
    """How cards are drawn in every view: the size (``large`` for a projector) and
    the four-colour deck (clubs green, diamonds blue)."""

    size = traitlets.Enum(SIZES, default_value="normal")
    four_colour = traitlets.Bool(False)

    def observer_count(self) -> int:
        """How many callbacks a change of size or colouring calls: steady while a page
        replaces its views, as each replaced view stops listening."""
        return sum(len(callbacks) for name in ("size", "four_colour")
                   for callbacks in self._trait_notifiers.get(name, {}).values())


settings = DisplaySettings()
"""The settings shared by every view in the kernel."""


FONT_STACK = ('"Noto Naskh Arabic", "Noto Sans Arabic", "Vazirmatn", "Segoe UI", Tahoma, "DejaVu Sans", '
              'Arial, sans-serif')
"""Fonts for Pashto pages, first those that have all of Pashto's letters (ښ ږ ډ ټ ځ ڼ ګ):
Debian's fonts-noto-core has both Noto families."""

DISCLOSURE = "gt-disclosure"
"""The class of a toggle button that shows and hides a part of the page (a page's settings, the solver's table):
the template's ``static/page.js`` gives it ``aria-expanded``, true while it is pressed, as a screen reader needs
to tell the learner whether the part is open (no ipywidget says it)."""

SINGLE_CLICK = "gt-single-click"
"""The class of a button that a double click presses once: the template's ``static/page.js`` stops the second
click of a double click on it (and the third of a triple), as the browser counts them, before the widget's view
sends it to the kernel. For a button each press of which costs the learner and whose second press no state of
the page tells from one meant: a puzzle's Hint (each hint taken counts against a clean solve), the practice
page's Take back (each press undoes one more decision). A button that a
press hides or turns off needs none: its view ignores a click that comes after (a puzzle's answer, a move)."""

LTR_PARTS = (".gt-row", ".gt-hand", ".gt-melds", ".gt-laid", ".gt-group", ".gt-card", ".gt-picker",
             ".gt-position", ".gt-middle", "table.gt-solver", ".gt-code")
"""What stays left to right on a right-to-left page: rows of cards, runs, hands, melds,
the card buttons and tables of numbers (a run reads 4 5 6 in Pashto too)."""

RTL_TEXT_PARTS = (".gt-note", ".gt-caption", ".gt-seat-title", ".gt-count", "table.gt-solver caption",
                  "table.gt-solver th:not([scope=row])")
"""The words inside those left-to-right parts (a phase note beside the stock, a meld's caption,
a seat's title, a count, a table's headings): sentences of the page's language, laid out
right to left even when they begin with a Latin name or a card ("Ben کولی شي …"), as the
page's direction says, not as their first letter would (which ``dir=auto`` or
``unicode-bidi: plaintext`` would follow)."""

_RTL_CSS = """
html[dir=rtl] body, html[dir=rtl] .jp-Notebook, html[dir=rtl] .jupyter-widgets {font-family: FONTS;}
[dir=rtl] .widget-html-content, [dir=rtl] .jp-RenderedHTMLCommon, [dir=rtl] .widget-label,
[dir=rtl] .widget-html, [dir=rtl] .gt-caption-box {text-align: right;}
[dir=rtl] .gt-caption-box {border-left: none; border-right: 4px solid #f0a000;}
[dir=rtl] .gt-notice {border-left: none; border-right: 4px solid #f0a000;}
[dir=rtl] LTR {direction: ltr; text-align: left;}
[dir=rtl] TEXT {direction: rtl; unicode-bidi: isolate;}
[dir=rtl] .widget-checkbox input[type=checkbox] {
  margin-right: 0; margin-left: calc(var(--jp-widgets-input-padding) * 2);}
[dir=rtl] .jupyter-button i.fa {margin-right: 0; margin-left: 4px;}
.gt-lang-bar .gt-lang-menu {font-size: 90%; color: #444;}
.gt-lang-menu a {margin: 0 2px;}
.gt-lang-menu a, .gt-lang-menu b {unicode-bidi: isolate;}
"""


def language_style() -> str:
    """The style rules for pages in a right-to-left language (they apply only there):
    text aligned right, navigation mirrored by the direction itself, cards and numbers
    left to right with the words among them right to left, a checkbox's gap and a button's icon's
    on the side of its label, a font stack that covers Pashto."""
    css = (_RTL_CSS.replace("FONTS", FONT_STACK).replace("LTR", ", [dir=rtl] ".join(LTR_PARTS))
           .replace("TEXT", ", [dir=rtl] ".join(RTL_TEXT_PARTS)))
    return f"<style>{css}</style>"


# -- shared layouts and styles ---------------------------------------------------------------

class _Sealed:
    """A layout or style shared by many widgets: nobody may change it (a change would show
    on every widget that shares it); a widget whose layout or style changes has its own."""

    _sealed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed and not name.startswith("_") and name in getattr(self, "keys", ()):
            raise AttributeError(f"{type(self).__name__} is shared by many widgets: give the widget its own "
                                 f"layout or style to change its {name}")
        super().__setattr__(name, value)


_SHARED: dict[tuple[type, tuple[tuple[str, Any], ...]], widgets.Widget] = {}
"""The kernel's shared layouts, styles and style sheet, by their class and values (made when
first asked for)."""

_SEALED_CLASSES: dict[type, type] = {}


def shared_part(kind: type, **values: Any) -> widgets.Widget:
    """The one ``kind`` with these ``values`` (``widgets.Layout()``, a style class, the style
    sheet) shared by every widget of the package that shows it: one model in the page
    instead of one per widget. It is made again if something closed it
    (``Widget.close_all()``)."""
    key = (kind, tuple(sorted(values.items())))
    part = _SHARED.get(key)
    if part is None or part.comm is None:
        sealed = _SEALED_CLASSES.get(kind)
        if sealed is None:
            sealed = _SEALED_CLASSES[kind] = type(f"Shared{kind.__name__}", (_Sealed, kind), {})
        part = _SHARED[key] = sealed(**values)
        part._sealed = True
    return part


def fixed_layout(**values: Any) -> widgets.Layout:
    """The shared layout with these ``values`` (``width="auto"``), for widgets whose layout
    never changes after they are made: one model for all of them."""
    return cast(widgets.Layout, shared_part(widgets.Layout, **values))


def auto_width_buttons() -> widgets.Widget:
    """The shared style of toggle buttons as wide as their labels."""
    return shared_part(widgets.ToggleButtonsStyle, button_width="auto")


def is_shared(part: object) -> bool:
    """Whether ``part`` is a shared layout or style (never closed with a widget, never changed)."""
    return isinstance(part, _Sealed)


class _Tooltip(traitlets.Unicode[str, str | bytes]):
    """A widget's tooltip, never None: no tooltip is the empty text (None reads as no tooltip)."""

    def __init__(self, **kwargs: Any):
        super().__init__("", **kwargs)

    def validate(self, obj: Any, value: Any) -> str:
        return "" if value is None else super().validate(obj, value)


def _lean(kind: type[_Widget]) -> type[_Widget]:
    """``kind`` (an ipywidgets class) with the shared layout, and the shared style of its
    style class, as defaults: a widget given ``layout=`` or ``style=`` has its own."""
    namespace: dict[str, Any] = {
        "__module__": __name__, "__qualname__": kind.__name__,
        "__doc__": f"ipywidgets' {kind.__name__}, sharing the kernel's layout and style unless given its own.",
        "_shared_layout": traitlets.default("layout")(lambda self: shared_part(widgets.Layout))}
    style = kind.class_traits().get("style")
    if style is not None:
        # a widget's style is an Instance trait of its style class (ipywidgets' InstanceDict), given as a class
        style_class = cast(type, cast("traitlets.Instance[Any]", style).klass)
        namespace["_shared_style"] = traitlets.default("style")(lambda self: shared_part(style_class))
    if "tooltip" in kind.class_traits() and not issubclass(kind, widgets.Button):
        # ipywidgets' views write the tooltip into a title attribute as it is (a toggle button's, a file
        # upload's, the label of a widget with a description), so None (the default) shows as a "null"
        # tooltip: with none given, there is no tooltip. (A Button's view falls back on its description.)
        namespace["tooltip"] = _Tooltip(help=kind.class_traits()["tooltip"].help).tag(sync=True)
    return cast(type[_Widget], type(kind.__name__, (kind,), namespace))


_Widget = TypeVar("_Widget", bound=widgets.DOMWidget)

if TYPE_CHECKING:  # to the type checker they are ipywidgets' own, which they behave as
    from ipywidgets import (  # noqa: I001  (each "as" itself: exported, for .ui)
        HTML as HTML, BoundedIntText as BoundedIntText, Box as Box, Button as Button, Checkbox as Checkbox,
        Combobox as Combobox, Dropdown as Dropdown, FileUpload as FileUpload, HBox as HBox, IntSlider as IntSlider,
        IntText as IntText,
        Password as Password, SelectMultiple as SelectMultiple, Text as Text, Textarea as Textarea,
        ToggleButton as ToggleButton, ToggleButtons as ToggleButtons, VBox as VBox)
else:
    HTML = _lean(widgets.HTML)
    Button = _lean(widgets.Button)
    ToggleButton = _lean(widgets.ToggleButton)
    ToggleButtons = _lean(widgets.ToggleButtons)
    Box = _lean(widgets.Box)
    HBox = _lean(widgets.HBox)
    VBox = _lean(widgets.VBox)
    Text = _lean(widgets.Text)
    Password = _lean(widgets.Password)
    Textarea = _lean(widgets.Textarea)
    Combobox = _lean(widgets.Combobox)
    Checkbox = _lean(widgets.Checkbox)
    Dropdown = _lean(widgets.Dropdown)
    SelectMultiple = _lean(widgets.SelectMultiple)
    BoundedIntText = _lean(widgets.BoundedIntText)
    IntText = _lean(widgets.IntText)
    IntSlider = _lean(widgets.IntSlider)
    FileUpload = _lean(widgets.FileUpload)
"""The widget classes the package makes, each sharing one layout and one style per kernel
(``gintrainer.widgets.ui`` names them beside the rest of ipywidgets)."""


def wrapping_row(*children: widgets.Widget) -> HBox:
    """A row of controls (the package's :class:`HBox`) that wraps onto the next line when
    the page is narrow, its layout shared."""
    return HBox(list(children), layout=fixed_layout(flex_flow="row wrap"))


def style_sheet() -> widgets.HTML:
    """The HTML widget holding the card style sheet and the right-to-left rules: one
    model per kernel, which every view shows (so that a view shown alone has it), never
    closed with a view."""
    return cast(widgets.HTML, shared_part(HTML, value=style_block() + language_style(),
                                          _dom_classes=("gt-style",)))


def _anywidget_version() -> str:
    """The front-end module version an AnyWidget asks for: ``~major.minor.*`` of the
    installed anywidget, its pre-releases exactly (as anywidget's own widget says it)."""
    number = version("anywidget")
    major, minor, rest = number.split(".", maxsplit=2)
    return number if "a" in rest or "b" in rest else f"~{major}.{minor}.*"


class ScriptWidget(widgets.DOMWidget):
    """A widget drawn by the JavaScript module in its ``_esm`` trait, through anywidget's
    front end, as an ``anywidget.AnyWidget`` is: the same model, view, module and state.
    It does not import anywidget's Python package, which brings psygnal and file
    watching (2 MB in every page's kernel) for features these widgets do not use:
    a script read from a file, styles (``_css``) and commands."""

    _model_name = traitlets.Unicode("AnyModel").tag(sync=True)
    _model_module = traitlets.Unicode("anywidget").tag(sync=True)
    _model_module_version = traitlets.Unicode(_anywidget_version()).tag(sync=True)
    _view_name = traitlets.Unicode("AnyView").tag(sync=True)
    _view_module = traitlets.Unicode("anywidget").tag(sync=True)
    _view_module_version = traitlets.Unicode(_anywidget_version()).tag(sync=True)
    _esm = traitlets.Unicode().tag(sync=True)
    _anywidget_id = traitlets.Unicode().tag(sync=True)
    _shared_layout = traitlets.default("layout")(lambda self: shared_part(widgets.Layout))

    @traitlets.default("_anywidget_id")
    def _class_name(self) -> str:
        return f"{type(self).__module__}.{type(self).__name__}"

    def __repr__(self) -> str:
        return object.__repr__(self)  # ipywidgets' would list every trait


class PageLanguage(ScriptWidget):
    """Sets the page's ``lang`` and ``dir`` on its document element (``<html>``), which
    no ipywidget can reach: a Pashto page is laid out right to left; and, given one, the
    page's title (the browser's tab shows it, else the notebook's file name). It draws nothing.

    It also takes a learner who arrives with a part of the page named in the address
    (``#exercise-pick_meld``, ``#check``: :func:`gintrainer.widgets.site.part_anchor`) to
    that part once it is drawn, and marks it (``gt-arrived``): the view of class ``gt-at-``
    and the name (:meth:`View.anchor_class`), which gets the name as its ``id`` too. One
    widget does both, as every page has it: each widget model costs the page's kernel.

    And it leaves on the document element, in the page's language, what the template's
    ``connection.js`` says when the page loses its server (``data-gt-lost``, and ``data-gt-reload``
    for its button), which it can no longer ask the kernel for then; a part of the page that keeps
    something adds a line to it (an element of class ``gt-when-lost``)."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      const apply = () => {
        document.documentElement.lang = model.get("lang");
        document.documentElement.dir = model.get("dir");
        if (model.get("title")) document.title = model.get("title");
        document.documentElement.dataset.gtLost = model.get("lost");
        document.documentElement.dataset.gtReload = model.get("reload");
      };
      apply();
      model.on("change:lang", apply);
      model.on("change:dir", apply);
      model.on("change:title", apply);
      el.classList.add("gt-page-language");
      const name = decodeURIComponent(window.location.hash.slice(1));
      if (!/^[a-z0-9_-]{1,60}$/.test(name)) return;
      let tries = 0, timer = 0;
      const arrive = () => {
        const part = document.querySelector(".gt-at-" + name);
        if (!part) {
          if (++tries < 150) timer = window.setTimeout(arrive, 200);
          return;
        }
        part.id = name;
        part.classList.add("gt-arrived");
        for (const ms of [0, 400, 1200]) window.setTimeout(() => part.scrollIntoView({ block: "start" }), ms);
      };
      timer = window.setTimeout(arrive, 0);
      return () => window.clearTimeout(timer);
    }
    export default { render };
    """).tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    dir = traitlets.Unicode("ltr").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    lost = traitlets.Unicode("").tag(sync=True)
    reload = traitlets.Unicode("").tag(sync=True)

    @classmethod
    def for_page(cls, title: str = "") -> PageLanguage:
        """The widget for the language the page speaks now, and the page's title in it."""
        lang = current_language()
        lost = t("The connection to the server is lost, so this page no longer answers. Reload the page to go on "
                 "once the server is back.")
        return cls(lang=lang, dir=text_direction(lang), title=title, lost=lost, reload=tc("button", "Reload the page"))


class PageAddress(ScriptWidget):
    """Keeps values in the page's address (a class set's ``?code=...&session=...``, the
    learner's ``?profile=``, the puzzle open and its hints taken) without reloading it, so that
    a reload of the page opens the same session for the same learner. The keys of ``carry`` go
    with the page to another language too: a click on a link of the language menu copies them
    from the address into the link first (the menu is drawn by the kernel, which does not
    redraw it for each of them). It draws nothing."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      const apply = () => {
        const wanted = model.get("query") || {};
        if (!Object.keys(wanted).length) return;
        const url = new URL(window.location.href);
        for (const [key, value] of Object.entries(wanted)) {
          if (value) url.searchParams.set(key, value); else url.searchParams.delete(key);
        }
        window.history.replaceState(window.history.state, "", url.toString());
      };
      apply();
      model.on("change:query", apply);
      el.classList.add("gt-page-address");
      document.addEventListener("click", (event) => {
        const link = event.target.closest && event.target.closest(".gt-lang-menu a[href]");
        const carry = model.get("carry") || [];
        if (!link || !carry.length) return;
        const here = new URL(window.location.href);
        const url = new URL(link.getAttribute("href"), window.location.href);
        for (const key of carry) {
          const value = here.searchParams.get(key);
          if (value) url.searchParams.set(key, value); else url.searchParams.delete(key);
        }
        link.href = url.toString();
      }, true);
    }
    export default { render };
    """).tag(sync=True)
    query = traitlets.Dict(traitlets.Unicode(), default_value={}).tag(sync=True)
    carry = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)


class SignIn(ScriptWidget):
    """Sends the server a ticket a page's kernel made (the teacher's, once the passphrase was
    typed: :func:`gintrainer.app.teacher_ticket`; a learner's, once their profile's PIN was:
    :func:`gintrainer.app.learner_ticket`), in the request header named by ``header``; the
    server answers with its cookie for the browser's session (:func:`gintrainer.app.sign_in_teacher`,
    :func:`gintrainer.app.sign_in_learner`), so that the browser's other pages open without
    asking again. It draws nothing; the element gets the class ``gt-signed-in`` once the
    server took the ticket."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      el.classList.add("gt-sign-in");
      const send = () => {
        const ticket = model.get("ticket");
        if (!ticket) return;
        const base = document.body.dataset.baseUrl || "/voila/";
        const headers = {};
        headers[model.get("header")] = ticket;
        fetch(base + "api/contents/", { headers, credentials: "same-origin", cache: "no-store" })
          .then(response => { if (response.ok) el.classList.add("gt-signed-in"); });
      };
      send();
      model.on("change:ticket", send);
    }
    export default { render };
    """).tag(sync=True)
    ticket = traitlets.Unicode("").tag(sync=True)
    header = traitlets.Unicode("").tag(sync=True)


_running = 0
"""How many guarded callbacks are running: the outermost one is the learner's action."""


_View = TypeVar("_View", bound="View")
_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")


def guarded(method: Callable[Concatenate[_View, _Params], _Result],
            ) -> Callable[Concatenate[_View, _Params], _Result | None]:
    """Run a callback so that any error shows in the view's status line instead of vanishing.

    The learner's next action clears the view's status line first, so a problem
    stays on screen only until something else is tried (callbacks that the
    action sets off in turn leave it alone)."""
    def wrapper(self: _View, /, *args: _Params.args, **kwargs: _Params.kwargs) -> _Result | None:
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
            problem = f"{type(error).__name__}: {error}"
            self.report(t("Something went wrong: {error}", error=problem))
            return None
        finally:
            _running -= 1
        return result
    functools.update_wrapper(wrapper, method)  # as functools.wraps, keeping the wrapper's own type
    return wrapper


def typed_name(value: object, missing: str | None = None) -> str:
    """The name typed into a box, as typed (the record layer cleans and checks it); a GinError
    in the page's words when the box is empty (``missing``: "Type a name first."), where the
    record layer's error would quote the empty text for a programmer (``''``)."""
    if not isinstance(value, str) or not strip_name(value):
        raise GinError(missing or t("Type a name first."))
    return value


def download_link(text: str, filename: str, label: str, mime: str = "application/json") -> str:
    """A link that downloads ``text`` as a file; the page builds it, nothing is served from disk."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f'<a download="{escape(filename)}" href="data:{mime};base64,{data}" class="gt-download">{escape(label)}</a>'


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget and every widget in it (a view also stops listening), with their
    layouts and styles, so that nothing replaced stays in the kernel or redraws."""
    if is_shared(widget):  # the style sheet, shown by other views too
        return
    children = tuple(widget.children) if isinstance(widget, widgets.Box) and not isinstance(widget, View) else ()
    widget.close()
    close_parts(widget)
    for child in children:
        close_tree(child)


def close_parts(widget: widgets.Widget) -> None:
    """Close a widget's own layout and style (widgets too, which ``close()`` leaves open);
    a shared one stays open for the other widgets."""
    for name in ("layout", "style"):
        part = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(part, widgets.Widget) and not is_shared(part):
            part.close()


def replace_view(holder: widgets.Box, view: widgets.Widget) -> None:
    """Show ``view`` as the one child of ``holder``, closing what it showed before
    (after the swap, so that the page never holds a closed widget)."""
    old = tuple(holder.children)
    holder.children = (view,)
    for widget in old:
        if widget is not view:
            close_tree(widget)


def _owned_widgets(obj: object) -> list[widgets.Widget]:
    """The widgets a view holds in its attributes (some are shown only at times)."""
    found = []
    for value in vars(obj).values():
        if isinstance(value, widgets.Widget):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            found.extend(v for v in value if isinstance(v, widgets.Widget))
    return found


class View(VBox):
    """A view: a VBox with a status line for errors, redrawn when the display settings change.

    A view listens to the page-wide settings (and a page's learner) until it is
    closed: a page that replaces a view closes the old one, which closes every
    widget in it and stops its redrawing.

    The status line is made when the view first reports a problem (most views never
    do: lesson 5 has eleven), and shown last, or at the end of the part the view names
    with :meth:`status_beside` (where its user looks after the action that failed); a view
    that changes its parts sets them with :meth:`set_parts` or :meth:`add_part`, which keep
    the style sheet first and the status line last."""

    children: tuple[widgets.Widget, ...]  # the view's parts (a trait of the VBox)

    @staticmethod
    def anchor_class(name: str) -> str:
        """The class of the view a page's address can name (``#name``: see :class:`PageLanguage`)."""
        return f"gt-at-{name}"

    def __init__(self, children: Sequence[widgets.Widget] = (), **kwargs: Any):
        # Class names are given when a widget is made, not added after: each change after is one more
        # message from the page's kernel through the server (a page makes hundreds of widgets).
        self._status: HTML | None = None
        self._status_holder: widgets.Box | None = None
        self.last_error: str | None = None
        self.last_traceback: str | None = None
        self._undo: list[Callable[[], None]] = []
        self._closed = False
        self.made_again: View | None = None
        """The view whose parts this one shows, made again (:meth:`show_parts_of`)."""
        classes = ("gt-view", *kwargs.pop("_dom_classes", ()))  # a subclass's classes follow the view's
        super().__init__(children=[style_sheet(), *children], _dom_classes=classes, **kwargs)
        self.listen(settings, self._settings_changed, names=["size", "four_colour"])

    def listen(self, source: traitlets.HasTraits | Observable, callback: Callable[..., None], *,
               names: Sentinel | str | Collection[Sentinel | str] = traitlets.All) -> None:
        """Follow ``source`` (the settings, or anything with ``observe`` and ``unobserve``
        such as a page's learner) until this view is closed."""
        if isinstance(source, traitlets.HasTraits):
            source.observe(callback, names=names)
            self._undo.append(lambda: source.unobserve(callback, names=names))
        else:
            source.observe(callback)
            self._undo.append(lambda: source.unobserve(callback))

    def close(self) -> None:
        """Stop listening, then close this view and every widget in it."""
        if self._closed:
            return
        self._closed = True
        while self._undo:
            self._undo.pop()()
        owned = list(self.children) + _owned_widgets(self)
        super().close()
        close_parts(self)
        for widget in dict.fromkeys(owned):  # each once, in order
            close_tree(widget)

    def stop_listening(self) -> None:
        """Stop following the settings and the learner, and count as closed (nothing of it redraws), its
        parts still shown: :meth:`show_parts_of` replaces them."""
        self._closed = True
        while self._undo:
            self._undo.pop()()

    def show_parts_of(self, other: View) -> None:
        """Show ``other``'s parts (and classes) in this view's place, closing this view's own (a page built ahead
        of its request, in another language than the request's): the page's cell shows this view, whose parts
        now work for ``other``, which is kept."""
        self.stop_listening()
        old = list(self.children) + _owned_widgets(self)
        self.children = tuple(other.children)
        self._dom_classes = tuple(other._dom_classes)  # type: ignore[has-type]
        self.made_again = other
        kept = {id(widget) for widget in other.children}
        for widget in dict.fromkeys(old):
            if id(widget) not in kept:
                close_tree(widget)

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def size(self) -> str:
        return settings.size

    @property
    def four_colour(self) -> bool:
        return settings.four_colour

    @property
    def status(self) -> HTML:
        """The status line (made when first asked for, and placed after the view's other parts, or at the end of
        the part :meth:`status_beside` names)."""
        if self._status is None:
            self._status = HTML("", _dom_classes=("gt-status-line",))
            holder = self._status_holder
            if holder is None:
                self.children = (*self.children, self._status)
            else:
                holder.children = (*holder.children, self._status)
        return self._status

    def status_beside(self, holder: widgets.Box) -> None:
        """Show the status line at the end of ``holder``, a box among the view's parts (a form, beside its
        button), instead of after every part: a long page's problem shows where its user looks after the
        action, not at the page's foot. Called before the status line is made (in ``__init__``)."""
        if self._status is not None:
            raise RuntimeError("the status line is shown already: place it before it is made")
        self._status_holder = holder

    def add_part(self, widget: widgets.Widget, *, before: widgets.Widget | None = None) -> None:
        """Show a part made when first needed: before ``before`` (one of the view's children), else
        after the others but before the status line."""
        parts = list(self.children)
        if before is None:
            parts.insert(len(parts) - len(self.status_parts()), widget)
        else:
            parts.insert(parts.index(before), widget)
        self.children = tuple(parts)

    def status_parts(self) -> tuple[HTML, ...]:
        """What ends the view's children: its status line once it has one (none when it is shown in a part:
        :meth:`status_beside`)."""
        return () if self._status is None or self._status_holder is not None else (self._status,)

    def set_parts(self, parts: Sequence[widgets.Widget]) -> None:
        """Show ``parts`` between the view's style sheet and its status line (no message when they are
        the parts shown already)."""
        children = (self.children[0], *parts, *self.status_parts())
        if tuple(self.children) != children:
            self.children = children

    def report(self, message: str) -> None:
        """Show an error in the status line."""
        self.last_error = message
        self.status.value = f'<span class="gt-status">⚠ {escape(message)}</span>'

    def clear_status(self) -> None:
        self.last_error = None
        if self._status is not None:
            self._status.value = ""

    def clear_error(self) -> None:
        """Take the last error off the status line (a card picked since answers "select a card first"); a
        status that is no error stays."""
        if self.last_error is not None:
            self.clear_status()

    def _settings_changed(self, change: Change) -> None:
        self._redraw()

    @guarded
    def _redraw(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the current state (views override)."""


class SettingsBar(HBox):
    """Card size and colouring for every view: a teacher switches to large cards for the projector."""

    def __init__(self) -> None:
        self.size = ToggleButtons(options=[(tc("card size", "Small"), "small"),
                                                   (tc("card size", "Normal"), "normal"),
                                                   (tc("card size", "Large (projector)"), "large")],
                                          value=settings.size, description=tc("label", "Cards:"),
                                          style=auto_width_buttons())
        self.four_colour = Checkbox(value=settings.four_colour,
                                            description=tc("option", "Four-colour deck"), indent=False)
        self._links = [traitlets.link((settings, "size"), (self.size, "value")),
                       traitlets.link((settings, "four_colour"), (self.four_colour, "value"))]
        super().__init__([self.size, self.four_colour], _dom_classes=("gt-settings",))

    def close(self) -> None:
        """Unlink from the settings, then close the bar and its two controls."""
        for link in self._links:
            link.unlink()
        self._links = []
        super().close()
        close_parts(self)
        for control in (self.size, self.four_colour):
            close_tree(control)
