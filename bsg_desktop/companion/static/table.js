// The table page: the public board, drawn from the frames the game sends. It sends
// nothing but pings; every text comes in the frame, and no frame holds a secret.
"use strict";

const base = location.pathname.replace(/\/+$/, "");
const $ = (id) => document.getElementById(id);
const COLOURS = { end: "#e0b93a", reveal: "#e05a4f", jump: "#5aa0ff", brig: "#e0912b",
                  failed: "#e05a4f", averted: "#47d16c", roll: "#c9d3dc" };
const MOMENT_MS = 900;  // as long as the window's moments (ui.moments.MOMENT_MS)
let ws = null;
let strings = {};
let art = {};
let state = null;
let retry = 0;
let closed = false;
let momentAt = null;   // the move whose moment was played last
let momentTimer = null;

const t = (key) => strings[key] || key;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function picture(key, label, cls) {
  // die faces come from the game's own art, as SVG (frames.art_catalog)
  const box = el("span", { class: "die " + (cls || ""), role: "img", "aria-label": label,
                           title: label });
  if (art[key]) box.innerHTML = art[key];
  else box.textContent = label;
  return box;
}

function notice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

function renderNow() {
  const box = $("now");
  box.replaceChildren(el("h2", { text: state.outcome ? t("game_over") : t("now") }));
  if (state.outcome) box.append(el("p", { class: "outcome", text: state.outcome }));
  else box.append(el("p", { class: "sentence", text: state.sentence || "" }),
                  el("div", { class: "rule", text: state.rule || "" }));
  for (const r of state.rolls || []) {
    const dice = el("div", { class: "dice" });
    for (const d of r.dice) dice.append(picture(d.art, d.label));
    box.append(el("div", { class: "roll" }, el("b", { text: r.title }), dice,
                  el("div", { text: r.text })));
  }
}

function renderLesson() {
  const box = $("lesson");
  const le = state.lesson;
  box.hidden = !le;
  if (!le) return;
  box.replaceChildren(el("h2", { text: t("lesson") }),
                      el("p", { class: "lesson-title", text: le.title }),
                      el("p", { class: "narration", text: le.narration || "" }));
}

function renderBoard() {
  const tb = state.table;
  const box = $("board");
  box.replaceChildren(el("h2", { text: t("board") }), el("div", { class: "row", text: tb.jump }),
                      el("div", { class: "row", text: tb.dradis }));
  if (tb.jump_bonus) box.append(el("div", { class: "row", text: tb.jump_bonus }));
  box.append(el("div", { class: "row" }, el("span", { class: "label", text: t("damage") + ": " }),
                el("span", { text: tb.damage.length ? tb.damage.join(", ") : t("none") })));
  box.append(el("div", { class: "row" },
                el("span", { class: "label", text: t("demoralized") + ": " }),
                el("span", { text: tb.demoralized.length ? tb.demoralized.join(", ") : t("none") })));
  if (tb.crisis) {
    const row = el("div", { class: "dice" });
    if (tb.crisis.art) row.append(picture(tb.crisis.art, tb.crisis.text, "crisis"));
    row.append(el("span", { text: tb.crisis.text }));
    box.append(el("h2", { text: t("crisis") }), row);
  }
  if (tb.check) {
    const dice = el("div", { class: "dice" });
    for (const d of tb.check.dice) {
      const face = picture(d.art, d.label + " · " + d.who, d.counts ? "" : "off");
      dice.append(el("span", {}, face, el("span", { class: "who", text: d.who })));
    }
    box.append(el("h2", { text: t("check") }), el("div", { text: tb.check.text }), dice);
  }
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren(el("h2", { text: t("seats") }));
  for (const s of state.table.seats) {
    const cls = "seat" + (s.active ? " active" : "") + (s.deciding ? " deciding" : "");
    const row = el("div", { class: cls }, el("div", { class: "name", text: s.name }));
    const tags = el("div");
    for (const tag of s.tags) tags.append(el("span", { class: "chip", text: tag }));
    row.append(tags, el("div", { class: "dice-line", text: s.dice }));
    box.append(row);
  }
}

function renderLog() {
  const list = el("ol");
  for (const line of state.log) list.append(el("li", { text: line }));
  $("log").replaceChildren(el("h2", { text: t("log") }), list);
  $("log").scrollTop = $("log").scrollHeight;
}

function renderItems() {
  const list = $("items");
  list.setAttribute("aria-label", t("board"));
  list.replaceChildren(...state.items.map((it) => el("li", { text: it.name })));
}

function playMoment() {
  const m = state.moment;
  if (!m || m.at === momentAt) return;
  const first = momentAt === null;
  momentAt = m.at;
  if (first) return;  // a page that just opened shows no moment from before it came
  const box = $("moment");
  box.style.borderColor = COLOURS[m.kind] || COLOURS.end;
  const head = el("div", { class: "headline", text: m.headline });
  head.style.color = COLOURS[m.kind] || COLOURS.end;
  box.replaceChildren(head);
  if (m.line && m.line.trim() !== m.headline.trim()) {
    box.append(el("div", { class: "line", text: m.line }));
  }
  box.hidden = false;
  box.style.animation = "none";
  void box.offsetWidth;  // restart the fade for a moment right after another
  box.style.animation = "";
  clearTimeout(momentTimer);
  momentTimer = setTimeout(() => { box.hidden = true; }, MOMENT_MS);
}

function render() {
  if (!state) return;
  $("turn").textContent = state.table.turn;
  renderNow();
  renderLesson();
  renderBoard();
  renderSeats();
  renderLog();
  renderItems();
  playMoment();
  document.body.dataset.seq = String(state.seq);
}

function applyStrings(msg) {
  strings = msg.strings || {};
  document.documentElement.lang = msg.lang || "en";
  document.title = t("title");
  $("title").textContent = t("title");
  $("public").textContent = t("no_secrets");
  render();
}

function onMessage(ev) {
  let msg;
  try { msg = JSON.parse(ev.data); } catch (e) { return; }
  if (msg.type === "art") { art = msg.faces || {}; render(); }
  else if (msg.type === "strings") applyStrings(msg);
  else if (msg.type === "table") { state = msg; render(); }
}

function setOnline(on) {
  document.body.classList.toggle("online", on);
  document.body.classList.toggle("offline", !on);
  document.body.classList.remove("connecting");
}

function connect() {
  if (closed || (ws && ws.readyState <= WebSocket.OPEN)) return;
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + base + "/ws");
  ws.onopen = () => { retry = 0; setOnline(true); notice(""); };
  ws.onmessage = onMessage;
  ws.onclose = (ev) => {
    setOnline(false);
    if (ev.code === 1008) { closed = true; notice(t("closed")); return; }
    notice(t("reconnecting"));
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 500 * retry);
  };
}


connect();
