/* The coach: a coup dealt card by card at the chosen speed (instant, quick, normal, step by step,
   or a squeeze where each card, or each its settings name, is peeled in static/squeeze.js), the
   sentence that explains each draw or stand beside the row of the draw table it comes from (its
   cell lit), and a Next button, kept together in view.
   The deal's answer also carries the parts of the panels this one coup changed (static/roads.js
   puts them in place). Keys: Space/Enter next card, D deal, R rebet, U undo, 1-7 chips, ? the list. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  var table = $("#table");
  var F = window.BaccaratFelt;
  if (!table || !F) { return; }
  var M = JSON.parse($("#felt-messages").textContent);
  var J = JSON.parse($("#messages").textContent);
  var DRAW = JSON.parse($("#draw-data").textContent);
  var CSRF = ($('meta[name="csrf-token"]') || { getAttribute: function () { return ""; } }).getAttribute("content");
  var tableId = table.dataset.tableId;
  var fmt = F.fmt;
  var announce = F.announce;
  var coach = $("#last-coup");
  var form = $("#bet-form");
  var dealButton = $("#deal");
  var nextButton = $("#next-card");
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  function showError(text) {
    var serverError = $("#error");
    if (serverError) { serverError.hidden = true; }
    var box = $("#js-error");
    box.textContent = text;
    box.hidden = !text;
    // A refusal sits beside Deal and dims the previous coup's result; the focus goes to it
    // unless a refused spot already holds it.
    table.classList.toggle("refused", Boolean(text));
    var active = document.activeElement;
    if (text && !(active && active.closest && active.closest(".spot.has-error"))) {
      box.focus({ preventScroll: true });
    }
  }

  /* ---- Dealing speed ------------------------------------------------------------------- */
  var speedKey = "baccarat.speed";
  var saved = null;
  try { saved = window.localStorage.getItem(speedKey); } catch (e) { saved = null; }
  $$("input[name=speed]", form).forEach(function (radio) {
    if (radio.value === saved) { radio.checked = true; }
    radio.addEventListener("change", function () {
      try { window.localStorage.setItem(speedKey, radio.value); } catch (e) { /* private mode */ }
    });
  });
  function speed() {
    var radio = $("input[name=speed]:checked", form);
    return radio ? radio.value : "normal";
  }
  var waiting = null; /* what Next (the button, Space or Enter) does now */
  function focusInCoach() { return coach.contains(document.activeElement); }
  function waitForNext(label) {
    nextButton.textContent = label || M.next_card;
    var hadFocus = focusInCoach() || document.activeElement === document.body;
    nextButton.hidden = false;
    if (hadFocus) { nextButton.focus({ preventScroll: true }); }
    keepInView();
    return new Promise(function (resolve) {
      waiting = function () { waiting = null; resolve(); };
    });
  }
  nextButton.addEventListener("click", function () { if (waiting) { waiting(); } });
  /* Hiding the focused Next button would drop the focus to the page: it goes to the coach. */
  function hideNext() {
    if (document.activeElement === nextButton) { coach.focus({ preventScroll: true }); }
    nextButton.hidden = true;
  }
  function delay(mode) {
    if (mode === "instant") { return Promise.resolve(); }
    var ms = mode === "quick" ? 150 : (reduced.matches ? 350 : 650);
    return new Promise(function (resolve) { window.setTimeout(resolve, ms); });
  }
  function stepwise(mode) { return mode === "step" || mode === "squeeze"; }

  /* The coach in view: in step mode it is sticky; the newest card, the sentence, the lit cell
     and the Next button must all be on the screen. */
  function keepInView() {
    var box = coach.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      coach.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest", behavior: reduced.matches ? "auto" : "instant" });
    }
  }

  /* ---- The draw table's row, beside the cards ----------------------------------------------- */
  function cellOf(id) {
    if (id === "n") { return null; }
    var parts = id.split("-");
    if (parts[0] === "p") {
      return { title: M.player_row, corner: M.total, head: M.player, heads: DRAW.player_totals.map(String), cells: DRAW.player, lit: "cell-" + id };
    }
    var total = Number(parts[1]);
    var row = DRAW.banker.filter(function (r) { return r.total === total; })[0];
    if (!row) { return null; }
    return {
      title: fmt(M.banker_row, { total: total }),
      corner: M.third_card,
      head: fmt(M.banker_total, { total: total }),
      heads: DRAW.third_values.map(String).concat([M.stood]),
      cells: row.cells,
      lit: "cell-" + id,
    };
  }
  function showRule(id) {
    var box = $("#coach-rule");
    var tableEl = $("#coach-row");
    tableEl.textContent = "";
    if (id === "n") {
      $("#coach-rule-title").textContent = M.natural_title;
      var only = tableEl.insertRow();
      var cell = only.insertCell();
      cell.className = "lit";
      cell.id = "coach-lit";
      cell.textContent = DRAW.naturals;
      box.hidden = false;
      return;
    }
    var rule = cellOf(id);
    if (!rule) { box.hidden = true; return; }
    $("#coach-rule-title").textContent = rule.title;
    var head = tableEl.insertRow();
    var corner = document.createElement("th");
    corner.scope = "row";
    corner.textContent = rule.corner;
    head.appendChild(corner);
    rule.heads.forEach(function (text) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.appendChild(th);
    });
    var body = tableEl.insertRow();
    var side = document.createElement("th");
    side.scope = "row";
    side.textContent = rule.head;
    body.appendChild(side);
    rule.cells.forEach(function (c) {
      var td = body.insertCell();
      td.textContent = c.letter;
      td.title = c.label;
      td.setAttribute("aria-label", c.label);
      if ("cell-" + c.id === rule.lit) { td.className = "lit"; td.id = "coach-lit"; }
    });
    box.hidden = false;
    var lit = $("#coach-lit");
    var scroller = $(".coach-row-scroll");
    if (lit && scroller) { scroller.scrollLeft = Math.max(0, lit.offsetLeft - scroller.clientWidth / 2); }
  }

  /* ---- Playing a coup ------------------------------------------------------------------- */
  /* A coup comes as its record, played back in dealing order (static/cards.js). */
  var timeline = window.BaccaratCards.timeline;
  function cardElement(card, faceDown) {
    return window.BaccaratCards.cardElement(card, faceDown, M.face_down);
  }
  /* The squeeze (static/squeeze.js): a card it squeezes lies face down on the felt while it is
     peeled in the squeeze's dialog, then turns face up here too. Its number in its hand (1 to 3)
     is how many cards the hand holds before it. */
  var S = window.BaccaratSqueeze;
  function squeezed(mode, card) {
    return mode === "squeeze" && Boolean(S) && S.wanted(card.side, $("#" + card.side + "-cards").children.length + 1);
  }
  function uncover(li) {
    var back = $(".card-back", li);
    if (back) { back.remove(); }
    li.classList.remove("face-down");
  }
  function clearCells() {
    $$(".tableau td.active, .draw-natural.active").forEach(function (cell) { cell.classList.remove("active"); });
  }
  function renderSettlement(settlement) {
    var box = $("#settlement");
    box.textContent = "";
    if (!settlement) {
      var none = document.createElement("p");
      none.textContent = J.no_bets;
      box.appendChild(none);
      return;
    }
    var list = document.createElement("ul");
    list.className = "settlement-lines";
    settlement.bets.forEach(function (line) {
      var li = document.createElement("li");
      li.className = "line result-" + line.result + (line.celebrate ? " celebrate" : "");
      li.dataset.bet = line.bet;
      var badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = line.result_text;
      li.appendChild(badge);
      li.appendChild(document.createTextNode(" " + line.text));
      list.appendChild(li);
    });
    box.appendChild(list);
    var net = document.createElement("p");
    net.className = "settlement-net";
    net.appendChild(document.createTextNode(J.net + " "));
    var strong = document.createElement("strong");
    strong.textContent = settlement.net_text;
    net.appendChild(strong);
    box.appendChild(net);
    settlement.bets.forEach(function (line) { announce(line.text); });
    announce(J.net + " " + settlement.net_text);
  }

  /* ---- Predict, then reveal (static/predict.js): asks before a step, sets the pace --------- */
  function predictor(coup, replay) {
    var P = window.BaccaratPredict;
    return P && P.active(coup, replay) ? P : null;
  }

  var playing = false;
  function play(coup, replay) {
    playing = true;
    var P = predictor(coup, replay);
    if (window.BaccaratPredict) { window.BaccaratPredict.start(); }
    var mode = P ? P.pace(speed()) : speed();
    var banner = $("#replay-banner");
    banner.hidden = !replay;
    banner.textContent = replay ? fmt(J.replay, { shoe: coup.shoe, number: coup.number }) : "";
    window.BaccaratCards.clearFelt(fmt(J.coup_title, { shoe: coup.shoe, number: coup.number }));
    var result = $("#result");
    $("#settlement").textContent = "";
    $("#draw-note").textContent = "";
    $("#coach-rule").hidden = true;
    clearCells();
    if (replay) { announce(banner.textContent); }
    coach.classList.toggle("coach-live", stepwise(mode));
    if (stepwise(mode)) { keepInView(); }

    var events = timeline(coup);
    function show(event) {
      if (event.kind === "card") {
        var card = event.card;
        var hidden = squeezed(mode, card);
        var number = $("#" + card.side + "-cards").children.length + 1;
        var li = cardElement(card, hidden);
        $$(".coach .card.newest").forEach(function (old) { old.classList.remove("newest"); });
        li.classList.add("newest");
        $("#" + card.side + "-cards").appendChild(li);
        var reveal = hidden ? S.squeeze(card, number).then(function () { uncover(li); }) : Promise.resolve();
        return reveal.then(function () {
          li.setAttribute("aria-label", card.label);
          $("#" + card.side + "-total").textContent = String(card.total);
          announce(card.announce);
        });
      }
      if (event.kind === "step") {
        var step = event.step;
        clearCells();
        var cell = document.getElementById("cell-" + step.cell);
        if (cell) { cell.classList.add("active"); }
        if (step.cell === "n") { var natural = $("#cell-n"); if (natural) { natural.classList.add("active"); } }
        $("#draw-note").textContent = step.text;
        $("#coach-sentence").textContent = step.text;
        showRule(step.cell);
        var item = document.createElement("li");
        item.dataset.cell = step.cell;
        item.textContent = step.text;
        $("#steps").appendChild(item);
        announce(step.text);
        return Promise.resolve();
      }
      var letter = document.createElement("span");
      letter.className = "bead-letter";
      letter.setAttribute("aria-hidden", "true");
      letter.textContent = coup.winner_letter;
      result.className = "result winner-" + coup.winner;
      result.appendChild(letter);
      result.appendChild(document.createTextNode(" " + coup.result));
      announce(coup.result);
      return Promise.resolve();
    }
    function gate(event) {
      var asked = P && event.kind === "step" ? P.ask(event.step, coup) : null;
      if (asked) { return asked; }
      /* Step by step: every event waits for Next. The squeeze waits on the card itself (turned
         in its dialog), deals a card it leaves out quickly, and waits on Next for a step or the
         result. */
      if (mode === "step") { return waitForNext(event.kind === "result" ? M.finish : M.next_card); }
      if (mode === "squeeze") {
        if (event.kind === "card") { return squeezed(mode, event.card) ? Promise.resolve() : delay("quick"); }
        return waitForNext(event.kind === "result" ? M.finish : M.next_card);
      }
      return delay(mode);
    }
    function next() {
      if (!events.length) {
        hideNext();
        waiting = null;
        var wasLive = coach.classList.contains("coach-live");
        coach.classList.remove("coach-live");
        // Back in its place on the page, the coup just dealt stays in view.
        if (wasLive) { keepInView(); }
        renderSettlement(coup.settlement);
        if (replay) { announce(J.replay_done); }
        playing = false;
        if (document.activeElement === nextButton || document.activeElement === document.body) {
          coach.focus({ preventScroll: true });
        }
        return Promise.resolve();
      }
      var event = events.shift();
      return gate(event).then(function () {
        if (stepwise(mode)) { hideNext(); }
        return show(event);
      }).then(function () {
        if (stepwise(mode)) { keepInView(); }
        return next();
      });
    }
    return next();
  }

  /* ---- Panels and replay --------------------------------------------------------------- */
  /* A bead or a Big Road cell replays its coup: its data-coup (the coup's index in the shoe,
     from 0) picks the coup's id among the bead plate's data-coup-ids. */
  function bindReplays(root) {
    var plate = $("#bead-plate");
    if (plate) {
      var ids = (plate.dataset.coupIds || "").split(",").filter(Boolean);
      $$("#bead-plate g.cell[data-coup], #big-road g.cell[data-coup]").forEach(function (cell) {
        var id = ids[Number(cell.dataset.coup)];
        if (!id || cell.dataset.coupId) { return; }
        cell.setAttribute("tabindex", "0");
        cell.setAttribute("role", "button");
        cell.setAttribute("aria-label", $("title", cell).textContent);
        cell.dataset.coupId = id;
        cell.addEventListener("click", function () { replay(id); });
        cell.addEventListener("keydown", function (event) {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); replay(id); }
        });
      });
    }
    $$(".replay-link", root || document).forEach(function (link) {
      if (link.dataset.bound) { return; }
      link.dataset.bound = "1";
      link.addEventListener("click", function (event) {
        event.preventDefault();
        replay(link.dataset.coupId);
      });
    });
    if (window.BaccaratRoads) { window.BaccaratRoads.bind(); }
  }
  function refreshPanels() {
    return fetch("/table/panels?table=" + encodeURIComponent(tableId), { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null) { $("#panels").innerHTML = html; bindReplays(); }
      });
  }
  function replay(id) {
    if (playing) { return; }
    fetch("/api/coups/" + encodeURIComponent(id), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json().then(function (data) { return [response.ok, data]; }); })
      .then(function (pair) {
        if (!pair[0]) { showError(pair[1].detail); return null; }
        showError("");
        coach.scrollIntoView({ block: "nearest" });
        return play(pair[1].coup, true);
      })
      .catch(function () { showError(J.network); playing = false; });
  }
  bindReplays();

  /* ---- Dealing ------------------------------------------------------------------------- */
  function setBusy(busy) {
    dealButton.disabled = busy;
    $("#rebet-deal").disabled = busy;
    dealButton.setAttribute("aria-busy", busy ? "true" : "false");
  }
  var pending = null;
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (playing || dealButton.disabled) { return; }
    var body = F.body();
    if (body === null) { showError(F.firstRefusal() + " " + J.nothing_charged); return; }
    var json = JSON.stringify({ stakes: body });
    // One key per deal; a retry of the same stakes after a lost answer reuses it (deals once).
    if (!pending || pending.json !== json) { pending = { json: json, key: newKey() }; }
    var key = pending.key;
    setBusy(true);
    showError("");
    announce(J.dealing);
    // Focus stays on the coach: the next key press (Space, Enter) deals on from there.
    coach.focus({ preventScroll: true });
    keepInView();
    // The table page's answer (HTML): the deal as data, and the parts of the panels it changed.
    fetch("/api/tables/" + encodeURIComponent(tableId) + "/deal", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "text/html",
        "Idempotency-Key": key,
        "X-CSRF-Token": CSRF,
      },
      body: json,
    })
      .then(function (response) {
        pending = null;
        // A refusal is the API's JSON ({code, detail}) whatever was asked for.
        return response.ok ? response.text().then(function (text) { return [true, text]; })
          : response.json().then(function (data) { return [false, data]; });
      })
      .then(function (pair) {
        if (!pair[0]) {
          if (pair[1].bet) { F.refused(pair[1].bet, pair[1].detail); }
          showError(pair[1].detail + " " + J.nothing_charged);
          setBusy(false);
          return null;
        }
        var answer = document.createElement("template");
        answer.innerHTML = pair[1];
        var data = JSON.parse(answer.content.querySelector("#deal-data").textContent);
        var growth = answer.content.querySelector("template#growth");
        if (data.new_shoe) { announce(J.new_shoe); }
        return play(data.coup, false).then(function () {
          F.settled(body);
          var balance = $("#balance");
          balance.textContent = data.player.balance_text;
          balance.dataset.balance = data.player.balance;
          $("#felt-balance").textContent = data.player.balance_text;
          $("#session-net").textContent = data.player.session_net_text;
          announce(fmt(J.balance, { amount: data.player.balance_text }));
          return window.BaccaratRoads && window.BaccaratRoads.grow(growth) ? null : refreshPanels();
        }).then(function () { setBusy(false); });
      })
      .catch(function () { showError(J.network); setBusy(false); playing = false; });
  });

  /* ---- Keys ----------------------------------------------------------------------------- */
  var keysBox = $("#keys");
  var keysButton = $("#keys-button");
  function toggleKeys() {
    keysBox.hidden = !keysBox.hidden;
    keysButton.setAttribute("aria-expanded", keysBox.hidden ? "false" : "true");
    if (!keysBox.hidden) { keysBox.scrollIntoView({ block: "nearest" }); } else { announce(M.keys_closed); }
  }
  keysButton.addEventListener("click", toggleKeys);
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) { return; }
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) { return; }
    if ($("dialog[open]")) { return; }
    var key = event.key;
    var onControl = tag === "BUTTON" || tag === "A" || tag === "SUMMARY" || (target && target.getAttribute && target.getAttribute("role") === "button");
    if (key === " " || key === "Enter") {
      // A focused button or link does its own thing; elsewhere Space and Enter deal on.
      if (onControl || !waiting) { return; }
      event.preventDefault();
      waiting();
      return;
    }
    var lower = key.toLowerCase();
    if (lower === "d") { event.preventDefault(); if (!playing) { form.requestSubmit(dealButton); } return; }
    if (lower === "r") { event.preventDefault(); if (!playing) { F.rebet(); } return; }
    if (lower === "u") { event.preventDefault(); F.undo(); return; }
    if (key === "?") { event.preventDefault(); toggleKeys(); return; }
    if (/^[1-9]$/.test(key)) { event.preventDefault(); F.selectChip(Number(key) - 1); }
  });

  window.BaccaratCoach = { showError: showError, bindReplays: bindReplays };
})();
