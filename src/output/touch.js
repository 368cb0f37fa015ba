(function () {
  "use strict";
  // The figure is the element this script stands in; nothing outside it is read or changed.
  var me = document.currentScript;
  var root = me && me.parentNode;
  var svg = root && root.querySelector("svg");
  if (!svg) {
    return;
  }
  var status = root.querySelector(".dc-status");
  var tip = root.querySelector(".dc-tip");
  var box = root.querySelector(".dc-figure");
  function all(selector, within) {
    return Array.prototype.slice.call((within || root).querySelectorAll(selector));
  }
  function quoted(v) {
    return '"' + String(v).replace(/["\\]/g, "\\$&") + '"';
  }
  function panelOf(e) {
    return e.closest(".panel") || svg;
  }
  // The pieces each panel's overlay marks (a panel may mark its own): chosen there at first.
  var starts = all(".start-moves");
  var startKeys = new Map();
  starts.forEach(function (g) {
    var keys = startKeys.get(panelOf(g)) || {};
    (g.getAttribute("data-from") || "").split(" ").forEach(function (cell) {
      if (cell) {
        keys[g.getAttribute("data-board") + " " + cell] = true;
      }
    });
    startKeys.set(panelOf(g), keys);
  });
  function startsWith(piece) {
    return state.started && !!(startKeys.get(panelOf(piece)) || {})[keyOf(piece)];
  }
  // What is shown: the overlay's own moves (until the reader chooses), one chosen piece, or the
  // moves of a whole side; and which pieces may be chosen.
  var state = { started: starts.length > 0, chosen: null, side: null, scope: "both" };

  function groupsOf(board, cell) {
    return all(".piece-moves[data-board=" + quoted(board) + "][data-from=" + quoted(cell) + "]");
  }
  function keyOf(piece) {
    return piece.getAttribute("data-board") + " " + piece.getAttribute("data-cell");
  }
  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function show() {
    all(".piece-moves.on").forEach(function (g) {
      g.classList.remove("on");
    });
    starts.forEach(function (g) {
      g.classList.toggle("off", !state.started);
    });
    if (state.chosen) {
      var k = state.chosen.split(" ");
      groupsOf(k[0], k[1]).forEach(function (g) {
        g.classList.add("on");
      });
    }
    if (state.side) {
      all(".piece-moves[data-side=" + quoted(state.side) + "]").forEach(function (g) {
        g.classList.add("on");
      });
    }
    root.classList.toggle("dc-all", !!state.side);
    all(".piece[data-board]").forEach(function (p) {
      var on = keyOf(p) === state.chosen || startsWith(p);
      if (p.hasAttribute("aria-pressed")) {
        p.setAttribute("aria-pressed", on ? "true" : "false");
      } else {
        p.classList.toggle("dc-chosen", on);
      }
    });
    all("button[data-scope]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-scope") === state.scope ? "true" : "false");
    });
    all("button[data-all]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-all") === state.side ? "true" : "false");
    });
    cool();
  }

  function clear(text) {
    state.started = false;
    state.chosen = null;
    state.side = null;
    show();
    say(text || "No piece selected.");
  }

  function choose(piece) {
    var k = keyOf(piece);
    var groups = groupsOf(piece.getAttribute("data-board"), piece.getAttribute("data-cell"));
    var first = groups[0];
    if (state.scope === "turn" && first && first.getAttribute("data-turn") !== "true") {
      say("Only the side to move can be selected now (choose Both sides to select any piece).");
      return;
    }
    if (k === state.chosen || startsWith(piece)) {
      clear();
      return;
    }
    state.started = false;
    state.side = null;
    state.chosen = k;
    show();
    say(first ? first.getAttribute("data-say") : "");
  }

  // Hovering or focusing a destination: its routes stand out, in every panel, and its name shows.
  function hot(dot) {
    cool();
    var group = dot.closest("[data-board]");
    if (!group) {
      return;
    }
    var board = quoted(group.getAttribute("data-board"));
    var from = quoted(dot.getAttribute("data-from"));
    var cell = dot.getAttribute("data-cell");
    var shown = [".piece-moves.on[data-board=" + board + "]", ".start-moves:not(.off)[data-board=" + board + "]"];
    shown.forEach(function (g) {
      all(g + " [data-from=" + from + "][data-leads~=" + quoted(cell) + "], " + g + " .dot[data-from=" + from + "][data-cell=" + quoted(cell) + "]").forEach(function (e) {
        e.classList.add("dc-hot");
      });
    });
    root.classList.add("dc-hovering");
    if (tip && box) {
      var r = dot.getBoundingClientRect();
      var b = box.getBoundingClientRect();
      tip.textContent = dot.getAttribute("aria-label");
      tip.style.left = (r.left + r.width / 2 - b.left) + "px";
      tip.style.top = (r.top - b.top) + "px";
      tip.hidden = false;
    }
  }
  function cool() {
    all(".dc-hot").forEach(function (e) {
      e.classList.remove("dc-hot");
    });
    root.classList.remove("dc-hovering");
    if (tip) {
      tip.hidden = true;
    }
  }

  // The destinations shown in a panel, in document order, for the arrow keys.
  function dotsIn(panel) {
    return all(".piece-moves.on .dot[tabindex], .start-moves:not(.off) .dot[tabindex]", panel);
  }
  function pieceIn(panel) {
    var k = state.chosen;
    return all(".piece[role=button]", panel).filter(function (p) {
      return keyOf(p) === k || startsWith(p);
    })[0];
  }

  svg.addEventListener("click", function (ev) {
    var piece = ev.target.closest(".piece[data-board]");
    if (piece) {
      choose(piece);
      return;
    }
    // A tap on a dot reads it, as hovering does.
    var dot = ev.target.closest(".dot[data-move]");
    if (dot) {
      hot(dot);
      return;
    }
    clear();
  });
  svg.addEventListener("keydown", function (ev) {
    var t = ev.target;
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if ((ev.key === "Enter" || ev.key === " ") && t.matches(".piece[role=button]")) {
      ev.preventDefault();
      choose(t);
    } else if (step && (t.matches(".dot[tabindex]") || t.matches(".piece[role=button]"))) {
      var dots = dotsIn(panelOf(t));
      if (dots.length) {
        ev.preventDefault();
        var i = dots.indexOf(t);
        dots[i < 0 ? (step > 0 ? 0 : dots.length - 1) : (i + step + dots.length) % dots.length].focus();
      }
    }
  });
  root.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") {
      var t = ev.target;
      if (t.matches && t.matches(".dot[tabindex]")) {
        var p = pieceIn(panelOf(t));
        if (p) {
          p.focus();
        }
      }
      clear();
    }
  });
  svg.addEventListener("mouseover", function (ev) {
    var dot = ev.target.closest(".dot[data-move]");
    if (dot) {
      hot(dot);
    }
  });
  svg.addEventListener("mouseout", function (ev) {
    if (ev.target.closest(".dot[data-move]")) {
      cool();
    }
  });
  svg.addEventListener("focusin", function (ev) {
    if (ev.target.matches(".dot[data-move]")) {
      hot(ev.target);
    }
  });
  svg.addEventListener("focusout", function (ev) {
    if (ev.target.matches(".dot[data-move]")) {
      cool();
    }
  });
  all("button[data-scope]").forEach(function (b) {
    b.addEventListener("click", function () {
      state.scope = b.getAttribute("data-scope");
      show();
      say(state.scope === "turn" ? "Only the side to move can be selected." : "Pieces of both sides can be selected.");
    });
  });
  all("button[data-all]").forEach(function (b) {
    b.addEventListener("click", function () {
      var side = b.getAttribute("data-all");
      if (state.side === side) {
        clear();
        return;
      }
      state.started = false;
      state.chosen = null;
      state.side = side;
      show();
      say("All moves of " + b.textContent + ", each piece in its own colour.");
    });
  });
  show();
})();
