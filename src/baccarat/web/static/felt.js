/* The felt: chips on bet spots, a typed amount read by the strict grammar (static/amounts.js),
   Undo, Clear, Rebet, Double, the total stake, and what a spot says on a long press. Stakes are
   kept in minor units (1 point = 100) and sent in the canonical writing; nothing here decides a
   rule, a limit or a payout (the server does). static/coach.js deals; it reaches the bets through
   window.BaccaratFelt. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  var table = $("#table");
  if (!table) { return; }
  var A = window.BaccaratAmounts;
  var M = JSON.parse($("#felt-messages").textContent);
  var J = JSON.parse($("#messages").textContent);
  var LANG = document.documentElement.lang || "en";
  var NUMBER = new Intl.NumberFormat(LANG, { maximumFractionDigits: 2 });
  var tableId = table.dataset.tableId;
  $$("[data-js-only]").forEach(function (element) { element.hidden = false; });

  var fmt = window.BaccaratSite.fmt;
  function points(minor) { return NUMBER.format(minor / 100); }

  var announce = window.BaccaratSite.announce;

  var form = $("#bet-form");
  var spots = $$(".spot", form);
  var inputs = {};
  var titles = {};
  spots.forEach(function (spot) {
    var bet = spot.dataset.bet;
    inputs[bet] = $("#stake-" + bet);
    titles[bet] = $(".spot-title", spot).textContent;
  });

  /* ---- Stakes ---------------------------------------------------------------------------- */
  var stakes = {};   /* bet -> minor units */
  var invalid = {};  /* bet -> the refusal shown under the spot */
  var undoStack = [];
  var rebetKey = "baccarat.rebet.minor." + tableId;

  function quoted(text) { return text.length <= 24 ? text : text.slice(0, 24) + "…"; }
  function refusal(error) {
    var template = (M.amount_errors || {})[error.code] || error.code;
    return fmt(template, { text: quoted(error.text) });
  }
  function readTyped(bet) {
    var text = inputs[bet].value;
    delete invalid[bet];
    if (text === "") { delete stakes[bet]; return; }
    try {
      var minor = A.parseAmount(text, LANG);
      if (minor) { stakes[bet] = minor; } else { delete stakes[bet]; }
    } catch (error) {
      if (!(error instanceof A.AmountError)) { throw error; }
      invalid[bet] = refusal(error);
    }
  }
  Object.keys(inputs).forEach(function (bet) { readTyped(bet); });

  var CHIP_VALUES = $$("input[name=chip]", form).map(function (radio) { return Number(radio.value); });
  function stackOf(minor) {
    /* The chips that make up a stake, largest first, at most six drawn. */
    var chips = [];
    var left = Math.floor(minor / 100);
    CHIP_VALUES.slice().sort(function (a, b) { return b - a; }).forEach(function (value) {
      while (left >= value && chips.length < 6) { chips.push(value); left -= value; }
    });
    return chips;
  }
  /* What the table would refuse, flagged on the spot as its stack is placed: a stack over the
     spot's maximum, the stakes over the balance (on the spot placed last), a bet the shoe can
     never pay (the server says which: data-never). The server checks all of it again. */
  var flagged = {};  /* bet -> the flag shown under the spot */
  var lastPlaced = null;
  function maximumOf(spot) {
    try { return A.parseAmount(spot.dataset.maximum); } catch (e) { return Infinity; }
  }
  function balanceMinor() {
    var balance = $("#balance");
    try { return balance ? A.parseAmount(balance.dataset.balance) : Infinity; } catch (e) { return Infinity; }
  }
  function flag(total) {
    flagged = {};
    spots.forEach(function (spot) {
      var bet = spot.dataset.bet;
      var minor = stakes[bet] || 0;
      if (spot.dataset.never && minor) { flagged[bet] = spot.dataset.never; }
      else if (minor > maximumOf(spot)) { flagged[bet] = fmt(M.over_maximum, { maximum: points(maximumOf(spot)) }); }
    });
    var balance = balanceMinor();
    if (total > balance) {
      var bet = lastPlaced && stakes[lastPlaced] ? lastPlaced : Object.keys(stakes)[0];
      if (bet && !flagged[bet]) {
        flagged[bet] = fmt(M.over_balance, { total: points(total), balance: points(balance) });
      }
    }
  }
  function render() {
    var total = 0;
    Object.keys(stakes).forEach(function (bet) { total += stakes[bet]; });
    flag(total);
    total = 0;
    spots.forEach(function (spot) {
      var bet = spot.dataset.bet;
      var minor = stakes[bet] || 0;
      total += minor;
      spot.classList.toggle("has-stake", minor > 0);
      $(".spot-amount", spot).textContent = minor ? points(minor) : "";
      var stack = $(".stack", spot);
      stack.textContent = "";
      stackOf(minor).forEach(function (value, index) {
        var chip = document.createElement("span");
        chip.className = "stack-chip chip-" + value;
        chip.style.setProperty("--i", String(index));
        stack.appendChild(chip);
      });
      var input = inputs[bet];
      if (document.activeElement !== input && !invalid[bet]) {
        input.value = minor ? A.typedAmount(minor, LANG) : "";
      }
      var error = $("#error-" + bet);
      var shown = invalid[bet] || flagged[bet] || (spot.dataset.never || "");
      error.textContent = shown;
      input.setAttribute("aria-invalid", invalid[bet] || flagged[bet] ? "true" : "false");
      spot.classList.toggle("has-error", Boolean(invalid[bet] || flagged[bet]));
    });
    $("#total-stake").textContent = points(total);
  }
  function copy(from) {
    var out = {};
    Object.keys(from).forEach(function (bet) { out[bet] = from[bet]; });
    return out;
  }
  function change(apply) {
    undoStack.push(copy(stakes));
    apply();
    Object.keys(invalid).forEach(function (bet) { delete invalid[bet]; });
    render();
  }
  function restore(saved) {
    stakes = {};
    Object.keys(saved || {}).forEach(function (bet) {
      if (inputs[bet] && saved[bet] > 0) { stakes[bet] = saved[bet]; }
    });
  }

  /* ---- Chips ----------------------------------------------------------------------------- */
  var chipRadios = $$("input[name=chip]", form);
  function selectedChip() {
    var chip = $("input[name=chip]:checked", form);
    return chip ? Number(chip.value) : 0;
  }
  function selectChip(index) {
    var radio = chipRadios[index];
    if (!radio) { return; }
    radio.checked = true;
    announce(fmt(M.chip_selected, { amount: points(Number(radio.value) * 100) }));
  }
  chipRadios.forEach(function (radio, index) {
    radio.addEventListener("change", function () { if (radio.checked) { selectChip(index); } });
  });
  function addChip(bet) {
    var chip = selectedChip();
    if (!inputs[bet] || !chip) { return; }
    var spot = $("#error-" + bet).parentNode;
    if (spot.dataset.never) { announce(titles[bet] + ": " + spot.dataset.never); return; }
    lastPlaced = bet;
    change(function () { stakes[bet] = (stakes[bet] || 0) + chip * 100; });
    announce(fmt(J.placed, { bet: titles[bet], amount: points(stakes[bet]) }));
    if (flagged[bet]) { announce(flagged[bet]); }
  }

  /* ---- Spots: tap adds the chip; hover, keyboard focus or a long press shows the spot's
     pays, limits and house edge now. A long press does not add a chip. ---------------------- */
  var pressed = null;
  spots.forEach(function (spot) {
    var zone = $(".spot-zone", spot);
    var bet = spot.dataset.bet;
    var longPress = false;
    var timer = null;
    zone.addEventListener("pointerdown", function () {
      longPress = false;
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        longPress = true;
        if (pressed && pressed !== spot) { pressed.classList.remove("show-info"); }
        spot.classList.add("show-info");
        pressed = spot;
      }, 500);
    });
    ["pointerup", "pointerleave", "pointercancel"].forEach(function (name) {
      zone.addEventListener(name, function () { window.clearTimeout(timer); });
    });
    zone.addEventListener("contextmenu", function (event) { if (longPress) { event.preventDefault(); } });
    zone.addEventListener("click", function () {
      if (longPress) { longPress = false; return; }
      if (pressed) { pressed.classList.remove("show-info"); pressed = null; }
      addChip(bet);
    });
    var input = inputs[bet];
    var before = null;
    input.addEventListener("focus", function () { before = copy(stakes); });
    input.addEventListener("change", function () {
      if (before) { undoStack.push(before); }
      readTyped(bet);
      before = copy(stakes);
      render();
    });
  });
  document.addEventListener("pointerdown", function (event) {
    if (pressed && !pressed.contains(event.target)) { pressed.classList.remove("show-info"); pressed = null; }
  });

  /* ---- Undo, Clear, Rebet, Double ---------------------------------------------------------- */
  function lastStakes() {
    try { return JSON.parse(window.localStorage.getItem(rebetKey) || "null"); } catch (e) { return null; }
  }
  function undo() {
    if (!undoStack.length) { return; }
    stakes = undoStack.pop();
    Object.keys(invalid).forEach(function (bet) { delete invalid[bet]; });
    render();
    announce(J.undone);
  }
  function rebet() {
    var last = lastStakes();
    if (!last) { announce(J.no_rebet); return false; }
    change(function () { restore(last); });
    announce(fmt(J.total, { amount: $("#total-stake").textContent }));
    return true;
  }
  $("#undo").addEventListener("click", undo);
  $("#clear").addEventListener("click", function () {
    change(function () { stakes = {}; });
    announce(J.cleared);
  });
  $("#rebet").addEventListener("click", rebet);
  $("#double").addEventListener("click", function () {
    change(function () {
      Object.keys(stakes).forEach(function (bet) { stakes[bet] *= 2; });
    });
    announce(fmt(J.total, { amount: $("#total-stake").textContent }));
  });
  $("#rebet-deal").addEventListener("click", function () {
    if (rebet()) { form.requestSubmit($("#deal")); }
  });

  /* The side bets wait folded in their drawer, which remembers whether the player opened it
     (a staked side bet opens it whatever was chosen). */
  var drawer = $("#side-drawer");
  var drawerKey = "baccarat.side-bets.open";
  if (drawer) {
    var open = null;
    try { open = window.localStorage.getItem(drawerKey); } catch (e) { open = null; }
    if (open !== null && !drawer.hasAttribute("data-staked")) { drawer.open = open === "1"; }
    drawer.addEventListener("toggle", function () {
      try { window.localStorage.setItem(drawerKey, drawer.open ? "1" : "0"); } catch (e) { /* private mode */ }
    });
  }

  /* A refused spot takes the focus, its side-bet drawer opened; its zone names the reason. */
  function focusSpot(bet) {
    var spot = $("#error-" + bet).parentNode;
    var fold = spot.closest("details");
    while (fold) { fold.open = true; fold = fold.parentNode.closest("details"); }
    var zone = $(".spot-zone", spot);
    zone.focus({ preventScroll: true });
    spot.scrollIntoView({ block: "center" });
  }

  render();

  window.BaccaratFelt = {
    announce: announce,
    fmt: fmt,
    points: points,
    /* The stakes to send: bet -> canonical amount; null (and the refusals shown) if a typed
       amount is refused. */
    body: function () {
      Object.keys(inputs).forEach(function (bet) {
        if (document.activeElement === inputs[bet]) { readTyped(bet); }
      });
      render();
      var refused = Object.keys(invalid);
      if (refused.length) {
        inputs[refused[0]].focus();
        return null;
      }
      var over = Object.keys(flagged);
      if (over.length) {
        focusSpot(over[0]);
        return null;
      }
      var body = {};
      Object.keys(stakes).forEach(function (bet) { body[bet] = A.canonicalAmount(stakes[bet]); });
      return body;
    },
    firstRefusal: function () {
      var refused = Object.keys(invalid);
      if (refused.length) { return titles[refused[0]] + ": " + invalid[refused[0]]; }
      var over = Object.keys(flagged);
      return over.length ? titles[over[0]] + ": " + flagged[over[0]] : "";
    },
    /* The server refused the deal: flag the spot it names (if any) with its reason. */
    refused: function (bet, text) {
      if (!inputs[bet]) { return false; }
      $("#error-" + bet).textContent = text;
      $("#error-" + bet).parentNode.classList.add("has-error");
      focusSpot(bet);
      return true;
    },
    /* After a coup settles: remember its stakes for Rebet and clear the felt. */
    settled: function (sent) {
      var minor = {};
      Object.keys(sent).forEach(function (bet) { minor[bet] = A.parseAmount(sent[bet]); });
      try { window.localStorage.setItem(rebetKey, JSON.stringify(minor)); } catch (e) { /* private mode */ }
      undoStack = [];
      stakes = {};
      render();
    },
    rebet: rebet,
    undo: undo,
    selectChip: selectChip,
  };
})();
