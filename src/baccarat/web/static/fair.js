/* Provably fair shoes: the player's contribution to each shoe's order.
 *
 * Every shoe is committed to (the SHA-256 of its server seed) before anything else; its order
 * waits for the client seed, which this script draws with Web Crypto the moment it sees a
 * commitment waiting for one (on the page, in the panels the table refreshes, or in a deal
 * refused with 409 contribution_needed), and sends with that commitment. The server never
 * proposes one. A seed the player types in the shoe panel replaces it until the first coup.
 * Without JavaScript the page asks the player to type one before the first card.
 */
(function () {
  "use strict";

  var meta = document.querySelector('meta[name="csrf-token"]');
  var CSRF = meta ? meta.getAttribute("content") : "";
  var sent = {}; /* commitment → the contribution sent for it (a promise) */
  var drawn = {}; /* commitment → the seed drawn for it */
  var DEAL = /^\/api\/tables\/(\d+)\/deal$/;
  var nativeFetch = window.fetch.bind(window);

  function drawSeed() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function contribute(table, commitment) {
    if (!table || !/^[0-9a-f]{64}$/.test(commitment || "")) {
      return Promise.resolve(false);
    }
    if (!sent[commitment]) {
      var seed = drawSeed();
      drawn[commitment] = seed;
      var body = JSON.stringify({ client_seed: seed, commitment: commitment });
      sent[commitment] = nativeFetch("/api/tables/" + encodeURIComponent(table) + "/client-seed", {
        method: "POST",
        credentials: "same-origin",
        /* Only whether it was taken is read: no table in the answer (204). */
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Prefer: "return=minimal",
          "X-CSRF-Token": CSRF
        },
        body: body
      }).then(function (answer) {
        if (answer.ok) {
          shown(commitment, seed);
        } else {
          delete sent[commitment]; /* another shoe by now: the next sighting tries again */
        }
        return answer.ok;
      }, function () {
        delete sent[commitment];
        return false;
      });
    }
    return sent[commitment];
  }

  /* The page's own question (for a browser without JavaScript) is answered: hide it, and say
   * the seed in the shoe panel (its line for a taken seed waits there as a template). */
  function shown(commitment, seed) {
    document.querySelectorAll("[data-fair-ask]").forEach(function (ask) {
      if (ask.getAttribute("data-commitment") === commitment) {
        ask.hidden = true;
      }
    });
    document.querySelectorAll("[data-fair-shoe]").forEach(function (box) {
      if (box.getAttribute("data-commitment") !== commitment) {
        return;
      }
      box.setAttribute("data-awaiting", "false");
      var waiting = box.querySelector("[data-seed-waiting]");
      var taken = box.querySelector("template[data-seed-taken]");
      if (waiting && taken) {
        var line = taken.content.firstElementChild.cloneNode(true);
        line.querySelector(".seed-value").textContent = seed;
        waiting.replaceWith(line);
        taken.remove();
      }
    });
  }

  function scan() {
    document.querySelectorAll('[data-fair-shoe][data-awaiting="true"]').forEach(function (box) {
      var commitment = box.getAttribute("data-commitment");
      /* A panel drawn again while its seed was on its way is brought up to date too. */
      contribute(box.getAttribute("data-table"), commitment).then(function (ok) {
        if (ok) { shown(commitment, drawn[commitment]); }
      });
    });
  }

  /* A deal waits for a contribution in flight; one refused for want of a contribution is
   * answered (with the commitment the refusal names) and sent again, once. */
  window.fetch = function (input, init) {
    var url = typeof input === "string" ? input : (input && input.url) || "";
    var path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0];
    var match = DEAL.exec(path);
    if (!match || !init || (init.method || "GET").toUpperCase() !== "POST") {
      return nativeFetch(input, init);
    }
    var waiting = Object.keys(sent).map(function (key) { return sent[key]; });
    return Promise.all(waiting).then(function () {
      return nativeFetch(input, init);
    }).then(function (answer) {
      if (answer.status !== 409) {
        return answer;
      }
      return answer.clone().json().then(function (body) {
        if (!body || body.code !== "contribution_needed") {
          return answer;
        }
        return contribute(match[1], body.commitment).then(function (ok) {
          return ok ? nativeFetch(input, init) : answer;
        });
      }, function () {
        return answer;
      });
    });
  };

  if (window.MutationObserver) {
    new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", scan);
  } else {
    scan();
  }
})();
