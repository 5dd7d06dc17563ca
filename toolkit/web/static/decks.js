// Dossier deck builder: the deck lives here as Dossier JSON; every change posts it to /api/decks/analyze
// and shows what comes back (findings and summary line of `deck validate`, the list with names, stats,
// odds, the share code), in the page's language (every call says it: boot.lang). No rule is decided here.
// The deck being built is in the address (?d=share code) and, when the language is switched, kept for
// the reload with what else was typed (window.dossier.keep): a saved deck's unsaved changes survive too.
// A netrunner deck's format offers only the identities of its pool, and the card search (/api/decks/cards)
// shows only the format's pool and the identity's side, with each out-of-faction card's influence.
// A tactics squad takes privates by number (they may repeat, T2), other agents by a checkbox; its card search
// leaves out token and shop cards (T4, T5) and marks the exclusive cards of agents outside the squad (T3).
// A mode the game does not have stays shown as the deck's, so the Mode select and the verdict agree.
// Lines of an imported list that could not be placed stay listed (and counted) until fixed or dismissed; after a
// language switch the list is read again, so they are said in the new language.
// A draw-odds field outside its range (the API's) is marked at the field and leaves the odds alone out.
// The deck list's rows are made anew with each analysis: a control of theirs that had the focus gets it back.
// A crossfire deck's special-role boxes show the special roles it holds (so "Set the roles" keeps them); a set-up
// that cannot be dealt is said at its button, the summary and findings staying the deck's.
// Saving a saved deck sends the version the page opened: a save over a deck another tab saved (or deleted) since is
// refused and keeps this page's deck, offering to keep it (saved over the other), take the saved one (this one set
// aside, to take back) or, deleted, to save it as a new deck.
// A saved deck's unsaved changes make leaving the page (reload, Back, a link; not the language switch) ask first;
// the deck the browser keeps per game keeps the saved deck it belongs to, so an "Add to deck" from a card page
// and its Save update that saved deck. The Start form's New deck starts empty (its Continue, the deck kept).
// A crossfire deck's player count is brought into a new mode's range; one the menu does not offer is shown as
// such (an imported role set without its count: choose one).
(function () {
  "use strict";
  var boot = JSON.parse(document.getElementById("boot").textContent);
  var L = boot.labels;
  var OPTIONS = boot.options;
  var LANG = boot.lang;
  var $ = function (id) { return document.getElementById(id); };
  var deck = null;
  var savedId = boot.saved || null;
  var savedBase = boot.saved_base || null;  // the saved deck's version this page opened (or last saved): sent back
  var savedDeck = null;  // the saved deck as this page opened (or last saved) it (canonical()): unsaved changes
  var fresh = false;  // a new deck not yet touched: not kept in the browser (the last deck stays for Continue)
  var switching = false;  // the language switch's reload: the work is kept, leaving asks nothing
  var setAside = null;  // the deck this page had when the saved one was taken instead: one click takes it back
  var sequence = 0;
  var timer = null;
  var lastSearch = null;
  var STORE = "dossier.deck.";
  var carried = [];  // findings of reading the imported list: lines not placed, sent with each analysis
  var source = null;  // the list they were read from ({text, filename}): read again after a language switch
  var READING = { "deck.line.unplaced": 1, "deck.card.unknown": 1, "deck.card.ambiguous": 1, "deck.card.kind": 1,
    "deck.count": 1, "deck.identity.count": 1 };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }
  function fmt(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return fields[k] !== undefined ? fields[k] : ""; });
  }
  function modesOf(game) { return (OPTIONS[game] || { modes: [] }).modes; }
  function modeOf(game, id) { return modesOf(game).filter(function (m) { return m.id === id; })[0] || null; }
  function defaultMode(game) {
    var g = OPTIONS[game];
    if (!g) return "";
    if (g.default_mode) return g.default_mode;
    var ids = g.modes.map(function (m) { return m.id; });
    return ids.indexOf("duo") >= 0 ? "duo" : ids[0];
  }
  function blankDeck(game, mode) {
    var d = { game: game, mode: mode || defaultMode(game), name: L.new_deck, cards: {} };
    if (game === "tactics") d.agents = [];
    if (game === "crossfire") {
      var m = modeOf(game, d.mode);
      d.players = m && m.players.length ? m.players[0] : 5;
    }
    return d;
  }
  function isText(v) { return typeof v === "string"; }
  function isCount(v) { return typeof v === "number" && isFinite(v) && Math.floor(v) === v; }
  function normalize(d) {
    // a field of the wrong type (a damaged link or stored copy) is left out, never a script error
    d = d && typeof d === "object" ? d : {};
    var named = isText(d.name) || (d.name && typeof d.name === "object" && !Array.isArray(d.name)) ? d.name : "";
    // an untouched default name ("New deck" in any language) follows the page's language
    var untouched = !named || (isText(named) && (L.new_deck_names || []).indexOf(named) >= 0);
    var out = { game: d.game, mode: isText(d.mode) ? d.mode : undefined, name: untouched ? L.new_deck : named, cards: {} };
    var cards = d.cards && typeof d.cards === "object" && !Array.isArray(d.cards) ? d.cards : {};
    Object.keys(cards).forEach(function (k) { if (isCount(cards[k]) && cards[k] > 0) out.cards[k] = cards[k]; });
    if (isText(d.description) && d.description) out.description = d.description;
    if (d.game === "tactics") out.agents = Array.isArray(d.agents) ? d.agents.filter(isText) : [];
    if (d.game === "netrunner" && isText(d.identity) && d.identity) out.identity = d.identity;
    if (d.game === "netrunner" && isText(d.ban_list) && d.ban_list) out.ban_list = d.ban_list;  // an imported deck's
    if (d.game === "crossfire") out.players = isCount(d.players) && d.players > 0 ? d.players : null;
    return out;
  }
  function canonical(d) {
    // a deck as text that two equal decks share (its cards in one order): what "unsaved changes" compare
    var n = normalize(d);
    var cards = {};
    Object.keys(n.cards).sort().forEach(function (k) { cards[k] = n.cards[k]; });
    n.cards = cards;
    return JSON.stringify(n);
  }
  function unsaved() { return !!savedId && savedDeck !== null && canonical(deck) !== savedDeck; }
  function payloadDeck() {
    var d = normalize(deck);
    if (d.game === "netrunner" && !d.identity) delete d.identity;
    if (d.game === "crossfire" && !d.players) delete d.players;
    return d;
  }

  // ------------------------------------------------------------------ set-up controls

  function fillSelect(select, items, value) {
    select.textContent = "";
    items.forEach(function (it) {
      var o = el("option", { value: it.value, text: it.label });
      if (String(it.value) === String(value)) o.selected = true;
      select.appendChild(o);
    });
  }
  function identitiesOf(modeId) {
    // the identities of the format's pool; every identity when the format does not say
    var all = OPTIONS.netrunner.identities || [];
    var mode = modeOf("netrunner", modeId);
    if (!mode || !mode.identities) return all;
    var inPool = {};
    mode.identities.forEach(function (id) { inPool[id] = true; });
    return all.filter(function (i) { return inPool[i.id]; });
  }
  function identityOf(id) {
    return (OPTIONS.netrunner.identities || []).filter(function (i) { return i.id === id; })[0] || null;
  }
  function renderIdentities() {
    var offered = identitiesOf(deck.mode);
    var items = [{ value: "", label: L.identity_none }].concat(offered.map(function (i) {
      return { value: i.id, label: i.label || i.name + " · " + i.side + " · " + i.faction };
    }));
    if (deck.identity && !offered.some(function (i) { return i.id === deck.identity; })) {
      var chosen = identityOf(deck.identity);  // kept, so the select shows the deck as it is
      var name = chosen ? chosen.label || chosen.name : deck.identity;
      items.splice(1, 0, { value: deck.identity, label: fmt(L.identity_outside, { name: name }) });
    }
    fillSelect($("deck-identity"), items, deck.identity || "");
  }
  function renderSetup() {
    var game = deck.game;
    // a name given in each language ({"zh-Hans": …, "en": …}) shows in the page's (kept until it is edited)
    $("deck-name").value = deck.name && typeof deck.name === "object" ? (deck.name[LANG] || deck.name["zh-Hans"] || "") : deck.name;
    $("deck-game").value = game;
    $("deck-mode-label").textContent = game === "netrunner" ? L.format : L.mode;
    var modeItems = modesOf(game).map(function (m) { return { value: m.id, label: m.name }; });
    if (deck.mode && !modeOf(game, deck.mode)) {  // kept, so the select shows the mode the verdict speaks of
      modeItems.unshift({ value: deck.mode, label: fmt(L.mode_unknown, { mode: deck.mode }) });
    }
    fillSelect($("deck-mode"), modeItems, deck.mode);
    document.querySelectorAll(".game-only").forEach(function (node) {
      node.hidden = node.getAttribute("data-game").split(" ").indexOf(game) < 0;
    });
    if (game === "netrunner") renderIdentities();
    if (game === "tactics") {
      var box = $("deck-agents");
      box.textContent = "";
      (OPTIONS.tactics.agents || []).forEach(function (a) {
        var id = "agent-" + a.id;
        var have = agentCount(a.id);
        var mark = a["private"] ? el("span", { title: L["private"], "aria-label": L["private"], text: " ✦" }) : null;
        if (a["private"] || have > 1) {
          // a private may repeat (T2): how many, not whether (and an agent the deck holds twice shows both)
          var count = el("input", { type: "number", id: id, min: "0", max: "99", value: String(have),
            "data-agent-count": a.id, "aria-label": fmt(L.agent_count, { name: a.name }) });
          count.addEventListener("change", function () {
            var n = parseInt(count.value, 10);
            n = isNaN(n) || n < 0 ? 0 : Math.min(n, 99);
            count.value = String(n);
            setAgentCount(a.id, n);
          });
          box.appendChild(el("label", { className: "check", "for": id }, [count, a.name, mark]));
          return;
        }
        var input = el("input", { type: "checkbox", id: id, value: a.id });
        input.checked = have > 0;
        input.addEventListener("change", function () { setAgentCount(a.id, input.checked ? 1 : 0); });
        box.appendChild(el("label", { className: "check", "for": id }, [input, a.name, mark]));
      });
    }
    if (game === "crossfire") {
      var m = modeOf(game, deck.mode);
      renderPlayers(m);
      var specials = $("deck-specials");
      specials.textContent = "";
      (m ? m.specials : []).forEach(function (s) {
        var id = "special-" + s.id;
        var input = el("input", { type: "checkbox", id: id, value: s.id });
        input.checked = (deck.cards[s.id] || 0) > 0;  // the deck's special roles: Set the roles keeps them
        input.addEventListener("change", function () { sayRoles(""); });
        var count = s.players ? el("span", { className: "muted small", text: " " + fmt(L.players, { low: s.players[0], high: s.players[1] }) }) : null;
        specials.appendChild(el("label", { className: "check", "for": id }, [input, s.name, count]));
      });
      heldSpecials = specialsHeld();
      sayRoles("");
    }
    Array.prototype.forEach.call($("export-to").options, function (o) {
      o.disabled = o.getAttribute("data-game") !== null && o.getAttribute("data-game") !== game;
      if (o.disabled && o.selected) $("export-to").value = "json";
    });
  }

  function renderPlayers(m) {
    var counts = (m ? m.players : []).map(function (n) { return { value: n, label: String(n) }; });
    var offered = counts.some(function (c) { return c.value === deck.players; });
    if (!offered) {  // the deck's count as it is, said to be none of the menu's: choosing one is a change
      counts.unshift({ value: deck.players ? String(deck.players) : "",
        label: deck.players ? fmt(L.players_outside, { n: deck.players }) : L.players_none });
    }
    var select = $("deck-players");
    fillSelect(select, counts, offered ? deck.players : counts[0].value);
    if (offered) select.removeAttribute("aria-invalid"); else select.setAttribute("aria-invalid", "true");
  }
  function agentCount(agentId) {
    return (deck.agents || []).filter(function (x) { return x === agentId; }).length;
  }
  function setAgentCount(agentId, n) {
    // the squad with ``n`` copies of the agent: the others keep their places, copies go or come at the end
    var list = (deck.agents || []).slice();
    var have = agentCount(agentId);
    for (; have > n; have--) list.splice(list.lastIndexOf(agentId), 1);
    for (; have < n; have++) list.push(agentId);
    deck.agents = list;
    changed();
    rerunSearch();  // the exclusive cards of agents outside the squad are marked
  }

  $("setup").addEventListener("submit", function (event) { event.preventDefault(); });
  $("deck-name").addEventListener("input", function () { deck.name = this.value.trim() ? this.value : L.new_deck; changed(); });
  $("deck-game").addEventListener("change", function () {
    deck = takeStored(this.value) || blankDeck(this.value);
    carried = [];
    source = null;
    renderUnplaced();
    renderSetup();
    changed();
    searchDefault();
  });
  $("deck-mode").addEventListener("change", function () {
    deck.mode = this.value;
    delete deck.ban_list;  // a ban list belongs to the format it was named with: the new one's list in force
    if (deck.game === "crossfire") {
      deck.players = playersIn(modeOf("crossfire", deck.mode), deck.players);
      renderSetup();
    }
    if (deck.game === "netrunner") { renderIdentities(); rerunSearch(); }
    changed();
  });
  $("deck-identity").addEventListener("change", function () {
    if (this.value) deck.identity = this.value; else delete deck.identity;
    changed();
    rerunSearch();
  });
  $("deck-players").addEventListener("change", function () {
    var n = parseInt(this.value, 10);
    deck.players = isNaN(n) ? null : n;
    renderPlayers(modeOf("crossfire", deck.mode));  // (the entry of a count not offered goes once one is chosen)
    sayRoles("");
    changed();
  });
  function playersIn(mode, n) {
    // ``n`` players when the mode offers it, else the count it offers nearest to it (the fewer of two as near)
    var offered = mode ? mode.players : [];
    if (!offered.length || offered.indexOf(n) >= 0) return n;
    if (!n) return offered[0];
    return offered.reduce(function (best, c) { return Math.abs(c - n) < Math.abs(best - n) ? c : best; }, offered[0]);
  }
  function specialsHeld() {
    // the special roles the deck holds (those its mode offers), by id
    var held = {};
    var m = deck.game === "crossfire" ? modeOf("crossfire", deck.mode) : null;
    (m ? m.specials : []).forEach(function (s) { if ((deck.cards[s.id] || 0) > 0) held[s.id] = true; });
    return held;
  }
  var heldSpecials = {};
  function syncSpecials() {
    // a special role the deck gained or lost (the list's − and +, a set-up dealt, an import) ticks or unticks its
    // box; the other boxes stay as they were ticked
    if (deck.game !== "crossfire") return;
    var now = specialsHeld();
    Array.prototype.forEach.call(document.querySelectorAll("#deck-specials input"), function (input) {
      if (!!now[input.value] !== !!heldSpecials[input.value]) input.checked = !!now[input.value];
    });
    heldSpecials = now;
  }
  function sayRoles(text) {
    // why the set-up asked for cannot be dealt, at its button (the findings and the summary stay the deck's)
    var said = $("roles-error");
    said.textContent = text;
    said.hidden = !text;
  }
  $("deal-roles").addEventListener("click", function () {
    var specials = Array.prototype.map.call(document.querySelectorAll("#deck-specials input:checked"), function (i) { return i.value; });
    window.dossier.post("/api/decks/roles?lang=" + encodeURIComponent(LANG), { mode: deck.mode, players: deck.players, specials: specials })
      .then(function (r) { sayRoles(""); deck.cards = r.cards; changed(); })
      .catch(function (e) { sayRoles(e.message); });
  });

  // ------------------------------------------------------------------ analysis

  function changed(initial) {
    if (!initial) fresh = false;  // touched: kept in the browser from now on
    syncSpecials();
    store();
    clearTimeout(timer);
    timer = setTimeout(analyze, 120);
  }
  function store() {
    // the deck, and the saved deck it belongs to (its id, the version opened, the deck as saved): beside it, so
    // that the deck taken back (a card page's "Add to deck") is still that saved deck's and its Save updates it
    if (fresh) return;
    try {
      localStorage.setItem(STORE + deck.game, JSON.stringify(normalize(deck)));
      if (savedId) localStorage.setItem(STORE + deck.game + ".saved", JSON.stringify({ id: savedId, base: savedBase, deck: savedDeck }));
      else localStorage.removeItem(STORE + deck.game + ".saved");
    } catch (e) { /* private mode */ }
  }
  function loadStored(game) {
    try {
      var raw = localStorage.getItem(STORE + game);
      var d = raw ? JSON.parse(raw) : null;
      return d && d.game === game ? normalize(d) : null;
    } catch (e) { return null; }
  }
  function takeStored(game) {
    // the deck the browser keeps for ``game`` (null: none), with the saved deck it belongs to made this page's
    var d = loadStored(game);
    var link = null;
    if (d) {
      try { link = JSON.parse(localStorage.getItem(STORE + game + ".saved") || "null"); } catch (e) { link = null; }
    }
    var ok = link && typeof link === "object" && isText(link.id) && link.id;
    savedId = ok ? link.id : null;
    savedBase = ok && isText(link.base) ? link.base : null;
    savedDeck = ok && isText(link.deck) ? link.deck : null;
    return d;
  }
  function showSummary(text, legal) {
    var s = $("summary");
    s.textContent = text;
    s.className = "summary " + (legal === true ? "legal" : legal === false ? "illegal" : "");
  }
  function analyze() {
    var mine = ++sequence;
    var turns = oddsField("odds-turns");
    var perTurn = oddsField("odds-per-turn");
    var oddsOk = turns !== null && perTurn !== null;
    // a value outside its field's range is said at the field and leaves the odds alone out (the API refuses it)
    var body = { deck: payloadDeck(), turns: oddsOk ? turns : 0, per_turn: oddsOk ? perTurn : 0, lang: LANG, carried: carried };
    $("builder").setAttribute("aria-busy", "true");
    window.dossier.post("/api/decks/analyze", body).then(function (r) {
      if (mine !== sequence) return;
      $("builder").setAttribute("aria-busy", "false");
      $("builder").setAttribute("data-legal", r.legal ? "yes" : "no");
      showSummary(r.summary, r.legal);
      renderFindings(r.findings.filter(function (f) { return !isCarried(f); }));
      renderUnplaced();
      renderList(r.rows);
      renderInfluence(r.influence);
      renderStats(r.stats);
      renderOdds(oddsOk ? r.odds : null);
      renderShare(r.share);
      refreshCounts();
    }).catch(function (e) {
      if (mine !== sequence) return;
      $("builder").setAttribute("aria-busy", "false");
      showSummary(e.message, false);
    });
  }
  function oddsField(id) {
    // the field's whole number within its min and max (those of /api/decks/analyze), else null, with the
    // field marked invalid and its message shown beside it
    var input = $(id);
    var low = parseInt(input.getAttribute("min"), 10);
    var high = parseInt(input.getAttribute("max"), 10);
    var text = input.value.trim();
    var v = /^\d+$/.test(text) ? parseInt(text, 10) : NaN;
    var ok = !isNaN(v) && v >= low && v <= high && !(input.validity && input.validity.badInput);
    var message = $(id + "-error");
    if (ok) input.removeAttribute("aria-invalid"); else input.setAttribute("aria-invalid", "true");
    message.textContent = ok ? "" : message.getAttribute("data-message");
    message.hidden = ok;
    return ok ? v : null;
  }
  function carriedKey(f) { return f.code + "@" + f.line; }
  function isCarried(f) {
    return carried.some(function (c) { return carriedKey(c) === carriedKey(f); });
  }
  function readingFindings(findings) {
    // the findings of reading a list that the builder carries: its lines that could not be placed
    return findings.filter(function (f) {
      return f.severity === "error" && f.line !== null && f.line !== undefined && READING[f.code];
    }).map(function (f) { return { code: f.code, message: f.message, line: f.line, file: f.file }; });
  }
  function rereadCarried() {
    // the carried lines' messages in the page's language (they are worded in the one the list was imported
    // in): the same list read again by the same API; a line dismissed meanwhile stays dismissed
    if (!carried.length || !source || typeof source.text !== "string") return;
    var asked = carried;
    var body = { text: source.text, lang: LANG };
    if (source.filename) body.filename = source.filename;
    $("unplaced").setAttribute("aria-busy", "true");
    window.dossier.post("/api/decks/import", body).then(function (r) {
      var fresh = {};
      readingFindings(r.findings || []).forEach(function (f) { fresh[carriedKey(f)] = f.message; });
      asked.forEach(function (c) { if (fresh[carriedKey(c)]) c.message = fresh[carriedKey(c)]; });
      if (asked !== carried) return;  // imported again meanwhile
      renderUnplaced();
      changed();
    }).catch(function () { /* kept as they were */ }).then(function () { $("unplaced").removeAttribute("aria-busy"); });
  }
  function renderUnplaced() {
    var box = $("unplaced");
    var ul = $("unplaced-list");
    ul.textContent = "";
    box.hidden = carried.length === 0;
    carried.forEach(function (c, index) {
      var dismiss = el("button", { type: "button", className: "small secondary", "data-dismiss": String(index),
        "aria-label": fmt(L.dismiss_line, { n: c.line }), text: L.dismiss });
      ul.appendChild(el("li", { className: "error", "data-code": c.code, "data-line": String(c.line) }, [
        el("strong", { text: fmt(L.line, { n: c.line }) + L.colon }),
        el("span", { className: "text", text: c.message }),
        dismiss,
      ]));
    });
  }
  $("unplaced-list").addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("[data-dismiss]") : null;
    if (!target) return;
    carried.splice(parseInt(target.getAttribute("data-dismiss"), 10), 1);
    renderUnplaced();
    changed();
  });
  function renderFindings(findings) {
    var ul = $("findings");
    ul.textContent = "";
    if (!findings.length) { ul.appendChild(el("li", { className: "none", text: L.no_findings })); return; }
    findings.forEach(function (f) {
      var severity = f.severity === "error" ? L.error : L.warning;
      ul.appendChild(el("li", { className: f.severity, title: f.text, "data-code": f.code }, [
        el("strong", { text: (f.severity === "error" ? "✖ " : "⚠ "), title: severity, "aria-label": severity }),
        f.message + " ",
        el("code", { text: f.code + (f.pointer ? " " + f.pointer : "") }),
      ]));
    });
  }
  function pips(n, label) {
    // ●● for the influence, and the same in words for screen readers
    if (!n) return null;
    var dots = n <= 10 ? new Array(n + 1).join("●") : "●×" + n;
    return el("span", { className: "pips", title: label }, [
      el("span", { "aria-hidden": "true", text: dots }),
      el("span", { className: "visually-hidden", text: " " + label }),
    ]);
  }
  function influenceWords(n, one, many) { return fmt(n === 1 ? one : many, { n: n }); }
  function renderInfluence(influence) {
    var p = $("influence-total");
    if (!influence || deck.game !== "netrunner" || influence.limit === null || influence.limit === undefined) {
      p.textContent = "";
      p.className = "influence-total";
      return;
    }
    p.textContent = fmt(L.influence_total, { spent: influence.spent, limit: influence.limit });
    p.className = "influence-total" + (influence.spent > influence.limit ? " over" : "");
  }
  function countButtons(id, name) {
    var minus = el("button", { type: "button", className: "small secondary", "data-remove": id, "aria-label": fmt(L.remove, { name: name }), text: "−" });
    var plus = el("button", { type: "button", className: "small secondary", "data-add": id, "aria-label": fmt(L.add, { name: name }), text: "+" });
    return [minus, plus];
  }
  function focusInList(body) {
    // the control of a deck-list row that has the focus (which card, which control, the row's place), so the
    // rows made again give it back; a count being typed (not yet committed) is kept too
    var a = document.activeElement;
    var row = a && body.contains(a) && a.closest ? a.closest("tr[data-id]") : null;
    if (!row) return null;
    var kind = ["data-count", "data-remove", "data-add"].filter(function (k) { return a.hasAttribute(k); })[0];
    var rows = Array.prototype.slice.call(body.querySelectorAll("tr[data-id]"));
    return { id: row.getAttribute("data-id"), kind: kind ? "[" + kind + "]" : "a", index: rows.indexOf(row),
      typed: kind === "data-count" && a.value !== a.defaultValue ? a.value : null };
  }
  function refocus(body, was) {
    // the same control of the same card's row; the row gone, the same control of the row now in its place (or
    // the last); the list empty, its heading
    if (!was) return;
    var rows = Array.prototype.slice.call(body.querySelectorAll("tr[data-id]"));
    var row = rows.filter(function (tr) { return tr.getAttribute("data-id") === was.id; })[0];
    var target = row ? row.querySelector(was.kind) : null;
    if (target && was.typed !== null) target.value = was.typed;
    if (!row && rows.length) {
      row = rows[Math.min(was.index, rows.length - 1)];
      target = row.querySelector(was.kind) || row.querySelector("[data-count]");
    }
    (target || $("cards-h")).focus();
  }
  function renderList(rows) {
    var body = $("decklist").tBodies[0];
    var was = focusInList(body);
    body.textContent = "";
    var total = 0;
    var group = null;
    rows.forEach(function (r) {
      total += r.count;
      if (r.group_name !== group) {
        group = r.group_name;
        body.appendChild(el("tr", { className: "group" }, [el("th", { colspan: "3", scope: "rowgroup", text: group })]));
      }
      var input = el("input", { type: "number", min: "0", max: "99", value: String(r.count), "aria-label": fmt(L.count, { name: r.name }), "data-count": r.id, className: "count" });
      input.addEventListener("change", function () {
        var n = parseInt(input.value, 10);
        if (isNaN(n) || n < 0) n = 0;
        n = Math.min(n, 99);
        input.value = input.defaultValue = String(n);  // committed: no longer a count being typed
        setCount(r.id, n);
      });
      var link = el("a", { href: "/cards/" + deck.game + "/" + encodeURIComponent(r.id), text: r.name });
      var buttons = countButtons(r.id, r.name);
      body.appendChild(el("tr", { "data-id": r.id }, [
        el("td", { className: "count-cell" }, [input]),
        el("td", {}, [
          link,
          r.cost !== null && r.cost !== undefined ? el("span", { className: "muted small", text: " · " + r.cost }) : null,
          pips(r.influence_spent || 0, influenceWords(r.influence_spent || 0, L.row_influence_one, L.row_influence)),
        ]),
        el("td", { className: "buttons" }, buttons),
      ]));
    });
    $("deck-empty").hidden = rows.length > 0;
    $("deck-total").textContent = fmt(total === 1 ? L.total_one : L.total, { n: total });
    refocus(body, was);
  }
  function setCount(id, n) {
    if (n > 0) deck.cards[id] = n; else delete deck.cards[id];
    changed();
    refreshCounts();
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("[data-add],[data-remove],[data-identity]") : null;
    if (!target) return;
    if (target.hasAttribute("data-identity")) {
      deck.identity = target.getAttribute("data-identity");
      renderSetup();
      changed();
      rerunSearch();
      return;
    }
    var id = target.getAttribute("data-add") || target.getAttribute("data-remove");
    var n = deck.cards[id] || 0;
    setCount(id, target.hasAttribute("data-add") ? Math.min(n + 1, 99) : Math.max(n - 1, 0));
  });

  // ------------------------------------------------------------------ charts (inline SVG bars)

  var SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  var measurer = null;
  function textWidth(text) {  // px of ``text`` at the bars' 12px font (an estimate where there is no canvas)
    if (measurer === null) {
      var canvas = document.createElement("canvas");
      measurer = (canvas.getContext && canvas.getContext("2d")) || false;
      if (measurer) measurer.font = "12px " + (getComputedStyle(document.body).fontFamily || "sans-serif");
    }
    if (measurer) return measurer.measureText(text).width;
    var w = 0;
    for (var i = 0; i < text.length; i++) w += text.charCodeAt(i) > 0x2e80 ? 12 : 7;
    return w;
  }
  function bars(title, data, labels, id) {
    var keys = Object.keys(data);
    if (!keys.length) return null;
    var max = Math.max.apply(null, keys.map(function (k) { return data[k]; })) || 1;
    // the label column as wide as the longest label (measured in the chart's font), so no name is clipped
    var longest = Math.max.apply(null, keys.map(function (k) { return textWidth(String(labels[k] || k)); }));
    var labelWidth = Math.min(260, Math.max(60, Math.ceil(longest) + 12));
    var row = 22, width = labelWidth + 240, height = keys.length * row + 4;
    var chart = svg("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": title, "class": "bars", id: id });
    chart.appendChild(svg("title", {}, title + L.colon + keys.map(function (k) { return (labels[k] || k) + " " + data[k]; }).join(L.sep)));
    keys.forEach(function (k, i) {
      var y = i * row + 2;
      var w = Math.max(2, Math.round((width - labelWidth - 40) * data[k] / max));
      chart.appendChild(svg("text", { x: labelWidth - 6, y: y + 15, "text-anchor": "end", "font-size": 12, fill: "#1d1f24" }, labels[k] || k));
      chart.appendChild(svg("rect", { x: labelWidth, y: y + 3, width: w, height: row - 8, rx: 3, fill: "#2457c5" }));
      chart.appendChild(svg("text", { x: labelWidth + w + 5, y: y + 15, "font-size": 12, fill: "#1d1f24" }, String(data[k])));
    });
    var figure = el("figure", { className: "chart" }, [el("figcaption", { text: title })]);
    figure.appendChild(chart);
    return figure;
  }
  function renderStats(stats) {
    var box = $("stats");
    box.textContent = "";
    if (!stats) { box.appendChild(el("p", { className: "muted", text: "—" })); return; }
    [["cost_curve", "chart-cost"], ["by_type", "chart-types"], ["by_faction", "chart-factions"], ["influence", "chart-influence"]].forEach(function (pair) {
      var key = pair[0];
      if (deck.game === "crossfire" && key !== "by_type") return;  // roles have no cost, faction or influence
      var fig = bars(stats.titles[key], stats[key], stats.labels[key] || {}, pair[1]);
      if (fig) box.appendChild(fig);
    });
    if (deck.game === "netrunner") box.appendChild(el("p", {}, [el("strong", { text: stats.titles.agenda_points + L.colon }), String(stats.agenda_points)]));
    if (!box.childNodes.length) box.appendChild(el("p", { className: "muted", text: "—" }));
  }
  function renderOdds(odds) {
    var box = $("odds");
    box.textContent = "";
    if (!odds) return;
    var head = el("tr", {}, [el("th", { scope: "col", text: L.card }), el("th", { scope: "col", text: L.copies })]);
    odds.seen.forEach(function (n, i) { head.appendChild(el("th", { scope: "col", text: i === 0 ? L.hand : fmt(L.turn, { n: i }), title: fmt(L.seen, { n: n }) })); });
    var table = el("table", { className: "odds" }, [el("thead", {}, [head])]);
    var body = el("tbody");
    odds.cards.forEach(function (c) {
      var tr = el("tr", {}, [el("th", { scope: "row", text: c.name }), el("td", { text: String(c.copies) })]);
      c.p.forEach(function (p) { tr.appendChild(el("td", { text: (p * 100).toFixed(0) + "%" })); });
      body.appendChild(tr);
    });
    table.appendChild(body);
    box.appendChild(table);
  }
  function renderShare(code) {
    if (!code) return;
    var url = location.origin + "/decks/build?d=" + code;
    $("share-url").value = url;
    var params = new URLSearchParams(location.search);
    if (params.get("d") !== code || params.get("saved") || location.pathname !== "/decks/build") {
      // the builder's own address (not that of the import form it may have been drawn at: a POST-only one)
      var next = savedId ? "?saved=" + encodeURIComponent(savedId) : "?d=" + code;
      history.replaceState(null, "", "/decks/build" + next);
    }
  }
  $("copy-share").addEventListener("click", function () {
    var input = $("share-url");
    input.select();
    var done = function () { $("save-status").textContent = L.copied; };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, done); else { document.execCommand("copy"); done(); }
  });
  ["odds-turns", "odds-per-turn"].forEach(function (id) { $(id).addEventListener("change", changed); });
  $("draw-hand").addEventListener("click", function () {
    window.dossier.post("/api/decks/draw", { deck: payloadDeck(), lang: LANG }).then(function (r) {
      var ul = $("hand");
      ul.textContent = "";
      r.hand.forEach(function (c) { ul.appendChild(el("li", { text: c.name })); });
    }).catch(function (e) { $("hand").textContent = e.message; });
  });

  // ------------------------------------------------------------------ card search

  function searchDefault() {
    var q = deck.game === "crossfire" ? "k:role" : "k:card";
    $("card-q").value = q;
    runSearch(q);
  }
  function rerunSearch() {
    // the same words in the deck's new scope (format, identity)
    var q = $("card-q").value.trim();
    if (q) runSearch(q); else searchDefault();
  }
  function runSearch(q) {
    // the builder's search: the format's card pool and the identity's side (server-side: /api/decks/cards)
    var params = new URLSearchParams({ q: q, game: deck.game, limit: "200", lang: LANG });
    if (deck.game === "netrunner") {
      if (deck.mode) params.set("mode", deck.mode);
      if (deck.identity) params.set("identity", deck.identity);
    }
    if (deck.game === "tactics") params.set("agents", (deck.agents || []).join(","));
    var key = params.toString();
    lastSearch = key;
    $("card-q-error").textContent = "";
    $("card-q").removeAttribute("aria-invalid");
    window.dossier.get("/api/decks/cards?" + key).then(function (r) {
      if (lastSearch !== key) return;
      renderScope(r.scope || {});
      renderResults(r.results);
    }).catch(function (e) {
      if (lastSearch !== key) return;
      $("card-q").setAttribute("aria-invalid", "true");
      $("card-q-error").textContent = e.message;
      $("card-results").tBodies[0].textContent = "";
    });
  }
  function renderScope(scope) {
    var mode = scope.format ? modeOf("netrunner", scope.format) : null;
    var text = "";
    if (mode && scope.identity) text = fmt(L.scope, { format: mode.name, identity: scope.identity_name || scope.identity });
    else if (mode) text = fmt(L.scope_format, { format: mode.name });
    $("card-scope").textContent = text;
  }
  function renderResults(results) {
    var body = $("card-results").tBodies[0];
    body.textContent = "";
    if (!results.length) {
      body.appendChild(el("tr", {}, [el("td", { colspan: "3", className: "muted", text: L.no_results })]));
    }
    results.forEach(function (r) {
      var actions;
      if (r.kind === "identity") {
        actions = [el("button", { type: "button", className: "small secondary", "data-identity": r.id, text: L.identity, "aria-label": L.identity + L.colon + r.name })];
      } else if (r.kind === "card" || r.kind === "role") {
        actions = countButtons(r.id, r.name);
      } else {
        actions = [];
      }
      body.appendChild(el("tr", { "data-id": r.id }, [
        el("td", { className: "count-cell" }, [el("span", { className: "have", "data-have": r.id })]),
        el("td", {}, [
          el("a", { href: r.url, text: r.name }),
          el("div", { className: "muted small" }, [
            r.influence ? pips(r.influence, influenceWords(r.influence, L.influence_cost_one, L.influence_cost)) : null,
            r.banned ? el("span", { className: "badge", text: L.banned }) : null,
            r.banned ? " " : null,
            r.outside_squad ? el("span", { className: "badge", "data-outside": r.agent,
              text: fmt(L.exclusive_outside, { agent: r.agent_name || r.agent }) }) : null,
            r.outside_squad ? " " : null,
            r.type_name, r.stats ? " · " : null, r.stats ? el("code", { text: r.stats }) : null,
          ]),
        ]),
        el("td", { className: "buttons" }, actions),
      ]));
    });
    refreshCounts();
  }
  function refreshCounts() {
    document.querySelectorAll("[data-have]").forEach(function (node) {
      var n = deck.cards[node.getAttribute("data-have")] || 0;
      node.textContent = n ? "×" + n : "";
    });
  }
  $("card-search").addEventListener("submit", function (event) {
    event.preventDefault();
    runSearch($("card-q").value);
  });

  // ------------------------------------------------------------------ save, export, import

  // a save gives back the version of the saved deck the page opened: refused (409) when another tab or window saved
  // it since, or deleted it; the deck here is kept, and the page offers the choice (as the card editor does): keep
  // mine (saved over the other), take the saved one (mine set aside, to take back), or, deleted, save it as a new deck
  function hideConflict() {
    var box = $("save-conflict");
    box.hidden = true;
    box.textContent = "";
  }
  function conflictButton(id, text, act) {
    var b = el("button", { type: "button", className: "small secondary", id: id, text: text });
    b.addEventListener("click", act);
    return b;
  }
  function replaceDeck(next) {
    deck = normalize(next);
    carried = [];
    source = null;
    renderSetup();
    renderUnplaced();
    changed();
    rerunSearch();
  }
  function showConflict(message, conflict) {
    var box = $("save-conflict");
    box.textContent = "";
    box.appendChild(el("p", { role: "alert", text: message }));
    var choices = el("p");
    if (conflict.base) {  // saved since (a file that cannot be read as a deck, too: nothing to take from it)
      choices.appendChild(conflictButton("save-keep-mine", L.keep_mine, function () { saveDeck(false, conflict.base); }));
    }
    if (conflict.deck) {
      choices.appendChild(document.createTextNode(" "));
      choices.appendChild(conflictButton("save-take-saved", L.take_saved, function () {
        setAside = normalize(deck);
        savedBase = conflict.base;
        savedDeck = canonical(conflict.deck);
        replaceDeck(conflict.deck);
        box.textContent = "";
        box.appendChild(el("p", { role: "status", text: L.taken_saved }));
        box.appendChild(el("p", {}, [conflictButton("save-take-back", L.take_back, function () {
          var mine = setAside;
          setAside = null;
          hideConflict();
          if (mine) replaceDeck(mine);
        })]));
      }));
    }
    if (!conflict.base) {  // deleted: never saved back under its old id
      choices.appendChild(conflictButton("save-new", L.save_new, function () { saveDeck(true); }));
    }
    box.appendChild(choices);
    box.hidden = false;
    box.querySelector("button").focus();
  }
  function saveDeck(asNew, base) {
    $("save-status").textContent = "";
    hideConflict();
    var body = { deck: payloadDeck(), id: asNew ? null : savedId };
    if (body.id) body.base = base || savedBase;
    window.dossier.post("/api/decks/saved?lang=" + encodeURIComponent(LANG), body).then(function (r) {
      savedId = r.id;
      savedBase = r.base;
      savedDeck = canonical(body.deck);  // (a change made while it was saved is still unsaved)
      setAside = null;
      store();
      $("save-status").textContent = L.saved;
      history.replaceState(null, "", location.pathname + "?saved=" + encodeURIComponent(savedId));
    }).catch(function (e) {
      if (e.status === 409 && e.data && e.data.conflict) showConflict(e.message, e.data.conflict);
      else $("save-status").textContent = e.message;
    });
  }
  $("save-deck").addEventListener("click", function () { saveDeck(false); });
  $("export-form").addEventListener("submit", function () {
    $("export-deck").value = JSON.stringify(payloadDeck());
  });
  $("import").addEventListener("submit", function (event) {
    event.preventDefault();
    var out = $("import-result");
    out.textContent = "";
    var file = $("import-file").files[0];
    var request;
    var read;  // the list imported, kept to read its unplaced lines again in another language
    if (file) {
      read = (file.text ? file.text() : Promise.reject(new Error())).then(function (text) {
        return { text: text.replace(/^\uFEFF/, ""), filename: file.name };
      }, function () { return null; });
      var form = new FormData();
      form.append("file", file);
      form.append("lang", LANG);
      request = fetch("/api/decks/import/file", { method: "POST", body: form, headers: { "X-CSRF-Token": window.dossier.csrf() } })
        .then(function (r) {
          return r.json().then(function (data) {
            if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : window.dossier.say("failed", { status: r.status }));
            return data;
          });
        });
    } else {
      var pasted = $("import-text").value;
      read = Promise.resolve({ text: pasted });
      request = window.dossier.post("/api/decks/import", { text: pasted, lang: LANG });
    }
    Promise.all([request, read]).then(function (both) {
      var r = both[0];
      if (!r.deck) {
        out.appendChild(el("p", { className: "summary illegal", text: r.summary }));
        var ul = el("ul", { className: "findings" });
        r.findings.forEach(function (f) { ul.appendChild(el("li", { className: f.severity, text: f.text })); });
        out.appendChild(ul);
        return;
      }
      deck = normalize(r.deck);
      savedId = null;
      savedBase = null;
      savedDeck = null;
      carried = readingFindings(r.findings);
      source = carried.length ? both[1] : null;
      renderSetup();
      renderUnplaced();
      changed();
      searchDefault();
      out.appendChild(el("p", { className: "message " + (carried.length ? "error" : "ok"), text: r.summary }));
      if (!carried.length) $("import-text").value = "";  // else kept, to fix the lines and import again
      $("import-file").value = "";
    }).catch(function (e) { out.appendChild(el("p", { className: "message error", text: e.message })); });
  });

  // ------------------------------------------------------------------ the language switch keeps the work

  window.addEventListener("dossier:lang-switch", function () {
    switching = true;
    window.dossier.keep("builder", {
      deck: normalize(deck),
      saved: savedId,
      savedBase: savedBase,
      savedDeck: savedDeck,
      q: $("card-q").value,
      turns: $("odds-turns").value,
      perTurn: $("odds-per-turn").value,
      importText: $("import-text").value,
      carried: carried,
      source: carried.length ? source : null,
    });
  });

  // ------------------------------------------------------------------ leaving with unsaved changes asks first

  // (a reload, Back, a link): the browser's own question while the saved deck has changes not saved; the language
  // switch keeps them (and asks nothing)
  window.addEventListener("beforeunload", function (e) {
    if (switching || !unsaved()) return undefined;
    e.preventDefault();
    e.returnValue = "";  // (the browsers that ask only when it is set)
    return "";
  });

  // ------------------------------------------------------------------ start

  // drawn at another address (an import form's post): the builder's own, so that a reload or the language switch
  // finds the page (a GET of the form's address would be refused)
  if (boot.address && location.pathname !== "/decks/build") history.replaceState(null, "", boot.address);
  var kept = window.dossier.kept("builder");
  savedId = savedBase = null;
  if (kept && kept.deck && OPTIONS[kept.deck.game]) {
    deck = normalize(kept.deck);
    savedId = kept.saved || null;
    savedBase = kept.savedBase || null;
    savedDeck = savedId && isText(kept.savedDeck) ? kept.savedDeck : null;
    $("odds-turns").value = kept.turns || $("odds-turns").value;
    $("odds-per-turn").value = kept.perTurn || $("odds-per-turn").value;
    $("import-text").value = kept.importText || "";
    carried = kept.carried || [];
    source = kept.source || null;  // read again below, for the lines' messages in this language
    boot.add = null;  // added before the switch already
  } else if (boot.deck && OPTIONS[boot.deck.game]) {
    deck = normalize(boot.deck);
    savedId = boot.saved || null;
    savedBase = boot.saved_base || null;
    savedDeck = savedId ? canonical(boot.deck) : null;
    carried = boot.carried || [];  // an import (without script) that left lines unplaced
    source = boot.source || null;  // the list it read, when the page says it
  } else {
    // (a deck of a game this server does not offer is not opened, and its saved id never linked to or saved over)
    var game = boot.game && OPTIONS[boot.game] ? boot.game : OPTIONS.netrunner ? "netrunner" : Object.keys(OPTIONS)[0];
    fresh = !!boot["new"] || !!boot.mode;  // the Start form's New deck (or a mode asked for): an empty deck
    deck = (!fresh && takeStored(game)) || blankDeck(game, boot.mode);
  }
  if (boot.add) {
    var isIdentity = deck.game === "netrunner" && (OPTIONS.netrunner.identities || []).some(function (i) { return i.id === boot.add; });
    var isAgent = deck.game === "tactics" && (OPTIONS.tactics.agents || []).some(function (a) { return a.id === boot.add; });
    if (isIdentity) deck.identity = boot.add;
    else if (isAgent) {  // a private may repeat (T2): one more; any other agent once
      var repeats = OPTIONS.tactics.agents.some(function (a) { return a.id === boot.add && a["private"]; });
      if (repeats ? agentCount(boot.add) < 99 : deck.agents.indexOf(boot.add) < 0) deck.agents.push(boot.add);
    }
    else deck.cards[boot.add] = Math.min((deck.cards[boot.add] || 0) + 1, 99);
  }
  if (boot.add) fresh = false;
  renderSetup();
  renderUnplaced();
  changed(true);
  if (kept) rereadCarried();
  if (kept && kept.q) { $("card-q").value = kept.q; runSearch(kept.q); } else searchDefault();
})();
