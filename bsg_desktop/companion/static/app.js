// The seat's page: shows the frames the table sends and sends back one chosen option.
// No game logic lives here: every text and every legal choice comes in the frame.
"use strict";

const base = location.pathname.replace(/\/+$/, "");
const $ = (id) => document.getElementById(id);
let ws = null;
let strings = {};
let art = {};
let state = null;
let retry = 0;
let ended = false;     // taken over or closed by the table: do not reconnect
let busy = false;      // a choice is on its way: no second tap until the next frame
let selected = new Set();
let hidden = false;
let timer = null;
let watchdog = null;   // after a wake-up: a socket that does not answer a ping is dead

const t = (key) => strings[key] || key;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function picture(key, label, cls) {
  // die faces come from the table's own art, as SVG (see frames.art_catalog)
  const box = el("span", { class: "die static " + (cls || ""), role: "img", "aria-label": label });
  if (art[key]) box.innerHTML = art[key];
  else box.textContent = label;
  return box;
}

function banner(text, bad) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
  b.classList.toggle("bad", !!bad);
}

function setOnline(on) {
  document.body.classList.toggle("online", on);
  document.body.classList.toggle("offline", !on);
  document.body.classList.remove("connecting");
}

function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
}

function choose(choice) {
  if (busy || !state) return;
  busy = true;
  document.querySelectorAll("#decision button").forEach((b) => (b.disabled = true));
  send({ type: "choose", seq: state.seq, choice: choice });
}

// ------------------------------------------------------------------ rendering
function renderDecision(d) {
  const box = $("decision");
  box.replaceChildren();
  if (state.rolled) box.append(renderRolled(state.rolled));
  if (state.outcome) {
    box.append(el("h2", { text: t("game_over") }), el("p", { class: "outcome", text: state.outcome }));
    return;
  }
  if (!d) {
    box.append(el("h2", { text: t("waiting") }), el("p", { class: "sentence", text: state.waiting || "" }));
    if (state.undo) box.append(undoButton());
    return;
  }
  box.append(el("h2", { text: t("decision") }), el("p", { class: "sentence", text: d.sentence }),
             el("div", { class: "rule", text: d.rule || "" }));
  const opts = el("div", { class: "options" });
  if (d.dice) {
    const sets = d.sets || {};
    const sizes = new Set(Object.keys(sets).map((k) => k.split(",").length));
    const single = sizes.size === 1 && sizes.has(1);
    const row = el("div", { class: "dice" });
    const go = el("button", { type: "button", id: "contribute", text: t("contribute") });
    const key = () => [...selected].sort((a, b) => a - b).join(",");
    const refresh = () => { go.disabled = !(key() in sets); };
    selected = new Set([...selected].filter((id) => d.dice.some((x) => x.id === id)));
    for (const die of d.dice) {
      const b = el("button", { type: "button", class: "die", "data-die": String(die.id),
                               "aria-label": die.label,
                               "aria-pressed": String(selected.has(die.id)) });
      if (art[die.art]) b.innerHTML = art[die.art]; else b.textContent = die.label;
      b.addEventListener("click", () => {
        if (single) { choose(sets[String(die.id)]); return; }
        if (selected.has(die.id)) selected.delete(die.id); else selected.add(die.id);
        b.setAttribute("aria-pressed", String(selected.has(die.id)));
        refresh();
      });
      row.append(b);
    }
    box.append(el("div", { class: "muted", text: t("select") }), row);
    if (!single) {
      go.addEventListener("click", () => { if (key() in sets) choose(sets[key()]); });
      refresh();
      opts.append(go);
    }
  }
  if (d.faces) {
    const row = el("div", { class: "dice" });
    for (const f of d.faces) {
      const b = el("button", { type: "button", class: "die face", "data-choice": f.choice,
                               "aria-label": f.label, onclick: () => choose(f.choice) });
      if (art[f.art]) b.innerHTML = art[f.art]; else b.textContent = f.label;
      row.append(b);
    }
    box.append(row);
  }
  for (const o of d.options) {
    if (d.dice && o.choice.startsWith("contribute")) continue;
    if (d.faces && o.choice.startsWith("crisis")) continue;
    opts.append(el("button", { type: "button", "data-choice": o.choice, text: o.label,
                               onclick: () => choose(o.choice) }));
  }
  box.append(opts);
  if (state.undo) box.append(undoButton());
}

function renderRolled(r) {
  // dice the game put in for this seat without asking: shown until the seat decides again
  const row = el("div", { class: "dice" });
  for (const d of r.dice) row.append(picture(d.art, d.label));
  return el("div", { id: "rolled", class: "rolled" }, el("h2", { text: t("rolled") }), row,
            el("p", { class: "sentence", text: r.text }));
}

function undoButton() {
  return el("div", { class: "options" }, el("button", {
    type: "button", id: "undo", class: "secondary", text: t("undo"),
    onclick: () => { if (!busy) { busy = true; send({ type: "undo", seq: state.seq }); } },
  }));
}

function renderSecrets(me) {
  const box = $("secrets");
  box.replaceChildren(el("h2", { text: t("loyalty") }));
  const cards = el("div", { class: "loyalty" });
  for (const c of me.loyalty) {
    // the card as the art draws it (the same face the window and the printed pack show)
    const pic = el("div", { class: "card-art", role: "img", "aria-label": c.text });
    pic.innerHTML = c.svg;
    cards.append(el("figure", { class: "loyalty-card" + (c.cylon ? " cylon" : "") }, pic,
                    el("figcaption", { class: "card-face" + (c.cylon ? " cylon" : ""), text: c.text })));
  }
  box.append(cards);
  for (const k of me.known) box.append(el("p", { class: "muted", text: k }));
  box.append(el("h2", { class: "spaced", text: t("dice") }));
  const row = el("div", { class: "dice" });
  for (const d of me.dice) {
    const label = (d.label ? d.label + " · " : "") + t("state_" + d.state);
    if (d.art) row.append(picture(d.art, label, d.state === "active" ? "" : "gone"));
    else row.append(el("span", { class: "chip", text: label }));
  }
  box.append(row);
}

function renderTable(tb) {
  const box = $("table");
  box.replaceChildren(el("h2", { text: t("table") }));
  const dl = el("dl");
  const row = (k, v) => dl.append(el("dt", { text: k }), el("dd", { text: v }));
  box.append(el("p", { class: "sentence", text: tb.turn }), el("div", { class: "muted", text: tb.jump }),
             el("div", { class: "muted", text: tb.dradis }));
  if (tb.jump_bonus) box.append(el("div", { class: "muted", text: tb.jump_bonus }));
  row(t("damage"), tb.damage.length ? tb.damage.join(", ") : t("none"));
  row(t("demoralized"), tb.demoralized.length ? tb.demoralized.join(", ") : t("none"));
  if (tb.crisis) {
    const dd = el("dd", { class: "crisis" });
    if (tb.crisis.art && art[tb.crisis.art]) dd.append(picture(tb.crisis.art, tb.crisis.text));
    dd.append(el("span", { text: tb.crisis.text }));
    dl.append(el("dt", { text: t("crisis") }), dd);
  }
  box.append(dl);
  if (tb.check) {
    const c = el("div", { id: "check" }, el("p", { class: "sentence", text: tb.check.text }));
    const dice = el("div", { class: "dice" });
    for (const d of tb.check.dice) dice.append(picture(d.art, d.who + ": " + d.label, d.counts ? "" : "gone"));
    c.append(dice);
    box.append(c);
  }
  for (const s of tb.seats) {
    const div = el("div", { class: "seat" + (s.deciding ? " deciding" : "") },
                   el("span", { class: "name", text: s.name }));
    for (const tag of s.tags) div.append(" ", el("span", { class: "chip", text: tag }));
    div.append(el("div", { class: "muted", text: s.dice }));
    box.append(div);
  }
}

function renderLog(lines) {
  const box = $("log");
  const list = el("ol");
  for (const line of lines) list.append(el("li", { text: line }));
  box.replaceChildren(el("h2", { text: t("log") }), list);
  list.scrollTop = list.scrollHeight;
}

function render() {
  if (!state) return;
  document.documentElement.lang = state.lang;
  $("who").textContent = state.me.name;
  document.title = state.me.name + " — BSG: Express";
  renderDecision(state.decision);
  renderSecrets(state.me);
  renderTable(state.table);
  renderLog(state.log);
}

function applyStrings(msg) {
  strings = msg.strings;
  const sel = $("lang");
  sel.replaceChildren();
  for (const [code, name] of Object.entries(msg.languages)) {
    const o = el("option", { value: code, text: name });
    if (code === msg.lang) o.selected = true;
    sel.append(o);
  }
  sel.setAttribute("aria-label", t("language"));
  $("hide").textContent = t("hide");
  $("show").textContent = t("show");
  $("show").setAttribute("aria-label", t("hidden"));
}

// ----------------------------------------------------------------- connection
function onMessage(ev) {
  clearTimeout(watchdog);
  let msg;
  try { msg = JSON.parse(ev.data); } catch (e) { return; }
  if (msg.type === "art") { art = msg.faces; render(); }
  else if (msg.type === "strings") { applyStrings(msg); render(); }
  else if (msg.type === "state") {
    state = msg; busy = false; banner(""); render();
  } else if (msg.type === "error") {
    busy = false; banner(msg.message, true);
    document.querySelectorAll("#decision button").forEach((b) => (b.disabled = false));
  } else if (msg.type === "taken_over") {
    ended = true; banner(t("taken_over"), true); setOnline(false);
  }
}

function connect() {
  if (ended || (ws && ws.readyState <= WebSocket.OPEN)) return;
  clearTimeout(timer);
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + base + "/ws");
  ws.onopen = () => { retry = 0; setOnline(true); banner(""); };
  ws.onmessage = onMessage;
  ws.onclose = (ev) => {
    setOnline(false);
    busy = false;
    // 4001: another device took this seat over; 1008: the table closed this seat
    if (ev.code === 4001 || ev.code === 1008) ended = true;
    if (ended) {
      banner(ev.code === 4001 ? t("taken_over") : t("closed"), true);
      return;
    }
    banner(strings.reconnecting ? t("reconnecting") : "…", true);
    retry = Math.min(retry + 1, 6);
    timer = setTimeout(connect, 250 * 2 ** retry);  // 0.5 s, 1 s, ... 16 s
  };
}

function setHidden(on) {
  hidden = on;
  $("cover").hidden = !on;
}

$("hide").addEventListener("click", () => setHidden(true));
$("show").addEventListener("click", () => setHidden(false));
$("lang").addEventListener("change", (e) => send({ type: "lang", lang: e.target.value }));
// a phone that wakes or comes back to the page reconnects at once, not after the backoff;
// a socket that still looks open after a sleep is asked for a pong and dropped if silent
function wake() {
  if (document.hidden || ended) return;
  if (ws && ws.readyState === WebSocket.OPEN) {
    send({ type: "ping" });
    clearTimeout(watchdog);
    watchdog = setTimeout(() => ws.close(), 3000);
  } else {
    connect();
  }
}
document.addEventListener("visibilitychange", wake);
window.addEventListener("online", connect);
window.addEventListener("pageshow", connect);
connect();
