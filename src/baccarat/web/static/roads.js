/* The roads you can read: every board scrolls to its newest column; a tap (or Enter) on a derived
   road's mark (the whole cell is its target) opens a popover beside it that says why it is red or
   blue, with a link to the roads guide, and lights the two Big Road columns compared; and after a deal the panels grow by that one coup from the deal's answer, whose
   parts the server rendered with the panels' own macros (the road cells, the reasons, the ask
   icons, the shoe's counts, the statistics, the odds and each spot's edge, the history's line; at
   a shoe's first and last coup the shoe panel whole, at its first the boards whole). Nothing here
   renders a panel: it puts the parts in place. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  if (!$("#table")) { return; }
  var M = JSON.parse($("#felt-messages").textContent);

  function reasons() {
    var element = $("#road-reasons");
    return element ? JSON.parse(element.textContent) : {};
  }
  var why = null;

  /* Each board scrolled so that its newest mark is in view at the right edge: the board is
     drawn wider than its marks (a fresh shoe's grid), so its far end may lie past them. */
  function scrollToNewest() {
    $$(".roads-panel .road").forEach(function (road) {
      var origin = road.getBoundingClientRect().left - road.scrollLeft;
      var right = 0;
      $$("g.cell", road).forEach(function (cell) {
        right = Math.max(right, cell.getBoundingClientRect().right - origin);
      });
      road.scrollLeft = Math.max(0, Math.ceil(right) - road.clientWidth);
    });
  }

  /* The "why" of a derived mark is a popover beside the mark (on whichever side has room,
     else above or below it, always inside the viewport and clear of the thumb bar), and the two
     Big Road columns the mark set side by side (its data-pair) are lit while it is open. */
  var MARGIN = 8;
  function usable() {
    var bottom = window.innerHeight;
    var bar = $(".action-bar");
    if (bar) {
      var top = bar.getBoundingClientRect().top;
      // The fixed bar covers the foot of the screen; where it leaves too little room above
      // it, the popover may cover it instead.
      if (top > window.innerHeight / 2 && top < bottom) { bottom = top; }
    }
    return { left: MARGIN, top: MARGIN, right: window.innerWidth - MARGIN, bottom: bottom - MARGIN };
  }
  function clamp(value, low, high) { return Math.max(low, Math.min(value, high)); }
  function placeBox(box, cell) {
    var r = cell.getBoundingClientRect();
    var area = usable();
    box.style.left = "0px";
    box.style.top = "0px";
    box.style.maxWidth = Math.min(352, area.right - area.left) + "px";
    box.style.maxHeight = Math.max(120, area.bottom - area.top) + "px";
    var w = box.offsetWidth;
    var h = box.offsetHeight;
    var gap = 6;
    var left, top;
    var middle = clamp(r.top + r.height / 2 - h / 2, area.top, area.bottom - h);
    if (r.right + gap + w <= area.right) {
      left = r.right + gap; top = middle; box.dataset.side = "right";
    } else if (r.left - gap - w >= area.left) {
      left = r.left - gap - w; top = middle; box.dataset.side = "left";
    } else {
      left = clamp(r.left + r.width / 2 - w / 2, area.left, area.right - w);
      if (r.bottom + gap + h <= area.bottom) {
        top = r.bottom + gap; box.dataset.side = "below";
      } else if (r.top - gap - h >= area.top) {
        top = r.top - gap - h; box.dataset.side = "above";
      } else {
        top = clamp(r.bottom + gap, area.top, area.bottom - h); box.dataset.side = "over";
      }
    }
    // Never outside the viewport itself, whatever room the thumb bar leaves.
    box.style.left = Math.round(clamp(left, 0, window.innerWidth - w)) + "px";
    box.style.top = Math.round(clamp(top, 0, window.innerHeight - h)) + "px";
  }
  /* Where the Big Road lies above the screen and fits on it together with the mark (and the
     popover below it, where it cannot stand beside it), the page scrolls up just enough to show
     the lit columns with the mark. */
  function showBigRoad(box, cell) {
    var board = $("#big-road");
    if (!board) { return; }
    var area = usable();
    var top = board.getBoundingClientRect().top;
    if (top >= area.top) { return; }
    // A popover above the mark would come over the Big Road: the page stays where it is.
    if (box.dataset.side === "above" || box.dataset.side === "over") { return; }
    var bottom = Math.max(
      cell.getBoundingClientRect().bottom,
      box.dataset.side === "below" ? box.getBoundingClientRect().bottom : 0
    );
    // (A pixel or two spare: the page scrolls by whole pixels.)
    if (bottom - top + 2 <= area.bottom - area.top) {
      window.scrollBy(0, top - area.top);
      placeBox(box, cell);
    }
  }
  /* The Big Road cells of logical columns ``pair`` lit (or, with no pair, none), the board
     scrolled so the lit columns are in view. */
  function light(pair) {
    $$("#big-road g.cell.lit").forEach(function (lit) { lit.classList.remove("lit"); });
    if (!pair) { return; }
    var cells = [];
    pair.forEach(function (column) {
      cells = cells.concat($$('#big-road g.cell[data-column="' + column + '"]'));
    });
    cells.forEach(function (lit) { lit.classList.add("lit"); });
    var board = $("#big-road");
    if (!board || !cells.length) { return; }
    var view = board.getBoundingClientRect();
    var left = Infinity, right = -Infinity;
    cells.forEach(function (lit) {
      var box = lit.getBoundingClientRect();
      left = Math.min(left, box.left);
      right = Math.max(right, box.right);
    });
    if (left < view.left || right > view.right) {
      board.scrollLeft += (left + right) / 2 - (view.left + view.right) / 2;
    }
  }
  function close(refocus) {
    var box = $("#road-why");
    if (box) { box.hidden = true; }
    light(null);
    var cell = why;
    why = null;
    $$(".road g.cell.picked").forEach(function (picked) {
      picked.classList.remove("picked");
      picked.setAttribute("aria-expanded", "false");
    });
    if (refocus && cell && document.contains(cell)) { cell.focus({ preventScroll: true }); }
  }
  function reposition() {
    var box = $("#road-why");
    if (why && box && !box.hidden && document.contains(why)) { placeBox(box, why); }
  }
  window.addEventListener("resize", reposition);
  // Capturing: a board's own horizontal scroll moves its marks too.
  window.addEventListener("scroll", reposition, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && why) { event.preventDefault(); close(true); }
  });
  document.addEventListener("click", function (event) {
    var box = $("#road-why");
    if (!why || (box && box.contains(event.target))) { return; }
    if (event.target.closest && event.target.closest(".road.derived g.cell")) { return; }
    close(false);
  });

  function explain(cell) {
    var board = cell.closest(".road.derived");
    var road = board.dataset.road;
    var index = $$("g.cell", board).indexOf(cell);
    var text = (reasons()[road] || [])[index];
    var box = $("#road-why");
    if (!box || text === undefined) { return; }
    close(false);
    cell.classList.add("picked");
    cell.setAttribute("aria-expanded", "true");
    box.textContent = "";
    box.dataset.road = road;
    var title = document.createElement("p");
    var strong = document.createElement("strong");
    var name = $("h4#road-" + board.id.replace(/^road-/, "") + "-title");
    strong.textContent = M.road_why_title + (name ? " · " + name.firstChild.textContent.trim() : "");
    title.appendChild(strong);
    var body = document.createElement("p");
    body.textContent = text;
    box.append(title, body);
    var pair = (cell.dataset.pair || "").split(" ").filter(Boolean).map(Number);
    if (pair.length === 2) {
      var lit = document.createElement("p");
      lit.className = "road-why-lit";
      lit.textContent = M.road_why_lit.replace("{first}", String(pair[0] + 1))
        .replace("{second}", String(pair[1] + 1));
      box.appendChild(lit);
    }
    var more = document.createElement("p");
    var link = document.createElement("a");
    link.href = "/guides/roads";
    link.textContent = M.roads_guide;
    more.appendChild(link);
    var shut = document.createElement("button");
    shut.type = "button";
    shut.textContent = M.close;
    shut.addEventListener("click", function () { close(true); });
    more.appendChild(document.createTextNode(" "));
    more.appendChild(shut);
    box.appendChild(more);
    box.setAttribute("role", "status");
    why = cell;
    light(pair.length === 2 ? pair : null);
    box.hidden = false;
    placeBox(box, cell);
    showBigRoad(box, cell);
  }

  function bindCell(cell) {
    if (cell.dataset.bound) { return; }
    cell.dataset.bound = "1";
    cell.setAttribute("tabindex", "0");
    cell.setAttribute("role", "button");
    cell.setAttribute("aria-label", $("title", cell).textContent);
    cell.setAttribute("aria-controls", "road-why");
    cell.setAttribute("aria-expanded", "false");
    cell.addEventListener("click", function () { explain(cell); });
    cell.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); explain(cell); }
    });
  }
  function bind() {
    $$(".road.derived g.cell").forEach(bindCell);
    scrollToNewest();
  }

  /* A board grows to ``columns`` columns: its size, background and grid lines follow. */
  function widen(svg, columns) {
    var height = Number(svg.getAttribute("height"));
    var cell = height / 6;
    var width = columns * cell;
    if (Number(svg.getAttribute("width")) >= width) { return; }
    svg.setAttribute("width", String(width));
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    var rect = $("rect", svg);
    if (rect) { rect.setAttribute("width", String(width)); }
    var path = $("path", svg);
    if (path) {
      var d = "";
      for (var x = 1; x < columns; x += 1) { d += "M" + x * cell + " 0V" + height; }
      for (var y = 1; y < 6; y += 1) { d += "M0 " + y * cell + "H" + width; }
      path.setAttribute("d", d);
    }
  }
  /* Lay the cells of ``holder`` on the board ``svg``, each in place of a cell at the same spot. */
  function place(svg, holder) {
    $$("g.cell", holder).forEach(function (cell) {
      var at = cell.getAttribute("transform");
      $$("g.cell", svg).forEach(function (old) {
        if (old.getAttribute("transform") === at) { old.remove(); }
      });
      svg.appendChild(cell);
    });
  }
  /* The boards a deal's answer grows, by the key its cells come under. */
  var BOARDS = {
    bead_plate: "bead-plate",
    big_road: "big-road",
    big_eye_boy: "road-big-eye-boy",
    small_road: "road-small-road",
    cockroach_pig: "road-cockroach-pig",
  };

  /* Grow every panel by the coup just dealt from the answer's parts (``growth``: its template;
     each part is rendered by the panels' own macros); false when the page should fetch the
     panels whole instead. Road cells are laid on their boards; every other part takes the
     place of the element with its id. */
  function grow(growth) {
    var plate = $("#bead-plate");
    var list = $("#history-list");
    if (!growth || !plate || !list) { return false; }
    var parts = growth.content;
    var reset = growth.hasAttribute("data-reset");
    var coup = Number(growth.dataset.coup);
    var ids = (plate.dataset.coupIds || "").split(",").filter(Boolean);
    var boards = {};
    Object.keys(BOARDS).forEach(function (key) { boards[key] = $("#" + BOARDS[key] + " svg"); });
    var ready = (reset || ids.length === coup - 1) &&
      Object.keys(boards).every(function (key) { return boards[key]; });
    if (!ready) { return false; }
    var known = reasons();
    // The coup just dealt moves the boards under an open "why" (and may redraw a lit cell).
    close(false);
    if (reset) {
      /* A new shoe: the roads start again (the boards come whole). */
      known = {};
      var box = $("#road-why");
      if (box) { box.textContent = ""; }
    } else {
      $$("svg[data-cells]", parts).forEach(function (cells) {
        var board = boards[cells.dataset.cells];
        widen(board, Number(cells.dataset.columns));
        place(board, cells);
        cells.remove();
      });
      ids.push(growth.dataset.coupId);
    }
    var added = JSON.parse($("script[data-reasons]", parts).textContent);
    Object.keys(added).forEach(function (road) {
      known[road] = (known[road] || []).concat(added[road]);
    });
    $$(".road.derived").forEach(function (board) { known[board.dataset.road] = known[board.dataset.road] || []; });
    $("#road-reasons").textContent = JSON.stringify(known);
    var line = $("ol[data-prepend] > li", parts);
    list.insertBefore(line, list.firstChild);
    while (list.children.length > 50) { list.removeChild(list.lastChild); }
    Array.prototype.slice.call(parts.children).forEach(function (part) {
      var old = part.id && document.getElementById(part.id);
      if (old) { old.replaceWith(part); }
    });
    if (!reset) { $("#bead-plate").dataset.coupIds = ids.join(","); }
    var title = $("#shoe-title");
    if (title) { title.dataset.coups = String(coup); }
    if (window.BaccaratCoach) { window.BaccaratCoach.bindReplays($("#history-list")); }
    bind();
    return true;
  }

  window.BaccaratRoads = { bind: bind, grow: grow };
  bind();
})();
