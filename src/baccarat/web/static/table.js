/* The practice table in the browser: chips, Undo/Clear/Rebet/Double, dealing card by card, replay.
   Plain JavaScript, no build step. Without it the page still works: every action is a form. All
   text comes from the server (already translated); nothing here decides a rule or an amount. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  var messagesElement = $("#messages");
  var MESSAGES = messagesElement ? JSON.parse(messagesElement.textContent) : {};
  var LANG = document.documentElement.lang || "en";
  /* The session's anti-forgery token: every call that changes something sends it. */
  var csrfMeta = $('meta[name="csrf-token"]');
  var CSRF = csrfMeta ? csrfMeta.getAttribute("content") : "";
  var NUMBER = new Intl.NumberFormat(LANG, { maximumFractionDigits: 2 });

  function fmt(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }

  /* The session clock: time since this browser session started playing. */
  var clock = $("#session-clock");
  if (clock && clock.dataset.started) {
    var started = Number(clock.dataset.started);
    var tick = function () {
      var seconds = Math.max(0, Math.floor((Date.now() - started) / 1000));
      var h = Math.floor(seconds / 3600);
      var m = Math.floor((seconds % 3600) / 60);
      var s = seconds % 60;
      var time = h + ":" + String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
      clock.textContent = fmt(MESSAGES.clock, { time: time });
      clock.setAttribute("datetime", "PT" + h + "H" + m + "M" + s + "S");
    };
    tick();
    window.setInterval(tick, 1000);

    /* Reality checks: at the player's interval, the time played and the net result, with
       "take a break" beside "continue". The server says when the next one is due (it shows one
       itself, without the script, when a page is rendered late enough) and records "continue",
       so the next check is one interval later however the page was left. */
    var every = Number(clock.dataset.realityCheck || 0) * 60000;
    if (every > 0 && MESSAGES.reality_title && !$("#reality-check-due")) {
      var due = Date.now() + Number(clock.dataset.realityDueIn || every);
      var schedule = function () { window.setTimeout(showCheck, Math.max(0, due - Date.now())); };
      var showCheck = function () {
        var minutes = Math.floor((Date.now() - started) / 60000);
        var netElement = $("#session-net");
        var dialog = document.createElement("dialog");
        dialog.className = "reality-check";
        dialog.id = "reality-check";
        dialog.setAttribute("aria-labelledby", "reality-check-title");
        var title = document.createElement("h2");
        title.id = "reality-check-title";
        title.textContent = MESSAGES.reality_title;
        var text = document.createElement("p");
        text.textContent = fmt(MESSAGES.reality_text, { minutes: minutes, net: netElement ? netElement.textContent : "" });
        var pause = document.createElement("a");
        pause.href = "/break";
        pause.className = "button";
        pause.id = "reality-break";
        pause.textContent = MESSAGES.reality_break;
        var goOn = document.createElement("button");
        goOn.type = "button";
        goOn.id = "reality-continue";
        goOn.textContent = MESSAGES.reality_continue;
        goOn.addEventListener("click", function () {
          dialog.close();
          dialog.remove();
          // The same record as the page's own "Continue" form: the next check is an interval away.
          fetch("/api/me/reality-check", {
            method: "POST",
            headers: { Accept: "application/json", "X-CSRF-Token": CSRF },
          }).catch(function () { /* offline: the next page shows the check again if due */ });
          due = Date.now() + every;
          schedule();
        });
        dialog.append(title, text, pause, goOn);
        document.body.appendChild(dialog);
        dialog.showModal();
      };
      schedule();
    }
  }

  var table = $("#table");
  if (!table) { return; }
  var tableId = table.dataset.tableId;
  $$("[data-js-only]").forEach(function (element) { element.hidden = false; });

  var announcer = $("#announcer");
  function announce(text) {
    if (!announcer || !text) { return; }
    var line = document.createElement("p");
    line.textContent = text;
    announcer.appendChild(line);
    while (announcer.childNodes.length > 6) { announcer.removeChild(announcer.firstChild); }
  }

  var errorBox = $("#js-error");
  function showError(text) {
    var serverError = $("#error");
    if (serverError) { serverError.hidden = true; }
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  /* ---- Bets ---------------------------------------------------------------------------- */
  var form = $("#bet-form");
  var inputs = $$(".spot input", form);
  var dealButton = $("#deal");
  var undoStack = [];
  var rebetKey = "baccarat.rebet." + tableId;

  function amountOf(text) {
    var value = Number(String(text || "").trim().replace(",", "."));
    return isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : 0;
  }
  function snapshot() {
    var stakes = {};
    inputs.forEach(function (input) {
      var amount = amountOf(input.value);
      if (amount > 0) { stakes[input.id.replace(/^stake-/, "")] = amount; }
    });
    return stakes;
  }
  function titleOf(bet) {
    var spot = $(".spot-" + bet + " .spot-title", form);
    return spot ? spot.textContent : bet;
  }
  function refreshSpots() {
    var total = 0;
    inputs.forEach(function (input) {
      var amount = amountOf(input.value);
      total += amount;
      input.closest(".spot").classList.toggle("has-stake", amount > 0);
    });
    $("#total-stake").textContent = NUMBER.format(total);
  }
  function restore(stakes) {
    inputs.forEach(function (input) {
      var amount = stakes[input.id.replace(/^stake-/, "")];
      input.value = amount ? String(amount) : "";
    });
    refreshSpots();
  }
  function change(apply) {
    undoStack.push(snapshot());
    apply();
    refreshSpots();
  }
  function selectedChip() {
    var chip = $("input[name=chip]:checked", form);
    return chip ? Number(chip.value) : 0;
  }
  function addChip(bet) {
    var input = $("#stake-" + bet);
    var chip = selectedChip();
    if (!input || !chip) { return; }
    change(function () {
      input.value = String(Math.round((amountOf(input.value) + chip) * 100) / 100);
    });
    announce(fmt(MESSAGES.placed, { bet: titleOf(bet), amount: NUMBER.format(amountOf(input.value)) }));
  }
  $$(".spot", form).forEach(function (spot) {
    spot.addEventListener("click", function (event) {
      if (event.target.tagName === "INPUT") { return; }
      addChip(spot.dataset.bet);
    });
  });
  inputs.forEach(function (input) {
    var before = null;
    input.addEventListener("focus", function () { before = snapshot(); });
    input.addEventListener("change", function () {
      if (before) { undoStack.push(before); }
      before = snapshot();
      refreshSpots();
    });
  });
  $("#undo").addEventListener("click", function () {
    if (undoStack.length) { restore(undoStack.pop()); announce(MESSAGES.undone); }
  });
  $("#clear").addEventListener("click", function () {
    change(function () { inputs.forEach(function (input) { input.value = ""; }); });
    announce(MESSAGES.cleared);
  });
  $("#rebet").addEventListener("click", function () {
    var last = null;
    try { last = JSON.parse(window.localStorage.getItem(rebetKey) || "null"); } catch (e) { last = null; }
    if (!last) { announce(MESSAGES.no_rebet); return; }
    change(function () { restore(last); });
    announce(fmt(MESSAGES.total, { amount: $("#total-stake").textContent }));
  });
  $("#double").addEventListener("click", function () {
    change(function () {
      inputs.forEach(function (input) {
        var amount = amountOf(input.value);
        input.value = amount ? String(Math.round(amount * 200) / 100) : "";
      });
    });
    announce(fmt(MESSAGES.total, { amount: $("#total-stake").textContent }));
  });
  refreshSpots();

  /* ---- Dealing speed ------------------------------------------------------------------- */
  var speedKey = "baccarat.speed";
  var savedSpeed = null;
  try { savedSpeed = window.localStorage.getItem(speedKey); } catch (e) { savedSpeed = null; }
  $$("input[name=speed]", form).forEach(function (radio) {
    if (radio.value === savedSpeed) { radio.checked = true; }
    radio.addEventListener("change", function () {
      try { window.localStorage.setItem(speedKey, radio.value); } catch (e) { /* private mode */ }
    });
  });
  function speed() {
    var radio = $("input[name=speed]:checked", form);
    return radio ? radio.value : "normal";
  }
  var nextButton = $("#next-card");
  function pause() {
    var mode = speed();
    if (mode === "step") {
      nextButton.hidden = false;
      return new Promise(function (resolve) {
        var go = function () { nextButton.removeEventListener("click", go); resolve(); };
        nextButton.addEventListener("click", go);
      });
    }
    nextButton.hidden = true;
    return new Promise(function (resolve) { window.setTimeout(resolve, mode === "fast" ? 120 : 650); });
  }

  /* ---- Playing a coup ------------------------------------------------------------------- */
  /* A coup comes as its record (baccarat.coup/1, docs/json.md): the cards in dealing order and
     the steps. It is played back in that order: the four first cards, then each step followed
     by the card it drew (a step that drew names its card in params.card), then the result. */
  function timeline(coup) {
    var cards = coup.cards.slice();
    var events = cards.splice(0, 4).map(function (card) { return { kind: "card", card: card }; });
    coup.steps.forEach(function (step) {
      events.push({ kind: "step", step: step });
      if (step.params.card !== undefined) { events.push({ kind: "card", card: cards.shift() }); }
    });
    events.push({ kind: "result" });
    return events;
  }
  function cardElement(card) {
    var li = document.createElement("li");
    li.className = "card dealt" + (card.red ? " red" : "");
    li.dataset.code = card.code;
    li.setAttribute("role", "img");
    li.setAttribute("aria-label", card.label);
    var rank = document.createElement("span");
    rank.className = "rank";
    rank.setAttribute("aria-hidden", "true");
    rank.textContent = card.rank;
    var suit = document.createElement("span");
    suit.className = "suit";
    suit.setAttribute("aria-hidden", "true");
    suit.textContent = card.suit;
    li.appendChild(rank);
    li.appendChild(suit);
    return li;
  }
  function clearCells() {
    $$(".tableau td.active, .draw-natural.active").forEach(function (cell) {
      cell.classList.remove("active");
    });
  }
  function renderSettlement(settlement) {
    var box = $("#settlement");
    box.textContent = "";
    if (!settlement) {
      var none = document.createElement("p");
      none.textContent = MESSAGES.no_bets;
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
    net.appendChild(document.createTextNode(MESSAGES.net + " "));
    var strong = document.createElement("strong");
    strong.textContent = settlement.net_text;
    net.appendChild(strong);
    box.appendChild(net);
    settlement.bets.forEach(function (line) { announce(line.text); });
    announce(MESSAGES.net + " " + settlement.net_text);
  }

  var playing = false;
  function play(coup, replay) {
    playing = true;
    var banner = $("#replay-banner");
    banner.hidden = !replay;
    banner.textContent = replay ? fmt(MESSAGES.replay, { shoe: coup.shoe, number: coup.number }) : "";
    $("#felt-title").textContent = fmt(MESSAGES.coup_title, { shoe: coup.shoe, number: coup.number });
    ["player", "banker"].forEach(function (side) {
      $("#" + side + "-cards").textContent = "";
      $("#" + side + "-total").textContent = "–";
    });
    var result = $("#result");
    result.textContent = "";
    result.className = "result";
    $("#steps").textContent = "";
    $("#settlement").textContent = "";
    $("#draw-note").textContent = "";
    clearCells();
    if (replay) { announce(banner.textContent); }

    var events = timeline(coup);
    function next() {
      if (!events.length) {
        nextButton.hidden = true;
        renderSettlement(coup.settlement);
        if (replay) { announce(MESSAGES.replay_done); }
        playing = false;
        return Promise.resolve();
      }
      var event = events.shift();
      return pause().then(function () {
        if (event.kind === "card") {
          var card = event.card;
          $("#" + card.side + "-cards").appendChild(cardElement(card));
          $("#" + card.side + "-total").textContent = String(card.total);
          announce(card.announce);
        } else if (event.kind === "step") {
          var step = event.step;
          clearCells();
          var cell = document.getElementById("cell-" + step.cell);
          if (cell) { cell.classList.add("active"); }
          $("#draw-note").textContent = step.text;
          var li = document.createElement("li");
          li.dataset.cell = step.cell;
          li.textContent = step.text;
          $("#steps").appendChild(li);
          announce(step.text);
        } else {
          var letter = document.createElement("span");
          letter.className = "bead-letter";
          letter.setAttribute("aria-hidden", "true");
          letter.textContent = coup.winner_letter;
          result.className = "result winner-" + coup.winner;
          result.appendChild(letter);
          result.appendChild(document.createTextNode(" " + coup.result));
          announce(coup.result);
        }
        return next();
      });
    }
    return next();
  }

  /* ---- Panels and replay --------------------------------------------------------------- */
  function bindReplays() {
    var plate = $("#bead-plate");
    if (plate) {
      var ids = (plate.dataset.coupIds || "").split(",").filter(Boolean);
      var beads = $$("g.cell", plate);
      // A board shows the latest columns: the beads drawn are the last ones, in order.
      var offset = ids.length - beads.length;
      beads.forEach(function (bead, index) {
        var id = ids[offset + index];
        if (!id) { return; }
        bead.setAttribute("tabindex", "0");
        bead.setAttribute("role", "button");
        bead.dataset.coupId = id;
        bead.addEventListener("click", function () { replay(id); });
        bead.addEventListener("keydown", function (event) {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); replay(id); }
        });
      });
    }
    $$(".replay-link").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        replay(link.dataset.coupId);
      });
    });
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
        $("#last-coup").scrollIntoView({ block: "nearest" });
        return play(pair[1].coup, true);
      })
      .catch(function () { showError(MESSAGES.network); playing = false; });
  }
  bindReplays();

  /* ---- Dealing ------------------------------------------------------------------------- */
  function setBusy(busy) {
    dealButton.disabled = busy;
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
    var stakes = snapshot();
    var body = {};
    Object.keys(stakes).forEach(function (bet) { body[bet] = String(stakes[bet]); });
    var json = JSON.stringify({ stakes: body });
    // One key per deal; a retry of the same stakes after a lost answer reuses it (deals once).
    if (!pending || pending.json !== json) { pending = { json: json, key: newKey() }; }
    var key = pending.key;
    setBusy(true);
    showError("");
    announce(MESSAGES.dealing);
    var felt = $("#last-coup");
    if (felt.getBoundingClientRect().top < 0) { felt.scrollIntoView({ block: "start" }); }
    fetch("/api/tables/" + encodeURIComponent(tableId) + "/deal", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": key,
        "X-CSRF-Token": CSRF,
      },
      body: json,
    })
      .then(function (response) { pending = null; return response.json().then(function (data) { return [response.ok, data]; }); })
      .then(function (pair) {
        var data = pair[1];
        if (!pair[0]) {
          showError(data.detail + " " + MESSAGES.nothing_charged);
          setBusy(false);
          return null;
        }
        try { window.localStorage.setItem(rebetKey, JSON.stringify(stakes)); } catch (e) { /* private mode */ }
        if (data.new_shoe) { announce(MESSAGES.new_shoe); }
        return play(data.coup, false).then(function () {
          // The coup is settled: the spots are cleared for the next one (Rebet brings them back).
          undoStack = [];
          restore({});
          var balance = $("#balance");
          balance.textContent = data.player.balance_text;
          balance.dataset.balance = data.player.balance;
          $("#session-net").textContent = data.player.session_net_text;
          announce(fmt(MESSAGES.balance, { amount: data.player.balance_text }));
          return refreshPanels();
        }).then(function () { setBusy(false); });
      })
      .catch(function () { showError(MESSAGES.network); setBusy(false); playing = false; });
  });
})();
