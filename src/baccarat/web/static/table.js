/* Every page's script: the reality checks. The table's own script is
   static/felt.js (the bets) and static/coach.js (dealing, the lesson, the roads). Plain
   JavaScript, no build step; all text comes from the server, already translated. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var $$ = function (selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  };
  var messagesElement = $("#messages");
  var MESSAGES = messagesElement ? JSON.parse(messagesElement.textContent) : {};
  /* The session's anti-forgery token: every call that changes something sends it. */
  var csrfMeta = $('meta[name="csrf-token"]');
  var CSRF = csrfMeta ? csrfMeta.getAttribute("content") : "";

  var fmt = window.BaccaratSite.fmt;

  /* The session's start: the header says it the same way on every page ("since 18:28", in
     local time: static/site.js); here it times the reality checks. */
  var clock = $("#session-clock");
  if (clock && clock.dataset.started) {
    var started = Number(clock.dataset.started);

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
})();
