// Dossier: small shared helpers (no framework). window.dossier.post(url, body) sends JSON with the CSRF token;
// window.dossier.lang is the page's language (the tag asked for: en-XA stays the pseudo-locale).
// The language switch reloads the page in the other language at its current address (a page may have
// changed it: the deck builder keeps its deck there); before it goes, it fires "dossier:lang-switch" so
// that a page can keep what was not saved (window.dossier.keep) and take it back after the reload
// (window.dossier.kept).
(function () {
  "use strict";
  var root = document.documentElement;
  var WORDS = {};
  try { WORDS = JSON.parse((document.getElementById("dossier-words") || {}).textContent || "{}"); } catch (e) { WORDS = {}; }
  var KEEP = "dossier.keep.";

  function csrf() {
    var m = document.querySelector('meta[name="csrf-token"]');
    return m ? m.content : "";
  }
  function say(key, fields) {
    var text = WORDS[key] || key;
    Object.keys(fields || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fields[k])); });
    return text;
  }
  async function request(method, url, body) {
    var headers = { "X-CSRF-Token": csrf(), "Accept": "application/json" };
    var init = { method: method, headers: headers, credentials: "same-origin" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    var response;
    try { response = await fetch(url, init); } catch (e) {
      var offline = new Error(say("offline"));
      offline.status = 0;
      throw offline;
    }
    var data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      var detail = data && data.detail;
      if (detail && typeof detail === "object" && !Array.isArray(detail)) detail = detail.message || null;
      if (typeof detail !== "string") detail = null;  // a framework's validation list: not for people
      var error = new Error(detail || say("failed", { status: response.status }));
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  }
  function here() {  // this page's address without the language: what a kept state belongs to
    var url = new URL(location.href);
    url.searchParams.delete("lang");
    return url.pathname + url.search;
  }
  function keep(key, value) {  // for the page that loads next at this address (the language switch's reload)
    var held = { at: Date.now(), page: here(), value: value };
    try { sessionStorage.setItem(KEEP + key, JSON.stringify(held)); } catch (e) { /* storage off: lost */ }
  }
  function kept(key) {  // what keep() held for this page, once; nothing when it is old or of another address
    try {
      var raw = sessionStorage.getItem(KEEP + key);
      sessionStorage.removeItem(KEEP + key);
      var held = raw ? JSON.parse(raw) : null;
      return held && held.page === here() && Date.now() - held.at < 120000 ? held.value : null;
    } catch (e) { return null; }
  }
  function switchTo(lang) {
    var url = new URL(location.href);
    url.searchParams.set("lang", lang);
    window.dispatchEvent(new CustomEvent("dossier:lang-switch", { detail: { lang: lang } }));
    location.assign(url.toString());
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-lang-switch]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    switchTo(link.getAttribute("data-lang-switch"));
  });
  window.dossier = {
    csrf: csrf,
    get: function (url) { return request("GET", url); },
    post: function (url, body) { return request("POST", url, body); },
    del: function (url) { return request("DELETE", url); },
    lang: (document.body && document.body.getAttribute("data-lang")) || root.lang || "zh-Hans",
    say: say,
    keep: keep,
    kept: kept,
    switchTo: switchTo,
  };
})();
