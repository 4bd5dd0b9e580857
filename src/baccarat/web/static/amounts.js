/* The strict grammar of an amount of points, in the browser: a faithful port of
   baccarat.core.amounts.parse_amount (tests/web/test_amounts_js.py runs both on one table of
   cases). A typed amount is read in the page's language (its decimal sign, and if the person
   wants, its grouping of thousands in threes) or, without a language, in the canonical writing;
   anything else is refused with a code, never guessed. The browser sends canonical amounts. */
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module.exports) { module.exports = api; } else { root.BaccaratAmounts = api; }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var MAXIMUM_POINTS = "1000000000000"; /* 10**12, as text: compared digit by digit */
  var CANONICAL = { decimal: ".", groups: [] };
  var STYLES = {
    en: { decimal: ".", groups: [","] },
    vi: { decimal: ",", groups: ["."] },
    hu: { decimal: ",", groups: [" ", "\u00a0", "\u202f"] },
  };

  function AmountError(code, text) {
    this.code = code;
    this.text = text;
  }

  function example(style) {
    var group = style.groups.length ? style.groups.slice().sort()[0] : "";
    return group ? "1" + group + "000" + style.decimal + "5" : "1000" + style.decimal + "5";
  }

  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\\-]/g, "\\$&"); }

  var patterns = {};
  function pattern(style) {
    var key = style.decimal + "|" + style.groups.join("");
    if (patterns[key]) { return patterns[key]; }
    var whole = "(?:0|[1-9][0-9]*)";
    if (style.groups.length) {
      var signs = style.groups.slice().sort().map(escapeRegExp).join("");
      // One grouping sign throughout (the backreference), thousands in threes.
      whole = "(?:" + whole + "|[1-9][0-9]{0,2}(?<sep>[" + signs + "])[0-9]{3}(?:\\k<sep>[0-9]{3})*)";
    }
    patterns[key] = new RegExp("^(?<whole>" + whole + ")(?:" + escapeRegExp(style.decimal) + "(?<cents>[0-9]+))?$");
    return patterns[key];
  }

  /* Python's str.fullmatch with re.ASCII: [0-9] only; JavaScript's $ has no newline quirk
     without the m flag, so "1\n" is refused here as there. */
  function read(text, style) {
    var match = pattern(style).exec(text);
    if (!match) { return null; }
    var whole = match.groups.whole;
    style.groups.forEach(function (sign) { whole = whole.split(sign).join(""); });
    return [whole, match.groups.cents || ""];
  }

  function tooLarge(whole, cents) {
    if (whole.length !== MAXIMUM_POINTS.length) { return whole.length > MAXIMUM_POINTS.length; }
    if (whole !== MAXIMUM_POINTS) { return whole > MAXIMUM_POINTS; }
    return /[1-9]/.test(cents);
  }

  /* raw: a string (or a whole number, as JSON sends one) -> minor units (1 point = 100), as a
     Number (exact: at most 10**14, far below 2**53). Throws AmountError with a code. */
  function parseAmount(raw, language) {
    if (typeof raw === "number") {
      if (!Number.isInteger(raw)) { throw new AmountError("amount_not_text", String(raw)); }
      if (raw < 0) { throw new AmountError("amount_malformed", String(raw)); }
      if (raw > Number(MAXIMUM_POINTS)) { throw new AmountError("amount_too_large", String(raw)); }
      return raw * 100;
    }
    if (typeof raw !== "string") { throw new AmountError("amount_not_text", String(raw)); }
    // One writing per call, never a guess between two: in Vietnamese "1.000" is a thousand.
    var style = Object.prototype.hasOwnProperty.call(STYLES, language || "") ? STYLES[language] : CANONICAL;
    var parts = read(raw, style);
    if (!parts) { throw new AmountError("amount_malformed", raw); }
    var whole = parts[0];
    var cents = parts[1];
    if (cents.length > 2) { throw new AmountError("amount_too_precise", raw); }
    if (tooLarge(whole, cents)) { throw new AmountError("amount_too_large", raw); }
    return Number(whole) * 100 + Number((cents + "00").slice(0, 2));
  }

  /* The canonical writing of minor units: 100000 -> "1000", 1250 -> "12.5", 5 -> "0.05". */
  function canonicalAmount(minor) {
    var whole = Math.floor(minor / 100);
    var cents = minor % 100;
    if (!cents) { return String(whole); }
    var decimals = (cents < 10 ? "0" : "") + String(cents);
    return whole + "." + decimals.replace(/0$/, "");
  }

  /* An amount as the page's language writes it for typing back (no grouping: always read). */
  function typedAmount(minor, language) {
    var style = STYLES[language] || CANONICAL;
    return canonicalAmount(minor).replace(".", style.decimal);
  }

  return {
    AmountError: AmountError,
    STYLES: STYLES,
    example: function (language) { return example(STYLES[language] || CANONICAL); },
    parseAmount: parseAmount,
    canonicalAmount: canonicalAmount,
    typedAmount: typedAmount,
  };
}));
