/* A coup's cards as the pages lay them out, shared by the table's coach (static/coach.js) and a
   room's page (static/room.js): the order a coup is shown in, and one card's element. A coup comes
   as its record (baccarat.coup/1, docs/json.md; web/present/coup.py coup_display). */
(function () {
  "use strict";

  /* The record in dealing order: the four first cards, then each step followed by the card it
     drew, then the result (web/present/coup.py timeline() is the server's copy of this order). */
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

  /* One card (the ``card`` macro of _macros.html, as dealt); face down, it is named
     ``faceDownLabel`` until it is turned. */
  function cardElement(card, faceDown, faceDownLabel) {
    var li = document.createElement("li");
    li.className = "card dealt" + (card.red ? " red" : "") + (faceDown ? " face-down" : "");
    li.dataset.code = card.code;
    li.setAttribute("aria-label", faceDown ? faceDownLabel : card.label);
    ["rank", "suit"].forEach(function (part) {
      var span = document.createElement("span");
      span.className = part;
      span.setAttribute("aria-hidden", "true");
      span.textContent = card[part];
      li.appendChild(span);
    });
    if (faceDown) {
      var back = document.createElement("span");
      back.className = "card-back";
      back.setAttribute("aria-hidden", "true");
      li.appendChild(back);
    }
    return li;
  }

  /* The felt made ready for a coup: its title, both hands empty, no result, no steps, no coach's
     sentence (the ids of the felt the table page and a room's page share, _felt in the
     templates). */
  function clearFelt(title) {
    function byId(id) { return document.getElementById(id); }
    byId("felt-title").textContent = title;
    ["player", "banker"].forEach(function (side) {
      byId(side + "-cards").textContent = "";
      byId(side + "-total").textContent = "–";
    });
    var result = byId("result");
    result.textContent = "";
    result.className = "result";
    byId("steps").textContent = "";
    byId("coach-sentence").textContent = "";
  }

  window.BaccaratCards = { timeline: timeline, cardElement: cardElement, clearFelt: clearFelt };
})();
