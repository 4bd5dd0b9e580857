// Every page: the phone menu, times in the reader's own time zone and language, the session's
// start in local time; and what the other scripts share (window.BaccaratSite). Without it, the
// menu stays open and times read in UTC, named.
"use strict";
(function () {
  var root = document.documentElement;
  var LANG = root.lang || "en";

  /* What the pages' scripts share (loaded after this one): a message's {placeholders} filled
     in, and a line said to screen readers by the page's #announcer, where it has one (the last
     six kept). */
  function fmt(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }
  function announce(text) {
    var announcer = document.getElementById("announcer");
    if (!announcer || !text) { return; }
    var line = document.createElement("p");
    line.textContent = text;
    announcer.appendChild(line);
    while (announcer.childNodes.length > 6) { announcer.removeChild(announcer.firstChild); }
  }
  window.BaccaratSite = { fmt: fmt, announce: announce };

  /* The menu: a drawer behind a button on narrow screens (the CSS decides when it is one). */
  var toggle = document.getElementById("menu-toggle");
  var nav = document.getElementById("site-nav");
  if (toggle && nav) {
    root.classList.add("js-menu");
    toggle.hidden = false;
    var setOpen = function (open) {
      nav.classList.toggle("open", open);
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    };
    toggle.addEventListener("click", function () {
      setOpen(toggle.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && nav.classList.contains("open")) {
        setOpen(false);
        toggle.focus();
      }
    });
  }

  /* A cool-off: the table's betting form is out of reach of the keyboard too. */
  if (document.body.classList.contains("is-locked")) {
    var bets = document.getElementById("bet-form");
    if (bets) bets.inert = true;
  }

  /* Times: <time datetime="…Z" data-local="datetime|date|time|seconds"> in the reader's zone. */
  var STYLES = {
    datetime: { dateStyle: "medium", timeStyle: "short" },
    seconds: { dateStyle: "medium", timeStyle: "medium" },
    date: { dateStyle: "medium" },
    time: { timeStyle: "short" },
  };
  var localText = function (iso, style) {
    var moment = new Date(iso);
    if (isNaN(moment.getTime())) return null;
    try {
      return new Intl.DateTimeFormat(LANG, STYLES[style] || STYLES.datetime).format(moment);
    } catch (e) {
      return null;
    }
  };
  document.querySelectorAll("time[data-local]").forEach(function (el) {
    var text = localText(el.getAttribute("datetime"), el.dataset.local);
    if (text) {
      el.title = el.textContent;
      el.textContent = text;
    }
  });

  /* A refusal's sentence names a time of day in UTC ("… at 00:00 UTC"), as the server wrote
     it, also when the table's script shows it: that time in the reader's zone instead (the
     next such moment, which is what a refusal names: the day's count starting again). */
  var UTC_TIME = /(\d{1,2}):(\d{2}) UTC/g;
  var localizeText = function (el) {
    if (!el || !UTC_TIME.test(el.textContent)) return;
    UTC_TIME.lastIndex = 0;
    el.textContent = el.textContent.replace(UTC_TIME, function (whole, hours, minutes) {
      var moment = new Date();
      moment.setUTCHours(Number(hours), Number(minutes), 0, 0);
      if (moment.getTime() < Date.now()) moment.setUTCDate(moment.getUTCDate() + 1);
      return localText(moment.toISOString(), "time") || whole;
    });
  };
  document.querySelectorAll(".error, #js-error").forEach(function (el) {
    localizeText(el);
    new MutationObserver(function () {
      localizeText(el);
    }).observe(el, { childList: true, characterData: true, subtree: true });
  });

  /* The session's start ("since 18:28"), in local time; the table's script makes it a clock. */
  var clock = document.getElementById("session-clock");
  if (clock && clock.dataset.started && clock.dataset.since) {
    var since = localText(new Date(Number(clock.dataset.started)).toISOString(), "time");
    if (since) clock.textContent = clock.dataset.since.replace("{time}", since);
  }
})();
