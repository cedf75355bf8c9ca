/* When a page loses its server (the server stopped or killed, the network gone), say so and offer
   to reload it, instead of leaving buttons that do nothing. Loaded before Voila's own script, it
   watches the page's kernel connection, the WebSocket to /api/kernels/<id>/channels: when it
   closes and no new one opens within a moment (Voila tries to connect again), a notice shows;
   when a new one opens, the notice goes. Leaving or reloading the page closes it too: that is
   not a loss. Every word comes from the page's kernel, in the page's language, written on the
   document element while the page was drawn (data-gt-lost, data-gt-reload: PageLanguage in
   gintrainer/widgets/base.py), with a line from each part of the page that keeps something
   (elements of class gt-when-lost); a page that has none of it shows nothing. */
(function () {
  "use strict";
  var Native = window.WebSocket;
  if (!Native) return;
  var KERNEL = /\/api\/kernels\/[^/?#]+\/channels/;
  var GRACE = 2000;
  var leaving = false;
  var timer = 0;
  var notice = null;

  function leave() { leaving = true; }
  window.addEventListener("beforeunload", leave);
  window.addEventListener("pagehide", leave);

  function lines() {
    var root = document.documentElement;
    var said = [root.getAttribute("data-gt-lost") || ""];
    var parts = document.querySelectorAll(".gt-when-lost");
    for (var i = 0; i < parts.length; i++) said.push((parts[i].textContent || "").trim());
    return said.filter(function (text) { return text; });
  }

  function show() {
    timer = 0;
    if (leaving || notice) return;
    var root = document.documentElement;
    var said = lines();
    if (!said.length || !root.getAttribute("data-gt-lost")) return;
    notice = document.createElement("div");
    notice.className = "gt-connection-lost";
    notice.setAttribute("role", "alert");
    notice.lang = root.lang;
    notice.dir = root.dir || "auto";
    var style = notice.style;
    style.position = "fixed";
    style.top = "0";
    style.left = "0";
    style.right = "0";
    style.zIndex = "100000";
    style.display = "flex";
    style.flexWrap = "wrap";
    style.alignItems = "center";
    style.gap = "12px";
    style.padding = "12px 16px";
    style.background = "#fff4ce";
    style.color = "#3d2c00";
    style.borderBottom = "3px solid #b7791f";
    style.fontSize = "16px";
    style.boxShadow = "0 2px 6px rgba(0, 0, 0, 0.25)";
    var text = document.createElement("div");
    text.className = "gt-connection-lost-text";
    text.style.flex = "1 1 20em";
    said.forEach(function (line) {
      var p = document.createElement("p");
      p.style.margin = "0.2em 0";
      p.textContent = line;
      text.appendChild(p);
    });
    notice.appendChild(text);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gt-reload";
    button.textContent = root.getAttribute("data-gt-reload") || "⟳";
    button.style.fontSize = "16px";
    button.style.padding = "6px 14px";
    button.style.cursor = "pointer";
    button.addEventListener("click", function () { window.location.reload(); });
    notice.appendChild(button);
    document.body.appendChild(notice);
  }

  function lost() {
    if (leaving || timer) return;
    timer = window.setTimeout(show, GRACE);
  }

  function found() {
    if (timer) window.clearTimeout(timer);
    timer = 0;
    if (notice) {
      notice.remove();
      notice = null;
    }
  }

  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (KERNEL.test(String(url))) {
      socket.addEventListener("open", found);
      socket.addEventListener("close", lost);
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Object.defineProperty(Watched, name, { value: Native[name] });
  });
  window.WebSocket = Watched;
})();
