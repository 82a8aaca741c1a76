"""Scrolling boxes a keyboard can reach (issue #26, axe's ``scrollable-region-focusable``).

ipywidgets cannot give an element a ``tabindex`` from Python. :class:`ScrollRegions` draws
nothing; in the page it watches its table (a ``MutationObserver``) and gives every element of a
class in ``labels`` ``tabindex="0"``, ``role="region"`` and that class's ``aria-label`` (from
the catalog, in the page's language) whenever one appears. It works in Voilà and in the static
site alike. :class:`widgets.kit.table.TableBase` puts one in every table, for its recap
(``kit-recap``) and its log (``kit-log``).
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

_ESM = """
export default {
  render({ model, el }) {
    el.hidden = true;
    el.setAttribute("aria-hidden", "true");
    const root = el.closest(".kit-table") || document.body;
    const mark = () => {
      for (const [cls, label] of Object.entries(model.get("labels"))) {
        for (const node of root.getElementsByClassName(cls)) {
          if (node.getAttribute("tabindex") !== "0") node.setAttribute("tabindex", "0");
          if (node.getAttribute("role") !== "region") node.setAttribute("role", "region");
          if (node.getAttribute("aria-label") !== label) node.setAttribute("aria-label", label);
        }
      }
    };
    // the table may render after this widget: look again whenever its DOM changes
    requestAnimationFrame(mark);
    new MutationObserver(mark).observe(root, { childList: true, subtree: true });
    model.on("change:labels", mark);
  },
};
"""


class ScrollRegions(anywidget.AnyWidget):
    """``labels``: CSS class -> the accessible name of the scrolling boxes of that class."""

    _esm = _ESM
    labels = traitlets.Dict({}).tag(sync=True)

    def __init__(self, labels: dict[str, str], **kwargs: Any) -> None:
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(labels=labels, **kwargs)
        self.add_class("kit-scroll-regions")
