// The seat's page: shows the frames the table sends and sends back one chosen option.
// No game logic lives here: every text and every legal choice comes in the frame.
"use strict";

const $ = (id) => document.getElementById(id);
let ws = null;
let strings = {};
let art = {};
let cardFaces = {};    // every loyalty card's face (the frame names the seat's own)
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
    pic.innerHTML = cardFaces[c.art] || "";
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
// What a frame asks of the page; the transport below hands it every frame opened.
function receive(msg) {
  if (msg.type === "art") { art = msg.faces; render(); }
  else if (msg.type === "cards") { cardFaces = msg.faces; render(); }
  else if (msg.type === "strings") { applyStrings(msg); render(); }
  else if (msg.type === "state") {
    state = msg; busy = false; banner(""); render();
  } else if (msg.type === "error") {
    busy = false; banner(msg.message, true);
    document.querySelectorAll("#decision button").forEach((b) => (b.disabled = false));
  } else if (msg.type === "welcome") {
    keepDevice(msg.device);
  } else if (msg.type === "taken_over") {
    ended = true; banner(t("taken_over"), true); setOnline(false);
  } else if (msg.type === "refused" || msg.type === "moved") {
    ended = true; banner(msg.message, true); setOnline(false);
  }
}

// ------------------------------------------------------------------ transport
// The seat's key is the link's fragment, which the browser never sends. The server
// opens each socket with a challenge; both ends make this connection's two keys
// from it and the seat key, and every frame both ways is sealed (NaCl secretbox,
// tweetnacl-js) and padded to a fixed size (see companion/seal.py). The first
// frame is the proof, carrying the device secret this seat gave this browser.
const CONTEXT = new TextEncoder().encode("bsg-express companion 1");
const HELLO = "BSG1";
const UP_SIZE = 1024;
const seatKey = readKey();
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const deviceSlot = seatKey ? "bsg-device-" + hex(nacl.hash(seatKey)).slice(0, 32) : "";
let channel = null;  // this connection's keys and frame numbers, once challenged

function readKey() {
  try {
    const b64 = location.hash.slice(1).replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const key = Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
    return key.length === 32 ? key : null;
  } catch (e) { return null; }
}

function storedDevice() {
  try { return localStorage.getItem(deviceSlot) || sessionStorage.getItem(deviceSlot) || ""; }
  catch (e) { return ""; }
}

function keepDevice(secret) {
  try { localStorage.setItem(deviceSlot, secret); } catch (e) {
    try { sessionStorage.setItem(deviceSlot, secret); } catch (e2) { /* kept for this page only */ }
  }
}

function nonce(n) {
  const b = new Uint8Array(24);
  for (let i = 23; n > 0; i--) { b[i] = n % 256; n = Math.floor(n / 256); }
  return b;
}

function seal(text) {
  const data = new TextEncoder().encode(text);
  if (data.length + 4 > UP_SIZE) return null;
  const padded = new Uint8Array(UP_SIZE);
  new DataView(padded.buffer).setUint32(0, data.length);
  padded.set(data, 4);
  return nacl.secretbox(padded, nonce(channel.sent++), channel.up);
}

function unseal(bytes) {
  const padded = nacl.secretbox.open(bytes, nonce(channel.received), channel.down);
  if (!padded) return null;
  channel.received++;
  const n = new DataView(padded.buffer, padded.byteOffset).getUint32(0);
  return JSON.parse(new TextDecoder().decode(padded.subarray(4, 4 + n)));
}

function send(obj) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !channel) return;
  const box = seal(JSON.stringify(obj));
  if (box) ws.send(box);
}

function onFrame(ev) {
  clearTimeout(watchdog);
  if (!(ev.data instanceof ArrayBuffer)) return;
  const bytes = new Uint8Array(ev.data);
  if (!channel) {  // the challenge
    if (bytes.length !== 36 || String.fromCharCode(...bytes.subarray(0, 4)) !== HELLO) {
      ws.close(); return;
    }
    const both = new Uint8Array(CONTEXT.length + 64);
    both.set(CONTEXT); both.set(seatKey, CONTEXT.length); both.set(bytes.subarray(4), CONTEXT.length + 32);
    const h = nacl.hash(both);
    channel = { down: h.subarray(0, 32), up: h.subarray(32), sent: 0, received: 0 };
    send({ type: "hello", device: storedDevice() });
    return;
  }
  let msg = null;
  try { msg = unseal(bytes); } catch (e) { msg = null; }
  if (!msg) { ws.close(); return; }
  receive(msg);
}

function connect() {
  if (ended || !seatKey || (ws && ws.readyState <= WebSocket.OPEN)) return;
  clearTimeout(timer);
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  channel = null;
  ws = new WebSocket(proto + location.host + "/ws");
  ws.binaryType = "arraybuffer";
  ws.onopen = () => { retry = 0; setOnline(true); banner(""); };
  ws.onmessage = onFrame;
  ws.onclose = (ev) => {
    setOnline(false);
    busy = false;
    channel = null;
    // 4001: this seat opened again on this device; 4002: its phone was changed at the
    // table; 4003: another device holds this seat; 1008: the table closed this seat
    if ([4001, 4002, 4003, 1008].includes(ev.code)) ended = true;
    if (ended) {
      if (ev.code === 4001) banner(t("taken_over"), true);
      else if (ev.code === 1008) banner(t("closed"), true);
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
