/* The squeeze (issue 37): the card to be squeezed is lifted into a large modal dialog, face down,
   and peeled from the corner or the edge where a drag starts (mouse, pen or finger: pointer
   events). The peeled part folds over like paper: the face shows where the back was lifted,
   and the back's underside lies folded on top, its tip under the pointer. Released past a
   threshold the card turns face up and the dialog closes; short of it the back falls home.
   Keys: the arrows peel from the opposite edge, a step a press; Enter, Space or Esc turn the
   card over. The focus stays in the dialog while it is open and goes back where it was.

   Two settings (kept in localStorage, as the dealing speed is) narrow the squeeze to the third
   cards, to the Banker's hand, or to the Banker's third card with both. static/coach.js asks
   wanted(side, number) for each card it deals in squeeze mode and waits on squeeze(card). */
(function () {
  "use strict";

  var $ = function (selector, root) { return (root || document).querySelector(selector); };
  var dialog = $("#squeeze");
  if (!dialog || typeof dialog.showModal !== "function") { return; }
  var T = JSON.parse($("#squeeze-messages").textContent);
  var card = $("#squeeze-card");
  var back = $(".squeeze-back", card);
  var flap = $(".squeeze-flap", card);
  var title = $("#squeeze-title");
  var revealButton = $("#squeeze-reveal");
  /* Released with this share of the card's depth peeled (from the chosen side), it turns. */
  var THRESHOLD = 0.3;
  /* How much an arrow key peels. */
  var STEP = 0.1;

  /* ---- The settings ------------------------------------------------------------------ */
  var settings = $("#squeeze-settings");
  var boxes = { third: $("#squeeze-third"), banker: $("#squeeze-banker") };
  Object.keys(boxes).forEach(function (name) {
    var key = "baccarat.squeeze." + name;
    var box = boxes[name];
    try { box.checked = window.localStorage.getItem(key) === "1"; } catch (e) { /* private mode */ }
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(key, box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
    });
  });
  /* The settings show only beside the squeeze (coach.js sets the saved speed after this runs). */
  function showSettings() {
    var speed = $("input[name=speed]:checked");
    settings.hidden = !(speed && speed.value === "squeeze");
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "speed") { showSettings(); }
  });
  document.addEventListener("DOMContentLoaded", showSettings);
  showSettings();

  function wanted(side, number) {
    if (boxes.third.checked && number < 3) { return false; }
    if (boxes.banker.checked && side !== "banker") { return false; }
    return true;
  }

  /* ---- The fold ------------------------------------------------------------------------ */
  /* Each side a peel can start from, as a line f(x, y) = a·x + b·y + c over the card (x and y
     from 0 to 1, left to right and top to bottom): 0 along that edge or at that corner, growing
     into the card up to its far side, which is at `far`. */
  var SIDES = {
    top: { a: 0, b: 1, c: 0, far: 1 },
    bottom: { a: 0, b: -1, c: 1, far: 1 },
    left: { a: 1, b: 0, c: 0, far: 1 },
    right: { a: -1, b: 0, c: 1, far: 1 },
    "top-left": { a: 1, b: 1, c: 0, far: 2 },
    "top-right": { a: -1, b: 1, c: 1, far: 2 },
    "bottom-left": { a: 1, b: -1, c: 1, far: 2 },
    "bottom-right": { a: -1, b: -1, c: 2, far: 2 },
  };
  /* Where a press lands picks the side: the outer three tenths are edges, where two meet a
     corner; the middle peels from the bottom, as a squeeze mostly does. */
  function sideAt(x, y) {
    var column = x < 0.3 ? "left" : (x > 0.7 ? "right" : "");
    var row = y < 0.3 ? "top" : (y > 0.7 ? "bottom" : "");
    if (row && column) { return row + "-" + column; }
    return row || column || "bottom";
  }
  var SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]];
  function level(side, point, fold) { return side.a * point[0] + side.b * point[1] + side.c - fold; }
  /* The part of the card on one side of the fold (sign 1: beyond it, still covered). */
  function cut(side, fold, sign) {
    var out = [];
    SQUARE.forEach(function (p, i) {
      var q = SQUARE[(i + 1) % SQUARE.length];
      var vp = sign * level(side, p, fold);
      var vq = sign * level(side, q, fold);
      if (vp >= 0) { out.push(p); }
      if ((vp >= 0) !== (vq >= 0)) {
        var k = vp / (vp - vq);
        out.push([p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1])]);
      }
    });
    return out;
  }
  /* The lifted part laid over the fold: its mirror image across the fold line. */
  function mirror(side, points, fold) {
    var norm = side.a * side.a + side.b * side.b;
    return points.map(function (p) {
      var d = level(side, p, fold) / norm;
      return [p[0] - 2 * d * side.a, p[1] - 2 * d * side.b];
    });
  }
  /* Always six points, so that the shape eases from one fold to another. */
  function polygon(points) {
    var list = points.length ? points.slice() : [[0, 0]];
    while (list.length < 6) { list.push(list[list.length - 1]); }
    return "polygon(" + list.map(function (p) {
      return (p[0] * 100).toFixed(2) + "% " + (p[1] * 100).toFixed(2) + "%";
    }).join(", ") + ")";
  }
  var peel = { side: "bottom", share: 0 };
  function setPeel(name, share) {
    var side = SIDES[name];
    var clamped = Math.max(0, Math.min(1, share));
    var fold = clamped * side.far;
    peel = { side: name, share: clamped };
    back.style.clipPath = polygon(cut(side, fold, 1));
    flap.style.clipPath = polygon(mirror(side, cut(side, fold, -1), fold));
    card.dataset.side = name;
    card.style.setProperty("--peel", String(Math.round(clamped * 100)));
  }

  /* ---- Open, peel, turn ------------------------------------------------------------------ */
  var pending = null; /* resolves the squeeze of the card on show */
  var before = null; /* where the focus was */
  var drag = null;

  function turn() {
    if (!pending) { return; }
    var done = pending;
    pending = null;
    drag = null;
    card.classList.remove("dragging");
    if (dialog.open) { dialog.close(); }
    var coach = $("#last-coup");
    var target = before && document.contains(before) && before.offsetParent !== null ? before : coach;
    if (target) { target.focus({ preventScroll: true }); }
    before = null;
    done();
  }

  function squeeze(data, number) {
    return new Promise(function (resolve) {
      title.textContent = T[data.side + "_" + number] || T[data.side + "_3"];
      card.classList.toggle("red", Boolean(data.red));
      card.dataset.code = data.code;
      Array.prototype.forEach.call(card.querySelectorAll(".rank"), function (el) { el.textContent = data.rank; });
      Array.prototype.forEach.call(card.querySelectorAll(".suit"), function (el) { el.textContent = data.suit; });
      card.classList.add("dragging"); /* no easing from the last card's fold */
      setPeel("bottom", 0);
      before = document.activeElement;
      pending = resolve;
      dialog.showModal();
      card.classList.remove("dragging");
      revealButton.focus({ preventScroll: true });
    });
  }

  card.addEventListener("pointerdown", function (event) {
    if (!pending || (event.pointerType === "mouse" && event.button !== 0)) { return; }
    event.preventDefault();
    var box = card.getBoundingClientRect();
    var name = sideAt((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, width: box.width, height: box.height, side: name };
    if (card.setPointerCapture) { card.setPointerCapture(event.pointerId); }
    card.classList.add("dragging");
    setPeel(name, 0);
  });
  card.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) { return; }
    var side = SIDES[drag.side];
    var along = side.a * (event.clientX - drag.x) / drag.width + side.b * (event.clientY - drag.y) / drag.height;
    /* The tip of the lifted part follows the pointer: the fold lies halfway. */
    setPeel(drag.side, along / 2 / side.far);
  });
  function release(event, cancelled) {
    if (!drag || (!cancelled && event.pointerId !== drag.id)) { return; }
    drag = null;
    card.classList.remove("dragging");
    if (!cancelled && peel.share >= THRESHOLD) { turn(); } else { setPeel(peel.side, 0); }
  }
  card.addEventListener("pointerup", function (event) { release(event, false); });
  /* A press the browser takes back (whichever pointer) lets the back fall home. */
  card.addEventListener("pointercancel", function (event) { release(event, true); });

  revealButton.addEventListener("click", turn);
  var ARROWS = { ArrowUp: "bottom", ArrowDown: "top", ArrowLeft: "right", ArrowRight: "left" };
  dialog.addEventListener("keydown", function (event) {
    if (!pending) { return; }
    var key = event.key;
    if (key === "Enter" || key === " " || key === "Escape") {
      event.preventDefault();
      turn();
      return;
    }
    if (ARROWS[key]) {
      event.preventDefault();
      var name = ARROWS[key];
      var share = Math.round(((peel.side === name ? peel.share : 0) + STEP) * 100) / 100;
      setPeel(name, share);
      if (share >= THRESHOLD) { turn(); }
      return;
    }
    if (key === "Tab") {
      /* The focus stays in the dialog: it goes round its controls. */
      var controls = Array.prototype.filter.call(
        dialog.querySelectorAll("button, [href], input, [tabindex]:not([tabindex='-1'])"),
        function (el) { return !el.disabled && el.offsetParent !== null; });
      if (!controls.length) { return; }
      var at = controls.indexOf(document.activeElement);
      var next = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : (at + 1) % controls.length;
      event.preventDefault();
      controls[next].focus();
    }
  });
  /* Esc that the browser turns into a cancel (or a dialog closed by other means) still turns
     the card: the coup goes on only with it face up. The close event comes a task later, when
     the next card may already be in the dialog: that one stays. */
  dialog.addEventListener("cancel", function (event) { event.preventDefault(); turn(); });
  dialog.addEventListener("close", function () { if (!dialog.open) { turn(); } });

  window.BaccaratSqueeze = { wanted: wanted, squeeze: squeeze };
})();
