/* The roads you can read: every board scrolls to its newest column; a tap (or Enter) on a derived
   road's mark says why it is red or blue (which Big Road columns were compared) with a link to the
   roads guide; and after a deal the panels grow by that one coup from the deal's answer, whose
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

  function explain(cell) {
    var board = cell.closest(".road.derived");
    var road = board.dataset.road;
    var index = $$("g.cell", board).indexOf(cell);
    var text = (reasons()[road] || [])[index];
    var box = $("#road-why");
    if (!box || text === undefined) { return; }
    $$(".road g.cell.picked").forEach(function (picked) { picked.classList.remove("picked"); });
    cell.classList.add("picked");
    box.textContent = "";
    var title = document.createElement("p");
    var strong = document.createElement("strong");
    var name = $("h4#road-" + board.id.replace(/^road-/, "") + "-title");
    strong.textContent = M.road_why_title + (name ? " · " + name.firstChild.textContent.trim() : "");
    title.appendChild(strong);
    var body = document.createElement("p");
    body.textContent = text;
    var more = document.createElement("p");
    var link = document.createElement("a");
    link.href = "/guides/roads";
    link.textContent = M.roads_guide;
    more.appendChild(link);
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = M.close;
    close.addEventListener("click", function () {
      box.hidden = true;
      cell.classList.remove("picked");
      cell.focus();
    });
    more.appendChild(document.createTextNode(" "));
    more.appendChild(close);
    box.append(title, body, more);
    box.hidden = false;
    box.setAttribute("role", "status");
    why = cell;
  }

  function bindCell(cell) {
    if (cell.dataset.bound) { return; }
    cell.dataset.bound = "1";
    cell.setAttribute("tabindex", "0");
    cell.setAttribute("role", "button");
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
    if (reset) {
      /* A new shoe: the roads start again (the boards come whole); an open "why" belonged to
         the last one. */
      known = {};
      var box = $("#road-why");
      if (box) { box.hidden = true; box.textContent = ""; }
      why = null;
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
