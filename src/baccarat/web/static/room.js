/* A room, live: the window's countdown, the stakes sent to the JSON API, and the room's events
   (GET /api/rooms/{id}/events, Server-Sent Events; the browser resends Last-Event-ID itself when it
   reconnects). A coup is dealt card by card with its reasons into the felt the server drew; then
   the room's panel (the player's stakes and result, the roads) comes from GET /rooms/{id}/panel,
   drawn by the same template as the page. Without this script the page is plain forms and
   refreshes itself. All text comes from the server, already translated. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  var room = $("#room");
  if (!room) { return; }
  var M = JSON.parse($("#room-messages").textContent);
  var A = window.BaccaratAmounts;
  var C = window.BaccaratCards;
  var CSRF = ($('meta[name="csrf-token"]') || { getAttribute: function () { return ""; } }).getAttribute("content");
  var LANG = document.documentElement.lang || "en";
  var roomId = room.dataset.roomId;
  var form = $("#bet-form");
  var errorBox = $("#room-error");
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  var STEP_MS = 500;

  var fmt = window.BaccaratSite.fmt;
  var announce = window.BaccaratSite.announce;

  /* A refusal stands beside Place bets (in the bar fixed at the foot), focused: role=alert
     announces it. */
  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
    if (text) { errorBox.focus({ preventScroll: true }); }
  }
  if (!errorBox.hidden && errorBox.textContent.trim()) { errorBox.focus({ preventScroll: true }); }

  /* ---- The window's countdown ------------------------------------------------------------ */
  var countdown = $("#countdown");
  var barCountdown = $("#bar-countdown");
  var phase = $("#room-phase");
  var closesAt = countdown && countdown.dataset.closesAt ? Date.parse(countdown.dataset.closesAt) : NaN;
  var closedSaid = false;
  function tick() {
    if (isNaN(closesAt)) { countdown.textContent = ""; barCountdown.textContent = ""; return; }
    var seconds = Math.ceil((closesAt - Date.now()) / 1000);
    var text = seconds > 0 ? fmt(M.closes_in, { seconds: seconds }) : M.closed;
    if (seconds <= 0 && !closedSaid) { closedSaid = true; phase.textContent = ""; announce(M.closed); }
    countdown.textContent = text;
    barCountdown.textContent = text;
  }
  function openWindow(round, closes) {
    room.dataset.round = String(round);
    $("#bet-round").value = String(round);
    closesAt = Date.parse(closes);
    closedSaid = false;
    countdown.dataset.closesAt = closes;
    phase.textContent = M.open;
    tick();
  }
  function pause() {
    closesAt = NaN;
    countdown.dataset.closesAt = "";
    phase.textContent = M.paused;
    tick();
  }
  tick();
  window.setInterval(tick, 250);

  /* ---- Stakes -------------------------------------------------------------------------- */
  /* A spot's zone takes the typed amount here (no chips): a press puts the focus in its field. */
  $$(".spot-zone", form).forEach(function (zone) {
    zone.addEventListener("click", function () {
      var input = $("#stake-" + zone.dataset.bet);
      if (input && !input.disabled) { input.focus(); }
    });
  });
  function stakes() {
    /* The typed amounts read by the strict grammar in the page's language, sent canonical;
       a refused one is shown on its spot and nothing is sent. */
    var body = {};
    var refused = null;
    $$(".spot", form).forEach(function (spot) {
      var bet = spot.dataset.bet;
      var input = $("#stake-" + bet);
      var flag = $("#error-" + bet);
      if (!input || input.disabled) { return; }
      spot.classList.remove("has-error");
      if (flag) { flag.textContent = ""; }
      var text = input.value.trim();
      if (!text) { return; }
      try {
        var minor = A.parseAmount(text, LANG);
        if (minor) { body[bet] = A.canonicalAmount(minor); }
      } catch (error) {
        if (!(error instanceof A.AmountError)) { throw error; }
        spot.classList.add("has-error");
        if (refused === null) { refused = $(".spot-title", spot).textContent + ": " + text; }
      }
    });
    return refused === null ? body : { refused: refused };
  }
  function flagSpot(bet, text) {
    var flag = $("#error-" + bet);
    if (!flag) { return; }
    flag.textContent = text;
    flag.parentNode.classList.add("has-error");
  }
  var placing = false;
  form.addEventListener("submit", function (event) {
    var sent = stakes();
    if (sent.refused) {
      event.preventDefault();
      /* The server reads it again and says exactly why: let the form post show it. */
      form.submit();
      return;
    }
    event.preventDefault();
    if (placing) { return; }
    placing = true;
    var button = $("#place-bets");
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    fetch("/api/rooms/" + encodeURIComponent(roomId) + "/bets", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": CSRF },
      /* The window they are for: one closed meanwhile refuses them (409 window_closed). */
      body: JSON.stringify(Number(room.dataset.round) > 0 ? { stakes: sent, round: Number(room.dataset.round) } : { stakes: sent }),
    })
      .then(function (response) {
        if (response.status === 404 || response.status === 405) {
          /* No JSON API for rooms on this server: the form does it. */
          form.submit();
          return null;
        }
        return response.json().then(function (data) {
          if (!response.ok) {
            if (data.bet) { flagSpot(data.bet, data.detail); }
            showError(data.detail);
            return null;
          }
          showError("");
          var names = Object.keys(sent).map(function (bet) {
            var spot = $(".spot-" + bet + " .spot-title", form);
            return (spot ? spot.textContent : bet) + " " + $("#stake-" + bet).value.trim();
          });
          /* Said beside the button (a status: read out once), where a phone shows it. */
          $("#room-placed").textContent = names.length ? fmt(M.placed, { stakes: names.join(", ") }) : M.taken_back;
          return refreshPanel();
        });
      })
      .catch(function () { showError(M.network); })
      .then(function () {
        placing = false;
        button.disabled = false;
        button.removeAttribute("aria-busy");
      });
  });

  /* ---- The panel: the player's stakes and result, the balance, the roads ------------------ */
  function refreshPanel() {
    return fetch("/rooms/" + encodeURIComponent(roomId) + "/panel", { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        $("#room-panel").innerHTML = html;
        var mine = $("#my-stakes");
        var balance = $("#balance");
        if (mine && balance) {
          balance.textContent = mine.dataset.balanceText;
          balance.dataset.balance = mine.dataset.balance;
          var net = $("#session-net");
          if (net) { net.textContent = mine.dataset.sessionNet; }
        }
      });
  }

  /* ---- A coup, card by card with its reasons ---------------------------------------------- */
  var playing = Promise.resolve();
  function wait(ms) { return new Promise(function (resolve) { window.setTimeout(resolve, ms); }); }
  function play(coup) {
    var pace = reduced.matches ? 0 : STEP_MS;
    C.clearFelt(fmt(M.coup_title, { shoe: coup.shoe, number: coup.number }));
    var result = $("#result");
    var events = C.timeline(coup);
    function show(event) {
      if (event.kind === "card") {
        var card = event.card;
        $$("#last-coup .card.newest").forEach(function (old) { old.classList.remove("newest"); });
        var li = C.cardElement(card, false, "");
        li.classList.add("newest");
        $("#" + card.side + "-cards").appendChild(li);
        $("#" + card.side + "-total").textContent = String(card.total);
        announce(card.announce);
      } else if (event.kind === "step") {
        $("#coach-sentence").textContent = event.step.text;
        var item = document.createElement("li");
        item.dataset.cell = event.step.cell;
        item.textContent = event.step.text;
        $("#steps").appendChild(item);
        announce(event.step.text);
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
    }
    function next() {
      if (!events.length) { return Promise.resolve(); }
      show(events.shift());
      return (events.length && pace ? wait(pace) : Promise.resolve()).then(next);
    }
    return next();
  }

  /* ---- The room's events ------------------------------------------------------------------ */
  function typing() {
    var active = document.activeElement;
    return Boolean(active && active.tagName === "INPUT" && active.value);
  }
  function seats(counts) {
    if (!counts) { return; }
    if (counts.seated !== undefined) { $("#seated-count").textContent = String(counts.seated); }
    if (counts.watching !== undefined) { $("#watching-count").textContent = String(counts.watching); }
  }
  function on(source, kind, handle) {
    source.addEventListener(kind, function (message) {
      var data;
      try { data = JSON.parse(message.data); } catch (error) { return; }
      handle(data);
    });
  }
  function listen() {
    if (!window.EventSource) { return; }
    var source = new EventSource("/api/rooms/" + encodeURIComponent(roomId) + "/events");
    on(source, "state", function (data) {
      var shown = data.room || {};
      seats(shown.seats);
      if (shown.phase === "betting" && shown.closes_at) { openWindow(shown.round, shown.closes_at); }
      else if (shown.phase === "paused") { pause(); }
    });
    on(source, "window", function (data) {
      /* After the coup is shown (a window opens while the last coup is still being dealt). */
      playing = playing.then(function () {
        if (data.shoe && String(data.shoe.number) !== room.dataset.shoe && !typing()) {
          /* A new shoe: its commitment, and the form for a client seed, come with the page. */
          window.location.reload();
          return null;
        }
        openWindow(data.round, data.closes_at);
        if (document.activeElement === errorBox) { $("#place-bets").focus({ preventScroll: true }); }
        showError("");
        $("#room-placed").textContent = "";
        announce(M.new_window);
        return refreshPanel();
      });
    });
    on(source, "paused", function () { playing = playing.then(pause); });
    on(source, "seats", seats);
    on(source, "seeds", function (data) {
      var count = $("#contributions");
      if (count && String(data.shoe) === room.dataset.shoe) { count.textContent = String(data.contributions); }
    });
    on(source, "coup", function (data) {
      /* The shoe's first coup closes its client seeds: the form goes, the commitment stays. */
      if (String(data.shoe) === room.dataset.shoe) {
        ["#fair-ask", "#room-contributions"].forEach(function (selector) {
          var element = $(selector);
          if (element && !element.contains(document.activeElement)) { element.hidden = true; }
        });
        $("#room-commitment").hidden = false;
      }
      playing = playing.then(function () {
        closesAt = NaN;
        return play(data.coup);
      }).then(function () {
        if (data.shoe_finished) { announce(M.new_shoe); }
        return refreshPanel();
      }).catch(function () { /* the next event draws the room again */ });
    });
    source.addEventListener("error", function () {
      /* Closed for good (no stream here): the page comes again, as it would without script. */
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(function () {
          if (!typing()) { window.location.reload(); } else { listen(); }
        }, 5000);
      }
    });
  }
  listen();
})();
