"""The widget classes as the package makes them: ipywidgets' names, those the package
makes sharing one layout and one style per kernel (:mod:`.base` owns them), so that a
page's hundreds of widgets do not each bring a Layout and a Style model of their own.

A module of the package imports this one as ``widgets``; a widget whose layout or style
changes after it is made is given its own (``layout=widgets.Layout()``); one whose layout
never changes but is not the default one shares it (``layout=widgets.fixed_layout(width="auto")``)."""

from ipywidgets import DOMWidget, Layout, Widget

from .base import (
                   HTML,
                   BoundedIntText,
                   Box,
                   Button,
                   Checkbox,
                   Combobox,
                   Dropdown,
                   FileUpload,
                   HBox,
                   IntSlider,
                   IntText,
                   Password,
                   SelectMultiple,
                   Text,
                   Textarea,
                   ToggleButton,
                   ToggleButtons,
                   VBox,
                   fixed_layout,
                   wrapping_row,
)

__all__ = ["HTML", "BoundedIntText", "Box", "Button", "Checkbox", "Combobox", "DOMWidget", "Dropdown", "FileUpload",
           "HBox", "IntSlider", "IntText", "Layout", "Password", "SelectMultiple", "Text", "Textarea", "ToggleButton",
           "ToggleButtons", "VBox", "Widget", "fixed_layout", "wrapping_row"]
