/* The roads you can read: every board scrolls to its newest column; a tap (or Enter) on a derived
   road's mark says why it is red or blue (which Big Road columns were compared) with a link to the
   roads guide; and after a deal the panels grow by that one coup from the deal's answer (the road
   cells, the reasons, the ask icons, the shoe, statistics, odds and history parts; at a shoe's
   first and last coup also the shoe panel and the odds table whole, and at its first the boards
   whole), with nothing asked of the server again. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  if (!$("#table")) { return; }
  var M = JSON.parse($("#felt-messages").textContent);
  var SVG_NS = "http://www.w3.org/2000/svg";

  function reasons() {
    var element = $("#road-reasons");
    return element ? JSON.parse(element.textContent) : {};
  }
  var why = null;

  function scrollToNewest() {
    $$(".roads-panel .road").forEach(function (road) { road.scrollLeft = road.scrollWidth; });
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
  function place(svg, markup) {
    var holder = document.createElementNS(SVG_NS, "svg");
    holder.innerHTML = markup;
    $$("g.cell", holder).forEach(function (cell) {
      var at = cell.getAttribute("transform");
      $$("g.cell", svg).forEach(function (old) {
        if (old.getAttribute("transform") === at) { old.remove(); }
      });
      svg.appendChild(cell);
    });
  }
  /* The shoe panel's texts, gauge and counts by rank, written where the page rendered them. */
  function writeShoe(texts) {
    var box = $("#shoe-counts");
    if (!box || !texts) { return; }
    var summary = $(".shoe-summary", box);
    if (summary) { summary.textContent = texts.summary; }
    var gauge = $(".penetration", box);
    if (gauge) { gauge.setAttribute("aria-label", texts.gauge); }
    var dealt = $(".penetration-dealt", box);
    if (dealt) { dealt.style.width = texts.dealt_width + "%"; }
    var note = $(".cut-card-note", box);
    if (note) { note.textContent = texts.cut_note; }
    ["dealt", "remaining"].forEach(function (row) {
      $$("tr[data-counts=" + row + "] td", box).forEach(function (cell, i) {
        cell.textContent = String(texts[row][i]);
      });
    });
  }
  /* The statistics' caption and observed column (the exact column stays as rendered). */
  function writeStatistics(statistics) {
    var table = $("#stats-table");
    if (!table || !statistics) { return; }
    var caption = $("caption", table);
    if (caption) { caption.textContent = statistics.caption; }
    Object.keys(statistics.observed).forEach(function (key) {
      var cell = $('tr[data-key="' + key + '"] td', table);
      if (cell) { cell.textContent = statistics.observed[key]; }
    });
  }
  /* Each bet's house edge now in the odds panel. */
  function writeOdds(edges) {
    var panel = $("#odds-now");
    if (!panel || !edges) { return; }
    edges.forEach(function (edge) {
      var cell = $('tr[data-bet="' + edge.bet + '"] td', panel);
      if (cell) { cell.textContent = edge.now; }
    });
  }

  /* The element an answer's markup makes. */
  function fromMarkup(markup) {
    var template = document.createElement("template");
    template.innerHTML = markup.trim();
    return template.content.firstElementChild;
  }
  /* Put the markup the answer carries whole (if any) in place of ``element``. */
  function replaceWith(element, markup) {
    if (element && markup) { element.replaceWith(fromMarkup(markup)); }
  }

  /* Grow every panel by the coup just dealt; false when the page should fetch them whole. */
  function grow(growth, coup) {
    var plate = $("#bead-plate");
    var list = $("#history-list");
    var boards = {
      bead_plate: $("#bead-plate svg"),
      big_road: $("#big-road svg"),
      big_eye_boy: $("#road-big-eye-boy svg"),
      small_road: $("#road-small-road svg"),
      cockroach_pig: $("#road-cockroach-pig svg"),
    };
    var ids = plate ? (plate.dataset.coupIds || "").split(",").filter(Boolean) : [];
    var ready = !growth.refresh && plate && list &&
      (growth.reset || ids.length === growth.coup - 1) &&
      Object.keys(boards).every(function (key) { return boards[key]; });
    if (!ready) { return false; }
    if (growth.reset) {
      /* A new shoe: the roads start again, drawn whole; an open "why" belonged to the last. */
      Object.keys(boards).forEach(function (key) {
        boards[key].parentNode.innerHTML = growth.boards[key];
      });
      ids = [];
      var box = $("#road-why");
      if (box) { box.hidden = true; box.textContent = ""; }
      why = null;
    } else {
      Object.keys(boards).forEach(function (key) {
        widen(boards[key], growth.columns[key]);
        (growth.cells[key] || []).forEach(function (markup) { place(boards[key], markup); });
      });
    }
    ids.push(String(growth.coup_id));
    plate.dataset.coupIds = ids.join(",");
    var known = {};
    if (growth.reset) {
      $$(".road.derived").forEach(function (board) { known[board.dataset.road] = []; });
    } else {
      known = reasons();
    }
    Object.keys(growth.reasons).forEach(function (road) {
      known[road] = (known[road] || []).concat(growth.reasons[road]);
    });
    $("#road-reasons").textContent = JSON.stringify(known);
    var ask = $("#ask-roads");
    if (ask) { ask.innerHTML = growth.ask; }
    /* A shoe's first and last coup: its panel (seeds, the cut card) and the odds' note change. */
    replaceWith($("#shoe-panel"), growth.shoe_panel);
    replaceWith($("#odds-now"), growth.odds_html);
    writeShoe(growth.shoe_texts);
    writeStatistics(growth.statistics);
    writeOdds(growth.edges);
    list.insertBefore(fromMarkup(growth.history_html), list.firstChild);
    while (list.children.length > 50) { list.removeChild(list.lastChild); }
    var title = $("#shoe-title");
    if (title) { title.dataset.coups = String(growth.coup); }
    if (window.BaccaratFelt && growth.edges) { window.BaccaratFelt.setEdges(growth.edges, M.edge_now); }
    if (window.BaccaratCoach) { window.BaccaratCoach.bindReplays($("#history-list")); }
    if (coup && why) { why = null; }
    return true;
  }

  window.BaccaratRoads = { bind: bind, grow: grow };
  bind();
})();
