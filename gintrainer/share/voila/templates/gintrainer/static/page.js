// The trainer's pages: what Voila's lab template writes as inline scripts, served as a file of
// the server's own, so that the pages' Content-Security-Policy allows no inline script
// (gintrainer/app.py, content_security_policy). Loaded where the template had its helper
// functions: it defines them, and shows each cell's progress from the cell's own data attributes.
(function () {
  "use strict";
  window.voila_heartbeat = function () {};
  window.update_loading_text = function (cellIndex, cellCount, text) {
    const spinner = document.getElementById("loading");
    if (spinner && spinner.style.display === "none") {
      spinner.style.display = "flex";
    }
    const el = document.getElementById("loading_text");
    if (el) {
      el.textContent = text ?? `Executing ${cellIndex} of ${cellCount}`;
    }
  };
  window.display_cells = function () {
    if (!window.themeLoaded) {  // voila-style.js shows the cells once the theme is in
      window.cellLoaded = true;
      return;
    }
    const loading = document.getElementById("loading");
    if (loading) {
      loading.parentNode.removeChild(loading);
    }
    const cells = document.getElementById("rendered_cells");
    if (cells) {
      cells.style.display = "";
    }
  };
  window.voila_process = window.update_loading_text;
  window.voila_finish = window.display_cells;

  // Each cell arrives as <div cell-index="i" data-cell-count="n"> while the page streams in.
  const progress = new MutationObserver(records => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.hasAttribute("cell-index")) {
          window.voila_process(Number(node.getAttribute("cell-index")), Number(node.dataset.cellCount));
        }
      }
    }
  });
  progress.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => progress.disconnect());

  // A toggle button that shows and hides a part of the page (class gt-disclosure: gintrainer/widgets/base.py,
  // DISCLOSURE) says whether the part is open, as a screen reader needs: aria-expanded follows the class the
  // widget's view gives the button while it is pressed (mod-active), as the widgets are drawn and as they change.
  const expanded = button => {
    const open = String(button.classList.contains("mod-active"));
    if (button.getAttribute("aria-expanded") !== open) button.setAttribute("aria-expanded", open);
  };
  const disclosures = new MutationObserver(records => {
    for (const record of records) {
      const nodes = record.type === "attributes" ? [record.target] : Array.from(record.addedNodes);
      for (const node of nodes) {
        if (node.nodeType !== 1) continue;
        if (node.classList.contains("gt-disclosure")) expanded(node);
        if (record.type === "childList") node.querySelectorAll(".gt-disclosure").forEach(expanded);
      }
    }
  });
  disclosures.observe(document.documentElement,
                      { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });

  // A button each press of which costs the learner (class gt-single-click: gintrainer/widgets/base.py,
  // SINGLE_CLICK) is pressed once by a double click: the browser numbers the clicks of a double or triple click
  // (event.detail), and the second and third stop here, on their way down, before the button's view sends them.
  document.addEventListener("click", event => {
    if (event.detail > 1 && event.target instanceof Element && event.target.closest(".gt-single-click")) {
      event.stopPropagation();
    }
  }, true);
})();
