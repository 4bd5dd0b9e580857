/* "Predict, then reveal": before each draw-or-stand of a coup just dealt, the coach asks
   "Player: draw or stand?" (or the Banker's), two big buttons or the keys D and S answer, and
   the rule is revealed: right or not, the engine's sentence, the lit cell of the draw table
   (static/coach.js shows those). Each answer is graded by the server against the coup and
   recorded in the quiz's cell (POST /api/quiz/table-answer), so it feeds the same heatmap and
   review schedule. In "hard cells only" the coach asks only where the Banker's action depends on
   the Player's third card and deals everything else at once; naturals are never asked.
   coach.js calls window.BaccaratPredict.active / pace / ask. */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var box = $("#predict-ask");
  var modes = document.querySelectorAll("input[name=predict]");
  var messages = $("#predict-messages");
  var drawData = $("#draw-data");
  if (!box || !modes.length || !messages || !drawData) { return; }
  var T = JSON.parse(messages.textContent);
  var DRAW = JSON.parse(drawData.textContent);
  var CSRF = ($('meta[name="csrf-token"]') || { getAttribute: function () { return ""; } }).getAttribute("content");
  var question = $("#predict-question");
  var buttons = $("#predict-buttons");
  var verdict = $("#predict-verdict");

  /* Which cells have one answer, and which are hard: a Banker row whose action changes with
     the Player's third card. A table whose rules leave a choice has no one answer: no mode. */
  var actions = {};
  var hardRows = {};
  DRAW.player.forEach(function (c) { actions[c.id] = c.action; });
  DRAW.banker.forEach(function (row) {
    var seen = {};
    row.cells.forEach(function (c) {
      actions[c.id] = c.action;
      if (!/-s$/.test(c.id)) { seen[c.action] = true; }
    });
    if (Object.keys(seen).length > 1) { hardRows[row.total] = true; }
  });
  var choices = Object.keys(actions).some(function (id) { return actions[id] !== "draw" && actions[id] !== "stand"; });
  var fieldset = $("#predict-mode");
  if (choices) { fieldset.remove(); return; }

  var key = "baccarat.predict";
  var saved = null;
  try { saved = window.localStorage.getItem(key); } catch (e) { saved = null; }
  Array.prototype.forEach.call(modes, function (radio) {
    if (radio.value === saved) { radio.checked = true; }
    radio.addEventListener("change", function () {
      try { window.localStorage.setItem(key, radio.value); } catch (e) { /* private mode */ }
    });
  });
  function mode() {
    var radio = $("input[name=predict]:checked");
    return radio ? radio.value : "off";
  }
  function isHard(cell) {
    var parts = cell.split("-");
    return parts[0] === "b" && /^\d$/.test(parts[2] || "") && hardRows[Number(parts[1])] === true;
  }
  function asks(step) {
    if (step.cell === "n" || (step.action !== "draw" && step.action !== "stand")) { return false; }
    return mode() === "hard" ? isHard(step.cell) : true;
  }

  var answering = null; /* what D and S do while a question is open */
  function choose(answer) { if (answering) { answering(answer); } }
  Array.prototype.forEach.call(box.querySelectorAll(".predict-answer"), function (button) {
    button.addEventListener("click", function () { choose(button.dataset.answer); });
  });
  /* Before the table's own keys (D deals there): while a question is open D and S answer it. */
  document.addEventListener("keydown", function (event) {
    if (!answering || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    var lower = event.key.toLowerCase();
    if (lower === "d" || lower === "s") {
      event.preventDefault();
      choose(lower === "d" ? "draw" : "stand");
    }
  }, true);

  function record(coup, step, answer) {
    return fetch("/api/quiz/table-answer", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": CSRF },
      body: JSON.stringify({ coup_id: coup.id, side: step.side, answer: answer }),
    }).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  }

  window.BaccaratPredict = {
    /* Whether this coup is played in predict mode (a replay never is). */
    active: function (coup, replay) { return !replay && mode() !== "off" && coup.id !== undefined; },
    /* The pace of what is not asked: at once on the hard cells only; otherwise the chosen
       speed, but never a tap per card (step by step and the squeeze deal quickly). */
    pace: function (speed) {
      if (mode() === "hard") { return "instant"; }
      return speed === "step" || speed === "squeeze" ? "quick" : speed;
    },
    /* Reset at a new coup: the verdicts stay until then. */
    start: function () { verdict.textContent = ""; box.hidden = true; buttons.hidden = true; question.textContent = ""; },
    /* Ask before a step if this mode asks it: a promise kept once answered (null: no question). */
    ask: function (step, coup) {
      if (!asks(step)) { return null; }
      var hadFocus = box.closest(".coach").contains(document.activeElement) || document.activeElement === document.body;
      box.hidden = false;
      buttons.hidden = false;
      question.textContent = T[step.side];
      if (hadFocus) { $("#predict-draw").focus({ preventScroll: true }); }
      var rect = box.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > window.innerHeight) { box.scrollIntoView({ block: "nearest" }); }
      return new Promise(function (resolve) {
        answering = function (answer) {
          answering = null;
          var right = answer === step.action;
          if (document.activeElement && box.contains(document.activeElement)) {
            box.closest(".coach").focus({ preventScroll: true });
          }
          buttons.hidden = true;
          question.textContent = "";
          var line = document.createElement("li");
          line.className = right ? "right" : "wrong";
          line.textContent = (right ? T.right : T["wrong_" + step.action]) + " " + step.text;
          verdict.appendChild(line);
          record(coup, step, answer).catch(function () {
            line.textContent += " " + T.unrecorded;
          });
          resolve();
        };
      });
    },
  };
})();
