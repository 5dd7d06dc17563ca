// Dossier card editor: a form generated from the record kind's JSON Schema (or raw JSON), with the lint
// findings and the printed card updated as you type (debounced POST /editor/check), and saving
// (POST /editor/save, refused with the findings when lint finds an error). No framework.
// Every word is the page's language: labels and help by JSON key (cfg.fields, cfg.help), the rest in
// cfg.words; the schema gives the form's shape only. Unsaved work survives the language switch: it is
// kept for the reload (window.dossier.keep) under this record's file. The findings of the other records
// that name this one follow its own, each with a link to it (a new tab: this one keeps its unsaved work), and
// the records a change breaks are said above them. A save refused because the file changed on disk (409)
// keeps the unsaved version and offers the difference, "keep mine" (saved over the disk's, with its digest
// as the new base) or "take the disk's" (mine set aside, to take back while the page is open). Leaving the page
// (reload, close, a link) while there is unsaved work asks first (beforeunload), but for the language switch.
// A field with findings says so to screen readers too: aria-invalid (an error) and its findings in its
// aria-describedby. A new record's fields its template left empty are listed as fields to fill in, not as
// errors, until they are touched or a save is tried (the check's "fresh" and "touched"; its "to_fill").
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("ed-config").textContent);
  var W = cfg.words, F = cfg.fields, H = cfg.help || {}, KH = cfg.kind_help || {}, KL = cfg.kind_labels || {}, schema = cfg.schema;
  var CH = cfg.choices || {}, CF = CH.fields || {}, CK = CH.kinds || {};  // the words of the menus' values
  var root = cfg.root, path = cfg.path, base = cfg.base, isNew = !!cfg.new;
  var formBox = document.getElementById("ed-form"), rawArea = document.getElementById("ed-raw");
  var rawBox = document.getElementById("ed-raw-box"), toggle = document.getElementById("ed-mode");
  var findingsList = document.getElementById("ed-findings"), summary = document.getElementById("ed-summary");
  var status = document.getElementById("ed-status"), img = document.getElementById("ed-preview");
  var note = document.getElementById("ed-preview-note"), issues = document.getElementById("ed-issues");
  var saveButton = document.getElementById("ed-save"), message = document.getElementById("ed-message");
  var breaksBox = document.getElementById("ed-breaks"), conflictBox = document.getElementById("ed-conflict");
  var model = null, mode = "form", uid = 0, dirty = false;
  var touched = {}, saveTried = false;  // a new record: the fields changed (JSON pointers); a save was tried
  var conflict = null, aside = null;  // the file on disk a save was refused for ({text, base}); mine set aside
  var LONG = /(^|\/)(text|win|flavor|summary|draw_phase|printed_text|rulings)(\/|$)/;  // prose: a textarea

  function word(key, fields) {
    var text = W[key] || key;
    Object.keys(fields || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fields[k])); });
    return text;
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "class") node.className = attrs[k];
      else if (attrs[k] !== undefined && attrs[k] !== null && attrs[k] !== false) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }
  function nextId() { uid += 1; return "ed-f" + uid; }
  function rich(text) {  // a help text: its `backquoted` parts are codes
    return String(text).split("`").map(function (part, i) { return i % 2 ? el("code", { text: part }) : part; });
  }
  function helpBox(text, id) { return el("div", { class: "ed-help", id: id }, rich(text)); }
  function escapePointer(key) { return String(key).replace(/~/g, "~0").replace(/\//g, "~1"); }

  // ------------------------------------------------------------ JSON text
  function sorted(value) {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === "object") {
      var out = {};
      Object.keys(value).sort().forEach(function (k) { if (value[k] !== undefined) out[k] = sorted(value[k]); });
      return out;
    }
    return value;
  }
  function canonical(value) { return JSON.stringify(sorted(value), null, 2) + "\n"; }
  function currentText() { return mode === "raw" ? rawArea.value : canonical(model); }

  // ------------------------------------------------------------ schema helpers
  function deref(node) {
    var guard = 0;
    while (node && node.$ref && guard < 20) {
      var name = node.$ref.split("/").pop(), rest = {};
      Object.keys(node).forEach(function (k) { if (k !== "$ref") rest[k] = node[k]; });
      node = Object.assign({}, (schema.$defs || {})[name] || {}, rest);
      guard += 1;
    }
    return node || {};
  }
  function unwrap(node) { // anyOf [X, null] -> X, nullable
    node = deref(node);
    if (node.anyOf) {
      var options = node.anyOf.filter(function (o) { return o.type !== "null"; });
      if (options.length === 1) {
        var inner = deref(options[0]);
        return { node: Object.assign({}, inner, { title: node.title || inner.title, description: node.description || inner.description }), nullable: options.length < node.anyOf.length };
      }
    }
    return { node: node, nullable: false };
  }
  function branch(node, value) { // a discriminated union: the branch chosen by the value's discriminator
    var prop = node.discriminator.propertyName, mapping = node.discriminator.mapping, keys = Object.keys(mapping).sort();
    var chosen = value && typeof value === "object" && mapping[value[prop]] ? value[prop] : keys[0];
    return { prop: prop, keys: keys, chosen: chosen, node: deref({ $ref: mapping[chosen] }) };
  }
  function blank(node, depth) {
    var u = unwrap(node); node = u.node; depth = depth || 0;
    if (depth > 8) return undefined;
    if (node.const !== undefined) return node.const;
    if (node.default !== undefined && node.default !== null) return JSON.parse(JSON.stringify(node.default));
    if (u.nullable) return undefined;
    if (node.enum) return node.enum[0];
    if (node.oneOf && node.discriminator) {
      var b = branch(node, null), v = blank(b.node, depth + 1) || {};
      v[b.prop] = b.chosen;
      return v;
    }
    if (node.type === "object") {
      var out = {};
      (node.required || []).forEach(function (k) { var p = (node.properties || {})[k]; if (p) out[k] = blank(p, depth + 1); });
      return out;
    }
    if (node.type === "array") return [];
    if (node.type === "string") return "";
    if (node.type === "integer" || node.type === "number") return node.minimum || 0;
    if (node.type === "boolean") return false;
    return undefined;
  }
  function label(key, pointer) {  // a field's label: its kind's own at ``pointer`` (an agent's "vision/side"), else by name
    if (typeof key === "number") return "#" + (key + 1);
    if (typeof key === "object" && key) return key.text;  // an item: "Text #2"
    return (typeof key === "string" && ofKind(KL, pointer)) || F[key] || key;
  }
  function isCode(name) { return !!(name && typeof name === "object" && name.code); }  // a free key of a map
  function keysOf(pointer) {  // the JSON keys of ``pointer``, without list indexes: ["reading", "status"]
    return pointer.split("/").slice(1).filter(function (p) { return !/^\d+$/.test(p); })
      .map(function (p) { return p.replace(/~1/g, "/").replace(/~0/g, "~"); });
  }
  function ofKind(table, pointer) {  // the entry of ``table`` (by "game/kind", then path) for the field at ``pointer``
    if (typeof pointer !== "string" || !model || typeof model !== "object") return null;
    var own = table[model.game + "/" + model.kind];
    return own ? own[keysOf(pointer).join("/")] || null : null;
  }
  function kindHelp(pointer) { return ofKind(KH, pointer); }  // the help of the field in this kind of record, if any
  function helpOf(key, pointer) {  // a field's help: its kind's own (a card's "status"), else by its name
    return kindHelp(pointer) || (typeof key === "string" ? H[key] || null : null);
  }
  function choiceWord(pointer, value) {  // a menu's value in the page's words (the value sent stays the id); null: none
    var keys = keysOf(pointer), words = ofKind(CK, pointer) || CF[keys[keys.length - 1]] || {};
    return Object.prototype.hasOwnProperty.call(words, String(value)) ? words[String(value)] : null;
  }
  function option(pointer, value, sent) {  // an <option> sending ``sent``: the value's word, else the value as it is
    var shown = choiceWord(pointer, value);
    return el("option", { value: sent, text: shown === null ? String(value) : shown, translate: shown === null ? "no" : null });
  }
  function itemName(name, i) {  // the name of the i-th item of the list ``name``: an object, not a JSON key
    return { text: typeof name === "string" || (name && name.text) ? word("item", { label: label(name), n: i + 1 }) : "#" + (i + 1), code: isCode(name) };
  }
  function isNames(node) {
    var props = node.properties ? Object.keys(node.properties).sort().join(",") : "";
    return props === "en,zh-Hans";
  }

  // ------------------------------------------------------------ the form
  // Each renderer gets (node, value, pointer, name, required, set) and returns an element; set(v) stores v
  // in the parent (undefined removes the key) and schedules a check.
  function field(pointer, labelFor, name, control, help, extra) {
    var children = [el("label", { for: labelFor, text: label(name, pointer), translate: isCode(name) ? "no" : null })];
    children.push(control);
    if (help) children.push(helpBox(help, labelFor + "-help"));
    (extra || []).forEach(function (e) { children.push(e); });
    children.push(el("ul", { class: "ed-errs", id: labelFor + "-errs", "aria-live": "polite" }));
    if (help) control.setAttribute("aria-describedby", labelFor + "-help");
    touches(control, pointer);
    return el("div", { class: "ed-field", "data-pointer": pointer }, children);
  }
  function touches(control, pointer) {  // a change of ``control`` touches the field at ``pointer``
    function mark() { touched[pointer] = true; }
    control.addEventListener("input", mark);
    control.addEventListener("change", mark);
  }

  function renderNode(node, value, pointer, name, required, set) {
    var u = unwrap(node);
    node = u.node;
    if (node.oneOf && node.discriminator) return renderUnion(node, value, pointer, name, set);
    if (node.const !== undefined) {
      var cid = nextId();
      if (value === undefined) set(node.const, true);
      return field(pointer, cid, name, el("input", { type: "text", id: cid, value: String(node.const), readonly: true, class: "ed-const", translate: "no" }), helpOf(name, pointer));
    }
    if (node.enum) return renderEnum(node, value, pointer, name, required && !u.nullable, set);
    var type = node.type;
    if (type === "boolean") {
      var bid = nextId(), box = el("input", { type: "checkbox", id: bid });
      box.checked = !!value;
      touches(box, pointer);
      box.addEventListener("change", function () { set(box.checked); });
      var wrap = el("div", { class: "ed-field ed-check", "data-pointer": pointer }, [el("label", { class: "check", for: bid, translate: isCode(name) ? "no" : null }, [box, " " + label(name, pointer)])]);
      if (helpOf(name, pointer)) wrap.appendChild(helpBox(helpOf(name, pointer)));
      wrap.appendChild(el("ul", { class: "ed-errs" }));
      return wrap;
    }
    if (type === "integer" || type === "number") {
      var nid = nextId(), num = el("input", { type: "number", id: nid, step: type === "integer" ? "1" : "any", min: node.minimum, max: node.maximum, inputmode: "numeric" });
      num.value = value === undefined || value === null ? "" : String(value);
      num.addEventListener("input", function () {
        if (num.value.trim() === "") { set(undefined); return; }
        var n = Number(num.value);
        set(isFinite(n) ? n : num.value);
      });
      return field(pointer, nid, name, num, helpOf(name, pointer));
    }
    if (type === "string") {
      var sid = nextId(), long = LONG.test(pointer);
      var input = long ? el("textarea", { id: sid, rows: "2", class: "ed-text" }) : el("input", { type: "text", id: sid });
      input.value = value === undefined || value === null ? "" : String(value);
      input.addEventListener("input", function () {
        set(input.value === "" && (!required || u.nullable) ? undefined : input.value);
      });
      return field(pointer, sid, name, input, helpOf(name, pointer));
    }
    if (type === "array") return renderArray(node, value, pointer, name, required && !u.nullable, set, u.nullable);
    if (type === "object") {
      if (value === undefined || value === null) {
        if (required && !u.nullable) { value = blank(node); set(value, true); }
        else return renderAbsent(node, pointer, name, set);
      }
      if (node.properties) return renderObject(node, value, pointer, name, set, !required || u.nullable);
      var valueNode = mapValues(node);
      if (valueNode) return renderMap(node, valueNode, value, pointer, name, set);
    }
    return renderJson(node, value, pointer, name, set);
  }

  function renderEnum(node, value, pointer, name, required, set) {
    var id = nextId(), select = el("select", { id: id });  // each value's word (cfg.choices); it sends the JSON value
    if (!required || value === undefined) select.appendChild(el("option", { value: "", text: "—" }));
    node.enum.forEach(function (v) { var o = option(pointer, v, JSON.stringify(v)); if (v === value) o.selected = true; select.appendChild(o); });
    select.addEventListener("change", function () { set(select.value === "" ? undefined : JSON.parse(select.value)); });
    return field(pointer, id, name, select, helpOf(name, pointer));
  }

  function renderAbsent(node, pointer, name, set) {
    var button = el("button", { type: "button", class: "small secondary", text: word("add_field", { name: label(name, pointer) }) });
    button.addEventListener("click", function () { touched[pointer] = true; set(blank(node) || {}); rebuild(); });
    var box = el("div", { class: "ed-field ed-absent", "data-pointer": pointer }, [button]);
    if (helpOf(name, pointer)) box.appendChild(helpBox(helpOf(name, pointer)));
    box.appendChild(el("ul", { class: "ed-errs" }));
    return box;
  }

  function removeButton(text, onClick) {
    var b = el("button", { type: "button", class: "small secondary", text: text });
    b.addEventListener("click", onClick);
    return b;
  }

  function renderObject(node, value, pointer, name, set, removable) {
    var props = node.properties || {}, required = node.required || [];
    var keys = Object.keys(props);
    var first = keys.filter(function (k) { return required.indexOf(k) >= 0 && k !== "$schema"; });
    var rest = keys.filter(function (k) { return required.indexOf(k) < 0 && k !== "$schema"; });
    var legend = el("legend", { text: pointer === "" ? word("record") : label(name, pointer), translate: isCode(name) ? "no" : null });
    var set_ = el("fieldset", { class: "ed-object" + (isNames(node) ? " ed-names" : ""), "data-pointer": pointer }, [legend]);
    if (helpOf(name, pointer) && pointer !== "") set_.appendChild(helpBox(helpOf(name, pointer)));
    set_.appendChild(el("ul", { class: "ed-errs" }));
    var grid = el("div", { class: "ed-grid" });
    first.concat(rest).concat(keys.indexOf("$schema") >= 0 ? ["$schema"] : []).forEach(function (k) {
      grid.appendChild(renderNode(props[k], value[k], pointer + "/" + escapePointer(k), k, required.indexOf(k) >= 0, function (v, quiet) {
        if (v === undefined) delete value[k]; else value[k] = v;
        if (!quiet) changed();
      }));
    });
    set_.appendChild(grid);
    if (removable && pointer !== "") set_.appendChild(removeButton(word("remove_field", { name: label(name, pointer) }), function () { set(undefined); rebuild(); }));
    return set_;
  }

  function renderUnion(node, value, pointer, name, set) {
    if (!value || typeof value !== "object") { value = blank(node); set(value, true); }
    var b = branch(node, value);
    if (value[b.prop] !== b.chosen) value[b.prop] = b.chosen;
    var body = Object.assign({}, b.node, { properties: Object.assign({}, b.node.properties) });
    delete body.properties[b.prop];
    var id = nextId(), select = el("select", { id: id }), where = pointer + "/" + escapePointer(b.prop);
    b.keys.forEach(function (k) { var o = option(where, k, k); if (k === b.chosen) o.selected = true; select.appendChild(o); });
    select.addEventListener("change", function () {
      var next = deref({ $ref: node.discriminator.mapping[select.value] });
      value[b.prop] = select.value;
      (next.required || []).forEach(function (k) { if (value[k] === undefined && next.properties[k]) value[k] = blank(next.properties[k]); });
      Object.keys(value).forEach(function (k) { if (!(k in (next.properties || {}))) delete value[k]; });
      changed(); rebuild();
    });
    var picker = field(where, id, b.prop, select, helpOf(b.prop, where));
    var inner = renderObject(body, value, pointer, name, set, false);
    inner.insertBefore(picker, inner.querySelector(".ed-grid"));
    return inner;
  }

  function renderArray(node, value, pointer, name, required, set, nullable) {
    if (!Array.isArray(value)) {
      if (value === undefined || value === null) { value = []; if (required) set(value, true); }
      else return renderJson(node, value, pointer, name, set);
    }
    var items = node.items || {};
    var box = el("fieldset", { class: "ed-array", "data-pointer": pointer }, [el("legend", { text: label(name), translate: isCode(name) ? "no" : null })]);
    if (helpOf(name, pointer)) box.appendChild(helpBox(helpOf(name, pointer)));
    box.appendChild(el("ul", { class: "ed-errs" }));
    var list = el("ol", { class: "ed-items" });
    value.forEach(function (item, i) {
      var row = el("li", { class: "ed-item" });
      var what = itemName(name, i);
      row.appendChild(renderNode(items, item, pointer + "/" + i, what, true, function (v, quiet) {
        value[i] = v; if (!quiet) changed();
      }));
      var tools = el("div", { class: "ed-tools" });
      what = what.text;
      if (i > 0) tools.appendChild(removeButton("↑", function () { touched[pointer] = true; value.splice(i - 1, 0, value.splice(i, 1)[0]); changed(); rebuild(); }));
      if (i < value.length - 1) tools.appendChild(removeButton("↓", function () { touched[pointer] = true; value.splice(i + 1, 0, value.splice(i, 1)[0]); changed(); rebuild(); }));
      tools.appendChild(removeButton(word("remove"), function () { touched[pointer] = true; value.splice(i, 1); changed(); rebuild(); }));
      tools.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-label", b.textContent === "↑" ? word("up", { what: what }) : b.textContent === "↓" ? word("down", { what: what }) : word("remove_item", { what: what })); });
      row.appendChild(tools);
      list.appendChild(row);
    });
    box.appendChild(list);
    var add = removeButton(word("add_item", { name: label(name) }), function () {
      touched[pointer] = true;
      if (value.length === 0 && !required) set(value, true);
      var b = blank(items);
      value.push(b === undefined ? "" : b); changed(); rebuild();
      var fields = document.querySelectorAll('[data-pointer="' + pointer + "/" + (value.length - 1) + '"] input, [data-pointer="' + pointer + "/" + (value.length - 1) + '"] textarea, [data-pointer="' + pointer + "/" + (value.length - 1) + '"] select');
      if (fields.length) fields[0].focus();
    });
    add.classList.add("ed-add");
    box.appendChild(add);
    return box;
  }

  function mapValues(node) { // an object of free keys: additionalProperties, or one patternProperties schema
    if (node.additionalProperties && typeof node.additionalProperties === "object") return node.additionalProperties;
    var patterns = node.patternProperties ? Object.keys(node.patternProperties) : [];
    return patterns.length === 1 ? node.patternProperties[patterns[0]] : null;
  }

  function renderMap(node, valueNode, value, pointer, name, set) {
    var box = el("fieldset", { class: "ed-map", "data-pointer": pointer }, [el("legend", { text: label(name), translate: isCode(name) ? "no" : null })]);
    if (helpOf(name, pointer)) box.appendChild(helpBox(helpOf(name, pointer)));
    box.appendChild(el("ul", { class: "ed-errs" }));
    Object.keys(value).forEach(function (k) {
      var kid = nextId(), keyInput = el("input", { type: "text", id: kid, value: k, class: "ed-key", translate: "no" });
      var row = el("div", { class: "ed-map-row" }, [el("label", { for: kid, class: "ed-vh", text: word("key") }), keyInput]);
      row.appendChild(renderNode(valueNode, value[k], pointer + "/" + escapePointer(k), { text: k, code: true }, true, function (v, quiet) { value[k] = v; if (!quiet) changed(); }));
      row.appendChild(removeButton(word("remove"), function () { delete value[k]; changed(); rebuild(); }));
      keyInput.addEventListener("change", function () {
        var nk = keyInput.value.trim();
        if (nk && nk !== k && !(nk in value)) { value[nk] = value[k]; delete value[k]; changed(); rebuild(); }
      });
      box.appendChild(row);
    });
    box.appendChild(removeButton(word("add_entry"), function () {
      var k = "new", n = 1; while (value[k] !== undefined) { n += 1; k = "new" + n; }
      value[k] = blank(valueNode); changed(); rebuild();
    }));
    return box;
  }

  function renderJson(node, value, pointer, name, set) {
    var id = nextId(), area = el("textarea", { id: id, rows: "4", class: "ed-json" });
    area.value = value === undefined ? "" : JSON.stringify(value, null, 2);
    var bad = el("div", { class: "ed-local error", hidden: true, text: word("json_invalid") });
    area.addEventListener("input", function () {
      if (area.value.trim() === "") { bad.hidden = true; set(undefined); return; }
      try { var v = JSON.parse(area.value); bad.hidden = true; set(v); } catch (e) { bad.hidden = false; }
    });
    return field(pointer, id, { text: word("as_json", { label: label(name) }), code: isCode(name) }, area, helpOf(name, pointer), [bad]);
  }

  function rootNode() {
    if (!schema) return null;
    return schema;
  }

  function rebuild() {
    var scroll = window.scrollY;
    formBox.textContent = "";
    uid = 0;
    var node = rootNode();
    if (!node || !model || typeof model !== "object" || Array.isArray(model)) {
      formBox.appendChild(el("p", { class: "muted", text: word("form_unavailable") }));
      return;
    }
    formBox.appendChild(renderNode(node, model, "", word("record"), true, function () { changed(); }));
    markFindings(lastFindings);
    window.scrollTo(0, scroll);
  }

  // ------------------------------------------------------------ modes
  function setMode(next) {
    if (next === mode) return;
    if (next === "raw") {
      rawArea.value = canonical(model);
      formBox.hidden = true; rawBox.hidden = false;
    } else {
      var parsed;
      try { parsed = JSON.parse(rawArea.value); } catch (e) { showMessage(word("raw_invalid"), "error"); toggle.checked = true; return; }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { showMessage(word("raw_invalid"), "error"); toggle.checked = true; return; }
      model = parsed; rebuild();
      formBox.hidden = false; rawBox.hidden = true;
    }
    mode = next;
    toggle.checked = next === "raw";
    check();
  }

  // ------------------------------------------------------------ lint and preview
  var timer = null, seq = 0, controller = null, lastFindings = [], lastTodo = [];
  function changed() {
    dirty = true;
    if (conflict) refreshDiff();
    status.textContent = word("checking");
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  }
  function check() {
    clearTimeout(timer);
    seq += 1;
    var mine = seq;
    if (controller) controller.abort();
    controller = window.AbortController ? new AbortController() : null;
    status.textContent = word("checking");
    fetch(cfg.check, {
      method: "POST", credentials: "same-origin", signal: controller ? controller.signal : undefined,
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": window.dossier ? window.dossier.csrf() : "" },
      body: JSON.stringify({ root: root, path: path, text: currentText(), canonical: mode === "form", preview: true, lang: cfg.lang,
        fresh: isNew && !saveTried, touched: Object.keys(touched) })
    }).then(function (r) { return r.json().then(function (d) { return { ok: r.ok, status: r.status, data: d }; }); })
      .then(function (res) {
        if (mine !== seq) return;
        if (!res.ok) { status.textContent = ""; showMessage(typeof res.data.detail === "string" ? res.data.detail : word("failed", { status: res.status }), "error"); return; }
        if (res.data.note) showMessage(res.data.note, "error");  // the card pool did not load after a save
        showFindings(res.data.findings, res.data);
        showPreview(res.data.preview);
        status.textContent = "";
      }).catch(function (e) { if (e && e.name === "AbortError") return; status.textContent = word("check_failed"); });
  }
  function summaryText(findings, todo) {
    var e = 0, w = 0, t = (todo || []).length;
    findings.forEach(function (f) { if (f.severity === "error") e += 1; else w += 1; });
    if (!e && !w && !t) return { text: word("no_findings"), cls: "summary legal" };
    var parts = [];
    if (e) parts.push(word(e === 1 ? "one_error" : "n_errors", { n: e }));
    if (w) parts.push(word(w === 1 ? "one_warning" : "n_warnings", { n: w }));
    if (t) parts.push(word(t === 1 ? "one_to_fill" : "n_to_fill", { n: t }));
    return { text: parts.join(word("sep")), cls: "summary " + (e ? "illegal" : t ? "todo" : "legal") };
  }
  function showFindings(findings, result) {
    lastFindings = findings || [];
    lastTodo = (result && result.to_fill) || [];
    var s = summaryText(lastFindings, lastTodo);
    summary.textContent = s.text; summary.className = s.cls;
    findingsList.textContent = "";
    lastFindings.forEach(function (f) {
      // an ability text error says where it is in the text field itself (f.where ""), not in the record file
      var where = typeof f.where === "string" ? f.where : f.line ? word("line_col", { line: f.line, column: f.column || 1 }) : "";
      var button = el("button", { type: "button", class: "ed-finding-go" }, [
        el("span", { class: "ed-sev", text: word(f.severity === "warning" ? "warning" : "error") }), " ", el("code", { text: f.code }), " ",
        where ? el("span", { class: "muted small", text: where + " " }) : null,
        el("span", { class: "ed-msg", text: f.message.split("\n")[0] }),
        f.message.indexOf("\n") >= 0 ? el("pre", { class: "ed-caret", text: f.message.split("\n").slice(1).join("\n") }) : null
      ]);
      button.addEventListener("click", function () { goTo(f); });
      var all = f.alternatives && f.alternatives.length > 5 ? el("details", { class: "ed-alts" }, [
        el("summary", { text: word("alternatives", { n: f.alternatives.length }) }),
        el("span", { translate: "no", lang: "zh-Hans", text: f.alternatives.join(" · ") })
      ]) : null;
      findingsList.appendChild(el("li", { class: f.severity }, [button, all]));
    });
    lastTodo.forEach(function (t) {  // a field the new record's template left empty: to fill in, not an error yet
      var go = el("button", { type: "button", class: "ed-finding-go" }, [el("span", { class: "ed-msg", text: t.message })]);
      go.addEventListener("click", function () { goTo(t); });
      findingsList.appendChild(el("li", { class: "todo" }, [go]));
    });
    ((result || {}).others || []).forEach(function (f) { findingsList.appendChild(otherFinding(f)); });
    var more = (result || {}).others_more || 0;
    if (more) findingsList.appendChild(el("li", { class: "ed-other muted", text: word(more === 1 ? "one_more_other" : "n_more_others", { n: more }) }));
    showBreaks((result || {}).breaks || savedBreaks);
    markFindings(lastFindings);
    saveButton.setAttribute("aria-describedby", "ed-summary");
  }
  function recordLink(file, url) {  // another record: opened in a new tab, so this page keeps its unsaved work
    if (!url) return el("code", { text: file, translate: "no" });
    return el("a", { href: url, target: "_blank", rel: "noopener", class: "ed-other-file" }, [
      el("code", { text: file, translate: "no" }), el("span", { class: "ed-vh", text: " " + word("new_tab") })
    ]);
  }
  function otherFinding(f) {  // a finding of another record that names this one: its file first
    var where = f.line ? word("line_col", { line: f.line, column: f.column || 1 }) : "";
    return el("li", { class: f.severity + " ed-other" }, [
      recordLink(f.file, f.url), " ",
      el("span", { class: "ed-sev", text: word(f.severity === "warning" ? "warning" : "error") }), " ", el("code", { text: f.code }), " ",
      where ? el("span", { class: "muted small", text: where + " " }) : null,
      el("span", { class: "ed-msg", text: f.message.split("\n")[0] })
    ]);
  }
  var savedBreaks = null, shownBreaks = "";  // what the last save broke: said until the next save
  function showBreaks(breaks) {
    var key = breaks ? JSON.stringify(breaks) : "";
    if (key === shownBreaks) return;  // (the same words are not announced again at each check)
    shownBreaks = key;
    breaksBox.textContent = "";
    breaksBox.hidden = !breaks;
    if (!breaks) return;
    breaksBox.appendChild(el("p", { text: breaks.message }));
    var items = breaks.records.map(function (r) { return el("li", {}, [recordLink(r.file, r.url)]); });
    if (breaks.more) items.push(el("li", { class: "muted", text: word(breaks.more === 1 ? "one_more_record" : "n_more_records", { n: breaks.more }) }));
    breaksBox.appendChild(el("ul", {}, items));
  }
  // each field with findings: its class (.ed-bad; .ed-todo for a field to fill in), its findings in its list,
  // and for screen readers that list in the aria-describedby of its control (of its fieldset for a group) and,
  // for an error, aria-invalid on its control
  var described = [], errsUid = 0;
  function describe(node, id, on) {
    var ids = (node.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (x) { return x && x !== id; });
    if (on) ids.push(id);
    if (ids.length) node.setAttribute("aria-describedby", ids.join(" ")); else node.removeAttribute("aria-describedby");
  }
  function controlOf(host) {  // the control of a field (none for a group: its fieldset is described)
    if (host.tagName === "FIELDSET") return null;
    return host.querySelector(":scope > input, :scope > select, :scope > textarea, :scope > label > input, :scope > button");
  }
  function markFindings(findings) {
    formBox.querySelectorAll(".ed-bad, .ed-todo").forEach(function (n) { n.classList.remove("ed-bad"); n.classList.remove("ed-todo"); });
    formBox.querySelectorAll(".ed-errs").forEach(function (n) { n.textContent = ""; });
    described.forEach(function (d) { if (d[1]) describe(d[0], d[1], false); d[0].removeAttribute("aria-invalid"); });
    described = [];
    var marked = [];
    function mark(pointer, cls, item, invalid) {
      var host = holder(pointer);
      if (!host) return;
      host.classList.add(cls);
      var list = host.querySelector(":scope > .ed-errs");
      if (list) list.appendChild(item);
      var node = controlOf(host) || host;
      if (invalid && node !== host) node.setAttribute("aria-invalid", "true");
      if (marked.indexOf(node) < 0) {
        if (list && !list.id) { errsUid += 1; list.id = "ed-errs-" + errsUid; }
        if (list) describe(node, list.id, true);
        described.push([node, list ? list.id : null]);
        marked.push(node);
      }
    }
    (findings || []).forEach(function (f) {
      mark(f.pointer, "ed-bad", el("li", { class: f.severity, text: f.message.split("\n")[0] }), f.severity === "error");
    });
    (lastTodo || []).forEach(function (t) { mark(t.pointer, "ed-todo", el("li", { class: "todo", text: word("to_fill_here") }), false); });
  }
  function holder(pointer) {
    if (pointer === null || pointer === undefined) pointer = "";
    var p = pointer;
    while (true) {
      var found = formBox.querySelector('[data-pointer="' + p.replace(/"/g, '\\"') + '"]');
      if (found) return found;
      if (p === "") return null;
      p = p.slice(0, p.lastIndexOf("/"));
    }
  }
  function goTo(f) {
    if (mode === "raw") {
      if (!f.line) { rawArea.focus(); return; }
      var lines = rawArea.value.split("\n"), offset = 0;
      for (var i = 0; i < f.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
      offset += Math.max(0, (f.column || 1) - 1);
      rawArea.focus(); rawArea.setSelectionRange(offset, offset);
      return;
    }
    var host = holder(f.pointer);
    if (host) {
      var control = host.querySelector("input, select, textarea, button");
      host.scrollIntoView({ block: "center" });
      if (control) control.focus();
      if (control && typeof f.text_offset === "number" && control.setSelectionRange && control.value.length >= f.text_offset) {
        control.setSelectionRange(f.text_offset, Math.min(control.value.length, f.text_offset + 1));  // the error's character
      }
    }
  }
  function shownName() {  // the edited record's name in the page's language (else the other one, else its id)
    var data = mode === "raw" ? parsed(rawArea.value) : model, names = data && typeof data === "object" && data.name;
    var each = [cfg.lang === "en-XA" ? "en" : cfg.lang, "zh-Hans", "en"];  // (the pseudo-locale's names are English)
    for (var i = 0; names && typeof names === "object" && i < each.length; i++) {
      if (typeof names[each[i]] === "string" && names[each[i]].trim()) return names[each[i]].trim().split(/\s+/).join(" ");
    }
    return data && typeof data.id === "string" && data.id ? data.id : null;
  }
  function showPreview(p) {
    issues.textContent = "";
    var name = shownName();
    if (name) img.alt = word("preview_alt", { name: name });  // (the name as it is now: the edit may rename it)
    if (!p) { note.textContent = word("preview_invalid"); note.hidden = false; return; }
    if (p.image) { img.src = p.image; img.hidden = false; note.hidden = true; }
    else { img.hidden = true; note.textContent = p.note || ""; note.hidden = false; }
    (p.issues || []).forEach(function (i) { issues.appendChild(el("li", { class: i.severity }, [el("code", { text: i.code }), " " + i.message])); });
  }

  // ------------------------------------------------------------ saving
  function showMessage(text, kind) {
    message.textContent = text;
    message.className = "message" + (kind ? " " + kind : "");
    message.hidden = !text;
  }
  function save() {
    saveButton.disabled = true;
    saveTried = true;  // the fields still to fill in are errors from now on (the save's findings say them)
    showMessage(word("saving"), "");
    fetch(cfg.save, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": window.dossier ? window.dossier.csrf() : "" },
      body: JSON.stringify({ root: root, path: path, text: currentText(), base: base, new: isNew, lang: cfg.lang })
    }).then(function (r) { return r.json().then(function (d) { return { status: r.status, data: d }; }); })
      .then(function (res) {
        saveButton.disabled = false;
        var d = res.data || {};
        if (res.status === 200 && d.saved) {
          base = d.base; dirty = false; conflict = null; savedBreaks = d.breaks || null;
          if (isNew) { isNew = false; if (window.history && d.url) history.replaceState(null, "", d.url); }
          var said = d.message + (d.note ? " " + d.note : "") + (d.breaks ? " " + d.breaks.message : "");
          showMessage(said, d.note ? "error" : d.breaks ? "warning" : "ok");
          if (mode === "raw") rawArea.value = d.text;
          else reloadSaved(d.text);
          showFindings(d.findings || [], d);
          showConflict();
          return;
        }
        var detail = typeof d.detail === "string" ? d.detail : word("failed", { status: res.status });
        showMessage(detail, "error");
        if (d.findings) showFindings(d.findings, d);
        if (res.status === 409 && d.conflict) { conflict = d.conflict; aside = null; showConflict(true); }
      }).catch(function () { saveButton.disabled = false; showMessage(word("save_failed"), "error"); });
  }

  function reloadSaved(text) {  // the form shows what the save wrote when it differs (fmt's "$schema" step)
    var saved = parsed(text);
    if (saved === undefined || JSON.stringify(sorted(saved)) === JSON.stringify(sorted(model))) return;
    model = saved;
    rebuild();
  }

  // ------------------------------------------------------------ the file changed on disk since it was opened
  function parsed(text) { try { return JSON.parse(text); } catch (e) { return undefined; } }
  function differences(diskText, mineText) {  // [{keys, disk, mine}] of the fields that differ; null: not JSON
    var disk = parsed(diskText), mine = parsed(mineText), out = [];
    if (disk === undefined || mine === undefined) return null;
    (function walk(a, b, keys) {
      if (JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))) return;
      if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
        var names = Array.isArray(a)
          ? Array.apply(null, { length: Math.max(a.length, b.length) }).map(function (_, i) { return i; })
          : Object.keys(Object.assign({}, a, b)).sort();
        names.forEach(function (k) { walk(a[k], b[k], keys.concat([k])); });
        return;
      }
      out.push({ keys: keys, disk: a, mine: b });
    })(disk, mine, []);
    return out;
  }
  function fieldName(keys) {  // "Text #2", "Name › zh-Hans"
    var parts = [];
    keys.forEach(function (k) {
      if (typeof k === "number" && parts.length) parts[parts.length - 1] = word("item", { label: parts[parts.length - 1], n: k + 1 });
      else parts.push(typeof k === "number" ? "#" + (k + 1) : label(k));
    });
    return parts.length ? parts.join(" › ") : word("whole_record");
  }
  function shownValue(v) {
    if (v === undefined) return el("span", { class: "muted", text: word("absent") });
    return el("span", { class: "ed-val", translate: "no", text: typeof v === "string" ? v : JSON.stringify(v, null, 1) });
  }
  function diffTable() {
    var rows = differences(conflict.text, currentText());
    if (rows === null) rows = [{ keys: [], disk: conflict.text, mine: currentText() }];  // compared as text
    if (!rows.length) return el("p", { class: "muted", text: word("same_record") });
    var body = el("tbody", {}, rows.map(function (r) {
      return el("tr", {}, [el("th", { scope: "row", text: fieldName(r.keys) }), el("td", {}, [shownValue(r.disk)]), el("td", {}, [shownValue(r.mine)])]);
    }));
    return el("table", { class: "ed-diff" }, [
      el("caption", { text: word("diff_caption", { n: rows.length }) }),
      el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: word("diff_field") }), el("th", { scope: "col", text: word("diff_disk") }), el("th", { scope: "col", text: word("diff_mine") })])]),
      body
    ]);
  }
  function conflictButton(id, text, onClick, secondary) {
    var b = el("button", { type: "button", id: id, class: secondary ? "secondary" : null, text: text });
    b.addEventListener("click", onClick);
    return b;
  }
  // the panel: the choice while a save is refused for a change on disk; after "take the disk's", the way back
  function showConflict(focus) {
    conflictBox.textContent = "";
    conflictBox.hidden = !conflict && !aside;
    if (conflictBox.hidden) return;
    var heading = el("h2", { id: "ed-conflict-h", tabindex: "-1", text: word(conflict ? "conflict_title" : "aside_title") });
    conflictBox.appendChild(heading);
    if (conflict) {
      conflictBox.appendChild(el("p", { text: word("conflict_say", { file: path }) }));
      var diff = el("details", { id: "ed-diff" }, [el("summary", { text: word("see_difference") }), el("div", { id: "ed-diff-body" })]);
      diff.addEventListener("toggle", function () { if (diff.open) refreshDiff(); });
      conflictBox.appendChild(diff);
      conflictBox.appendChild(el("div", { class: "ed-choices" }, [
        conflictButton("ed-keep-mine", word("keep_mine"), keepMine),
        conflictButton("ed-take-disk", word("take_disk"), takeDisk, true)
      ]));
    } else {
      conflictBox.appendChild(el("p", { text: word("aside_say") }));
      conflictBox.appendChild(el("div", { class: "ed-choices" }, [
        conflictButton("ed-back-mine", word("back_to_mine"), backToMine),
        conflictButton("ed-aside-close", word("close"), function () { aside = null; showConflict(); saveButton.focus(); }, true)
      ]));
    }
    if (focus) { conflictBox.scrollIntoView({ block: "nearest" }); heading.focus(); }
  }
  function refreshDiff() {
    var box = document.getElementById("ed-diff-body");
    if (!box || !conflict) return;
    box.textContent = "";
    box.appendChild(diffTable());
  }
  function keepMine() {  // save over the disk's: its digest is the base now
    base = conflict.base; isNew = false; conflict = null; aside = null;
    showConflict();
    save();
  }
  function takeDisk() {  // the form shows the file on disk; mine is set aside, to take back
    aside = { text: currentText(), mode: mode };
    base = conflict.base; isNew = false;
    load(conflict.text, mode);
    conflict = null; dirty = false;
    showMessage("", "");
    showConflict(true);
    check();
  }
  function backToMine() {  // the version set aside, over the disk's (saving it is "keep mine")
    load(aside.text, aside.mode);
    aside = null; dirty = true;
    showConflict();
    saveButton.focus();
    check();
  }

  // ------------------------------------------------------------ the language switch keeps unsaved work
  // (and a refused save's choice: the file on disk, or my version set aside)
  var KEPT = "editor:" + (cfg.new ? "new:" : "") + root + ":" + path;
  var switching = false;  // the language switch kept the unsaved work for the reload: leaving asks nothing then
  window.addEventListener("dossier:lang-switch", function () {
    if ((dirty || conflict || aside) && window.dossier) {
      window.dossier.keep(KEPT, { text: currentText(), mode: mode, base: base, isNew: isNew, dirty: dirty, conflict: conflict, aside: aside,
        touched: touched, saveTried: saveTried });
      switching = true;
    }
  });
  // ------------------------------------------------------------ leaving with unsaved work asks first
  // (a reload, closing the tab, a link of the page): the browser's own question, while there is an unsaved edit,
  // a refused save's choice or a version set aside; a successful save clears it (dirty false)
  window.addEventListener("beforeunload", function (e) {
    if (switching || !(dirty || conflict || aside)) return undefined;
    e.preventDefault();
    e.returnValue = "";  // (the browsers that ask only when it is set)
    return "";
  });
  var kept = window.dossier ? window.dossier.kept(KEPT) : null;
  if (kept && typeof kept.text === "string") {
    cfg.text = kept.text; base = kept.base; isNew = !!kept.isNew; dirty = kept.dirty !== false;
    conflict = kept.conflict || null; aside = kept.aside || null;
    touched = kept.touched && typeof kept.touched === "object" ? kept.touched : {}; saveTried = !!kept.saveTried;
  }

  // ------------------------------------------------------------ start
  function load(text, wanted) {  // the record ``text`` in the form (or, ``wanted`` "raw" or no form for it, as JSON)
    try { model = JSON.parse(text); } catch (e) { model = null; }
    rawArea.value = text;
    if (!schema || !model || typeof model !== "object" || Array.isArray(model) || wanted === "raw") {
      mode = "raw"; toggle.checked = true; toggle.disabled = !schema;
      formBox.hidden = true; rawBox.hidden = false;
    } else {
      mode = "form"; toggle.checked = false;
      rebuild();
      formBox.hidden = false; rawBox.hidden = true;
    }
  }
  rawArea.addEventListener("input", changed);
  toggle.addEventListener("change", function () { setMode(toggle.checked ? "raw" : "form"); });
  saveButton.addEventListener("click", save);
  document.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && (e.key === "s" || e.key === "S")) { e.preventDefault(); save(); }
  });
  load(cfg.text, kept ? kept.mode : null);
  showConflict();
  document.getElementById("ed-root").setAttribute("data-ready", "1");
  check();
})();
