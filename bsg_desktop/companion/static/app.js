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
let selectedFor = null; // the frame (seq) the selection was made on: never carried to another
let loyaltyShown = false; // loyalty is behind a tap: a neighbour's glance finds nothing
let hidden = false;
let timer = null;
let watchdog = null;   // a socket that does not answer a ping in time is dead
const drawn = {};      // section -> what it was last drawn from: unchanged sections stay
let drawnWith = 0;     // counts new texts and art: then every section is drawn again
let hadDecision = false;
let pageLang = "";     // the seat's language, once the table said it
let joined = false;    // a state frame came: the link works
let asking = false;    // this device waits for the host to let it have the seat

// ------------------------------------------------------------------ endings
// Why a page cannot join or has ended, in every language (the server lays them into the
// page: before the table answers nothing sealed can be read). Said in the seat's language
// once it is known, else in every language.
const ENDINGS = (() => {
  try { return JSON.parse($("endings").textContent) || {}; } catch (e) { return {}; }
})();
// the close codes the table ends a page with (companion/server.py)
const CLOSE_ENDINGS = { 4001: "taken_over", 4002: "moved", 4003: "wrong", 4004: "stopped",
                        4005: "new_game", 4006: "at_table", 4007: "declined", 1008: "closed" };
const BUSY = 4008;       // another device's claim waits for the host: this page asks again
const BUSY_MS = 5000;
const CHECK_MS = 10000;  // a link not answered in this long: the page says so (and keeps trying)
let checkTimer = null;

function say(kind, message, lang) {
  // the ending's words in the ending card: the table's own, or the page's in every language
  const langs = pageLang && ENDINGS[pageLang] ? [pageLang] : Object.keys(ENDINGS);
  const lines = message ? [[lang || pageLang || "", message]]
    : langs.map((l) => [l, (ENDINGS[l] || {})[kind]]).filter(([, w]) => w);
  if (!lines.length) lines.push(["", kind]);  // never a page without words
  const box = $("ending");
  box.replaceChildren(...lines.map(([l, w]) => el("p", l ? { lang: l, text: w } : { text: w })));
  box.dataset.kind = kind;
  box.hidden = false;
}

function finish(kind, message, lang) {
  // the page has ended: it says why, shows nothing more of the seat and offers no button
  if (ended) return;
  ended = true;
  clearTimeout(deliveryTimer);
  unanswered = null;
  busy = true;
  clearTimeout(timer);
  clearTimeout(checkTimer);
  heard();
  const dead = ws;
  ws = null;
  channel = null;
  if (dead) {
    dead.onopen = dead.onmessage = dead.onclose = null;
    try { dead.close(); } catch (e) { /* already closing */ }
  }
  setOnline(false);
  state = null;
  for (const id of ["decision", "secrets", "table", "log", "claim"]) $(id).replaceChildren();
  $("claim").hidden = true;
  asking = false;
  for (const k of Object.keys(drawn)) delete drawn[k];
  logLines = [];
  banner("");
  $("lang").disabled = true;
  $("prefs").hidden = true;
  $("hide").hidden = true;
  setHidden(false);
  document.title = "BSG: Express";
  document.body.classList.add("ended");
  board.end();
  say(kind, message, lang);
}

function checking() {
  // a link on its way to the table: said at once, and what to do if it never answers
  say("checking");
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => { if (!joined && !ended) say("no_answer"); }, CHECK_MS);
}

function joinedNow() {
  if (joined) return;
  joined = true;
  clearTimeout(checkTimer);
  $("ending").hidden = true;
  $("ending").replaceChildren();
}

function askHost(msg) {
  // the link works, but this device has nothing of the seat until the host lets it in:
  // it shows its code, to be held up beside the invite dialog (the table's words, in the
  // seat's language, as the frame says them)
  asking = true;
  clearTimeout(checkTimer);
  keepDevice(msg.device);
  $("ending").hidden = true;
  $("ending").replaceChildren();
  if (msg.lang && document.documentElement.lang !== msg.lang) document.documentElement.lang = msg.lang;
  const box = $("claim");
  box.replaceChildren(el("h2", { text: msg.title || "" }),
                      el("div", { class: "code", text: msg.code || "" }),
                      el("p", { text: msg.message || "" }));
  box.lang = msg.lang || "";
  box.hidden = false;
}

function admitted() {
  // the host let this device in: the code goes, the seat's frames follow
  asking = false;
  $("claim").hidden = true;
  $("claim").replaceChildren();
}


const t = (key) => strings[key] || key;

// what a decision puts at stake: a lighter paragraph of its own under the question
// (none when there is nothing to add), spread into the parts appended
function stakes(text) {
  return text ? [el("p", { class: "stakes", text })] : [];
}

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

// Die faces come from the table's own art, as SVG (see frames.art_catalog). Each is
// shown as an image of its SVG, not as inline SVG: a die is then one element for the
// page's style and layout work instead of dozens, and the browser decodes each face once.
let artUrls = {};
let artUrlsFor = null;

function face(box, key, label) {
  // box shows the face ``key``, or its words where the art has no such face
  if (!art[key]) { box.textContent = label; return box; }
  if (artUrlsFor !== art) { artUrls = {}; artUrlsFor = art; }
  const url = artUrls[key] ||
    (artUrls[key] = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(art[key]));
  box.append(el("img", { src: url, alt: "", draggable: "false" }));
  return box;
}

function picture(key, label, cls) {
  return face(el("span", { class: "die static " + (cls || ""), role: "img", "aria-label": label }),
              key, label);
}

function banner(text, bad) {
  // said on every frame: the page is touched only when the words change
  const b = $("banner");
  setText(b, text || "");
  if (b.hidden !== !text) b.hidden = !text;
  b.classList.toggle("bad", !!bad);
}

function setOnline(on) {
  document.body.classList.toggle("online", on);
  document.body.classList.toggle("offline", !on);
  document.body.classList.remove("connecting");
}

function enableChoices(on) {
  if (ended) on = false;  // an ended page never offers a choice again
  document.querySelectorAll("#decision button").forEach((b) => (b.disabled = !on));
}

// ------------------------------------------------------------------ delivery
// A choice stays "unanswered" until a frame with another number (it acted) or an error
// (refused) comes back. After a reconnect the table's frame tells: the same number means
// it never arrived, so it is sent again with that number (the table refuses it as stale
// if the game moved on meanwhile); no answer in DELIVERY_MS and the player is told.
const DELIVERY_MS = 12000;
let unanswered = null;
let deliveryTimer = null;
let notice = "";       // "did not reach the table": kept in sight while reconnecting
let fresh = false;     // the next state frame is the first on this connection

function choose(choice) {
  if (busy || !state || ended) return;
  busy = true;
  notice = "";
  enableChoices(false);
  unanswered = { type: "choose", seq: state.seq, choice: choice };
  send(unanswered);
  clearTimeout(deliveryTimer);
  deliveryTimer = setTimeout(notDelivered, DELIVERY_MS);
}

function answered() {
  unanswered = null;
  clearTimeout(deliveryTimer);
}

function notDelivered() {
  if (!unanswered || ended) return;
  answered();
  busy = false;
  notice = t("not_delivered");
  banner(notice, true);
  enableChoices(true);
}

function onState(msg) {
  // a state frame as the delivery layer sees it (before it is drawn)
  const first = fresh;
  fresh = false;
  if (!unanswered) return;
  if (msg.seq !== unanswered.seq) answered();
  else if (first) send(unanswered);
}

// ------------------------------------------------------------------ rendering
const REVEAL = "a9:";  // a Cylon's reveal: the choice's verb (engine/actions.py, A9)

function renderDecision(d) {
  const box = $("decision");
  box.replaceChildren();
  // the game's end comes first: a last roll the game put in is said under it
  if (state.rolled && !state.outcome) box.append(renderRolled(state.rolled));
  if (state.own && !loyaltyShown) {
    // this seat's new loyalty card, behind the loyalty's own tap: the same box whatever
    // the card, so a neighbour's glance learns nothing from its words or its colour
    box.append(el("div", { id: "own", class: "own sealed" }, el("h2", { text: t("own_new") }),
                  el("button", { type: "button", class: "secondary", text: t("loyalty_show"),
                                 onclick: () => { loyaltyShown = true; render(); } })));
  } else if (state.own) {
    // what the new card made this seat, said to it alone: "You are now a Cylon"
    box.append(el("div", { id: "own", class: "own" + (state.own.cylon ? " cylon" : "") },
                  el("h2", { text: state.own.headline }), el("p", { text: state.own.line })));
  }
  if (state.outcome) {
    box.append(el("h2", { text: t("game_over") }), el("p", { class: "outcome", text: state.outcome }));
    if (state.verdict) {
      box.append(el("div", { id: "verdict", class: "own" + (state.verdict.won ? "" : " cylon") },
                    el("h2", { text: state.verdict.headline }),
                    el("p", { text: state.verdict.line })));
    }
    if (state.rolled) box.append(renderRolled(state.rolled));
    return;
  }
  if (!d) {
    box.append(el("h2", { text: t("waiting") }), el("p", { class: "sentence", text: state.waiting || "" }),
               ...stakes(state.waiting_stakes));
    if (state.undo) box.append(undoButton());
    return;
  }
  box.append(el("h2", { class: "ask", text: t("decision") }),
             el("p", { class: "sentence", text: d.sentence }), ...stakes(d.stakes),
             ruleCode(d.rule_note, d.rule));
  const opts = el("div", { class: "options" });
  if (d.dice) {
    const sets = d.sets || {};
    const sizes = new Set(Object.keys(sets).map((k) => k.split(",").length));
    const single = sizes.size === 1 && sizes.has(1);
    const row = el("div", { class: "dice" });
    const go = el("button", { type: "button", id: "contribute", text: t("contribute") });
    const key = () => [...selected].sort((a, b) => a - b).join(",");
    const refresh = () => { go.disabled = !(key() in sets); };
    if (selectedFor !== state.seq) { selected = new Set(); selectedFor = state.seq; }
    for (const die of d.dice) {
      const b = el("button", { type: "button", class: "die", "data-die": String(die.id),
                               "aria-label": die.label,
                               "aria-pressed": String(selected.has(die.id)) });
      face(b, die.art, die.label);
      b.addEventListener("click", () => {
        // as the hint says: a tap selects (one die at most where one is asked for), and
        // the Contribute button puts the selection in
        const was = selected.has(die.id);
        if (single) selected.clear();
        if (was) selected.delete(die.id); else selected.add(die.id);
        row.querySelectorAll("button[data-die]").forEach((x) => x.setAttribute(
          "aria-pressed", String(selected.has(Number(x.dataset.die)))));
        refresh();
      });
      row.append(b);
    }
    box.append(el("div", { class: "muted", text: t("select") }), row);
    go.addEventListener("click", () => { if (key() in sets) choose(sets[key()]); });
    refresh();
    opts.append(go);
  }
  if (d.faces) {
    const row = el("div", { class: "dice" });
    for (const f of d.faces) {
      const b = el("button", { type: "button", class: "die face", "data-choice": f.choice,
                               "aria-label": f.label, onclick: () => choose(f.choice) });
      face(b, f.art, f.label);
      row.append(b);
    }
    box.append(row);
  }
  for (const o of d.options) {
    if (d.dice && o.choice.startsWith("contribute")) continue;
    if (d.faces && o.choice.startsWith("crisis")) continue;
    // a hidden Cylon's reveal (A9) names its card: offered once the loyalty is shown, as
    // a glance at the options would otherwise find what "Tap to see your loyalty" hides
    if (o.choice.startsWith(REVEAL) && !loyaltyShown) continue;
    opts.append(el("button", { type: "button", "data-choice": o.choice, text: o.label,
                               onclick: () => choose(o.choice) }));
  }
  box.append(opts);
  if (state.undo) box.append(undoButton());
}

function revealOffered(d) {
  return !!d && d.options.some((o) => o.choice.startsWith(REVEAL));
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
  box.append(el("div", { class: "options" }, el("button", {
    type: "button", id: "reveal", class: "secondary", "aria-expanded": String(loyaltyShown),
    text: loyaltyShown ? t("loyalty_hide") : t("loyalty_show"),
    onclick: () => { loyaltyShown = !loyaltyShown; drawn.secrets = null; render(); },
  })));
  if (loyaltyShown) renderLoyalty(box, me);
  box.append(el("h2", { class: "spaced", text: t("dice") }));
  const row = el("div", { class: "dice" });
  for (const d of me.dice) {
    const label = (d.label ? d.label + " · " : "") + t("state_" + d.state);
    if (d.art) row.append(picture(d.art, label, d.state === "active" ? "" : "gone"));
    else row.append(el("span", { class: "chip", text: label }));
  }
  box.append(row);
}

function renderLoyalty(box, me) {
  const cards = el("div", { id: "loyalty", class: "loyalty" });
  for (const c of me.loyalty) {
    // the card as the art draws it (the same face the window and the printed pack show)
    const pic = el("div", { class: "card-art", role: "img", "aria-label": c.text });
    pic.innerHTML = cardFaces[c.art] || "";
    cards.append(el("figure", { class: "loyalty-card" + (c.cylon ? " cylon" : "") }, pic,
                    el("figcaption", { class: "card-face" + (c.cylon ? " cylon" : ""), text: c.text })));
  }
  box.append(cards);
  for (const k of me.known) box.append(el("p", { class: "muted", text: k }));
}

function renderTable(tb) {
  // The table in parts, each drawn only when it changed: a seat's line changes on
  // almost every move (who decides), the facts and the check much less often.
  const box = $("table");
  if (drawn.tableWith !== drawnWith) {  // the first time, and with new texts or art
    drawn.tableWith = drawnWith;
    box.replaceChildren(el("h2", { text: t("table") }), el("div"), el("div", { id: "check" }),
                        el("div"));
  }
  const [, facts, check, seats] = box.children;
  section("facts", { ...tb, check: null, seats: null }, () => renderFacts(facts, tb));
  section("check", tb.check, () => renderCheck(check, tb.check));
  if (seats.children.length !== tb.seats.length) {
    seats.replaceChildren(...tb.seats.map(() => el("div")));
    tb.seats.forEach((_s, i) => { drawn["seat" + i] = null; });
  }
  tb.seats.forEach((s, i) => section("seat" + i, s, () => seats.children[i].replaceWith(seatLine(s))));
}

function renderFacts(box, tb) {
  const dl = el("dl");
  const row = (k, v) => dl.append(el("dt", { text: k }), el("dd", { text: v }));
  box.replaceChildren(el("p", { class: "sentence", text: tb.turn }),
                      el("div", { class: "muted", text: tb.jump }),
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
}

function renderCheck(box, check) {
  box.replaceChildren();
  if (!check) return;
  const dice = el("div", { class: "dice" });
  for (const d of check.dice) dice.append(picture(d.art, d.who + ": " + d.label, d.counts ? "" : "gone"));
  box.append(el("p", { class: "sentence", text: check.text }), dice);
}

function emblem(key) {
  // a character's emblem beside their name (the table's art; decorative: the name says it)
  const box = el("span", { class: "emblem", "aria-hidden": "true" });
  return art[key] ? face(box, key, "") : box;
}

function seatLine(s) {
  const div = el("div", { class: "seat" + (s.deciding ? " deciding" : "") },
                 emblem(s.art), el("span", { class: "name", text: s.name }));
  for (const tag of s.tags) div.append(" ", el("span", { class: "chip", text: tag }));
  div.append(el("div", { class: "muted", text: s.dice }));
  return div;
}

let logLines = [];

function logDrop(lines) {
  // how many of the lines on screen scrolled out of the frame's newest ones (all of
  // them when the log was rebuilt, as after an undo)
  let drop = 0;
  while (drop < logLines.length &&
         !logLines.slice(drop).every((line, i) => line === lines[i])) drop++;
  return drop;
}

function logPlace(drop) {
  // read before anything on the page changes, so it costs no extra layout: whether the
  // reader is at the end, and the height of the lines about to go above them
  const list = $("log").querySelector("ol");
  if (!list) return { atEnd: true, top: 0, gone: 0 };
  let gone = 0;
  for (let i = 0, li = list.firstElementChild; i < drop && li; i++, li = li.nextElementSibling) {
    gone += li.offsetHeight;
  }
  return { atEnd: list.scrollTop + list.clientHeight >= list.scrollHeight - 8,
           top: list.scrollTop, gone };
}

function renderLog(lines, drop) {
  // The frame carries the newest lines: the ones that scrolled out go, new ones are
  // appended; the scroll position is set in the next animation frame (`render`).
  const box = $("log");
  let list = box.querySelector("ol");
  if (!list || drop === logLines.length && logLines.length) {
    list = el("ol");
    box.replaceChildren(el("h2", { text: t("log") }), list);
    logLines = [];
    drop = 0;
  }
  for (let i = 0; i < drop; i++) list.firstElementChild.remove();
  for (const line of lines.slice(logLines.length - drop)) list.append(el("li", { text: line }));
  logLines = lines;
  return list;
}

function section(name, data, draw) {
  // a section is drawn only when what it shows changed (a cheap phone redraws little)
  const key = drawnWith + "|" + JSON.stringify(data);
  if (drawn[name] === key) return false;
  drawn[name] = key;
  draw();
  return true;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function render() {
  // Reads first, then writes, then what needs the new layout in the next animation
  // frame: one layout per frame, not one per section.
  if (!state) return;
  if (drawn.log !== drawnWith) { drawn.log = drawnWith; logLines = []; $("log").replaceChildren(); }
  const lines = state.log;
  const changed = lines.length !== logLines.length || lines.some((l, i) => l !== logLines[i]);
  const drop = changed ? logDrop(lines) : 0;
  const place = changed ? logPlace(drop) : null;
  if (document.documentElement.lang !== state.lang) document.documentElement.lang = state.lang;
  setText($("who"), state.me.name);
  const mine = $("emblem");  // the seat's character's emblem, once the art is in
  if (mine.dataset.drawn !== state.me.art + "/" + drawnWith) {
    mine.dataset.drawn = state.me.art + "/" + drawnWith;
    mine.replaceChildren();
    if (art[state.me.art]) face(mine, state.me.art, "");
  }
  const d = state.decision;
  const title = (d ? "● " + t("your_turn") + " · " : "") + state.me.name + " — BSG: Express";
  if (document.title !== title) document.title = title;
  const fresh = section("decision", [d, d ? state.seq : 0, state.rolled, state.outcome,
                                     state.waiting, state.waiting_stakes, state.undo, state.own,
                                     state.verdict,
                                     (!!state.own || revealOffered(d)) && loyaltyShown],
                        () => renderDecision(d));
  const me = state.me;
  section("secrets", [me, loyaltyShown], () => renderSecrets(me));
  section("table", state.table, () => renderTable(state.table));
  const list = changed ? renderLog(lines, drop) : null;
  const turn = fresh && d && !hadDecision;
  hadDecision = !!d;
  if (!list && !(fresh && d)) return;
  requestAnimationFrame(() => {
    if (list && place.atEnd) list.scrollTop = list.scrollHeight;
    else if (list && place.gone) list.scrollTop = Math.max(0, place.top - place.gone);
    if (fresh && d) arrived(turn);
  });
}

function arrived(turn) {
  // a new decision is brought into sight, its first option included: on a short
  // (landscape) screen a roll note above it scrolls away rather than the option. A turn
  // that starts also buzzes, once the player has touched the page (a browser refuses a
  // buzz before that, and says so on its console)
  const box = $("decision");
  const top = box.getBoundingClientRect().top;
  const header = document.querySelector("header").getBoundingClientRect().bottom;
  if (top < header || top > window.innerHeight * 0.6) box.scrollIntoView({ block: "start" });
  const first = box.querySelector(".options button, .dice button, button.face");
  const ask = box.querySelector("h2.ask");
  if (first && ask && first.getBoundingClientRect().bottom > window.innerHeight) {
    window.scrollBy(0, ask.getBoundingClientRect().top - header - 6);
  }
  const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
  if (turn && navigator.vibrate && touched) {
    try { navigator.vibrate(200); } catch (e) { /* not allowed here: the title says it */ }
  }
}

function applyStrings(msg) {
  strings = msg.strings;
  pageLang = msg.lang || "";
  if (ended) return;
  const sel = $("lang");
  $("prefs").hidden = false;
  $("hide").hidden = false;
  sel.replaceChildren();
  for (const [code, name] of Object.entries(msg.languages)) {
    const o = el("option", { value: code, text: name });
    if (code === msg.lang) o.selected = true;
    sel.append(o);
  }
  $("langlabel").textContent = t("language");
  $("hide").textContent = t("hide");
  $("show").textContent = t("show");
  $("show").setAttribute("aria-label", t("hidden"));
  board.texts();
}

// ----------------------------------------------------------------- connection
// What a frame asks of the page; the transport below hands it every frame opened.
function receive(msg) {
  if (ended) return;
  if (msg.type === "art_at") loadArt(msg.href);
  else if (msg.type === "board_at") board.at(msg.href);  // board.js: the public board
  else if (msg.type === "art") { art = msg.faces; drawnWith++; render(); }
  else if (msg.type === "cards") { cardFaces = msg.faces; drawnWith++; render(); }
  else if (msg.type === "strings") { applyStrings(msg); drawnWith++; render(); }
  else if (msg.type === "state") {
    joinedNow();
    onState(msg);
    if (!state || msg.seq !== state.seq) notice = "";
    state = msg; busy = !!unanswered; banner(notice, true); render();
  } else if (msg.type === "error") {
    answered();
    busy = false; banner(msg.message, true);
    enableChoices(true);
  } else if (msg.type === "pending") {
    askHost(msg);
  } else if (msg.type === "busy") {
    clearTimeout(checkTimer);
    say("busy", msg.message, msg.lang);
  } else if (msg.type === "welcome") {
    keepDevice(msg.device);
    admitted();
  } else if (msg.type === "taken_over") {
    finish("taken_over", strings.taken_over ? t("taken_over") : "");
  } else if (msg.type === "refused" || msg.type === "moved" || msg.type === "at_table" ||
             msg.type === "declined") {
    finish(msg.type, msg.message, msg.lang);
  }
}

let artHref = "";

function loadArt(href) {
  // the dice art under its content's hash: fetched once, then from the browser's cache
  if (href === artHref || !/^art-[0-9a-f]+\.json$/.test(href)) return;
  artHref = href;
  fetch("/" + href).then((r) => r.json()).then((m) => {
    art = m.faces; drawnWith++; render();
  }).catch(() => { artHref = ""; });  // a later connect names it again
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
  // the one way out: true if the message went, sealed, to an open socket
  if (!ws || ws.readyState !== WebSocket.OPEN || !channel) return false;
  const box = seal(JSON.stringify(obj));
  if (box) ws.send(box);
  return !!box;
}

function onFrame(ev) {
  heard();
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
  const opening = new WebSocket(proto + location.host + "/ws");
  ws = opening;
  ws.binaryType = "arraybuffer";
  ws.onopen = () => { retry = 0; fresh = true; setOnline(true); banner(notice, true); };
  ws.onmessage = onFrame;
  ws.onclose = (ev) => lost(ev.code);
  // a network that swallows the handshake leaves the socket connecting for minutes
  setTimeout(() => {
    if (ws === opening && opening.readyState === WebSocket.CONNECTING) abandon();
  }, OPEN_MS);
}

function lost(code) {
  if (ended) return;
  setOnline(false);
  busy = !!unanswered;  // a choice on its way is sent again once the table answers
  channel = null;
  // an ending the table closed with (`CLOSE_ENDINGS`); its words came before if it had
  // any to say in the seat's language (moved, refused), else the page's own say it
  if (code in CLOSE_ENDINGS) { finish(CLOSE_ENDINGS[code]); return; }
  if (code === BUSY) {
    // another device waits for the host with this link: said (its words came sealed,
    // else the page's own), and asked again in a while, until the host answers it
    clearTimeout(checkTimer);
    if ($("ending").dataset.kind !== "busy" || $("ending").hidden) say("busy");
    timer = setTimeout(connect, BUSY_MS);
    return;
  }
  if (joined) banner([notice, strings.reconnecting ? t("reconnecting") : "…"].join(" ").trim(), true);
  retry = Math.min(retry + 1, 4);
  timer = setTimeout(connect, 250 * 2 ** retry);  // 0.5 s, 1 s, 2 s, then every 4 s
}

// ------------------------------------------------------------------ heartbeat
// A Wi-Fi that drops silently leaves the socket looking open: every PING_MS the page
// asks for a pong, and a socket that says nothing for PONG_MS is given up at once
// (its closing handshake could hang as long as the network is gone) and replaced.
const PING_MS = 5000, PONG_MS = 3000, OPEN_MS = 4000;

function heard() {
  clearTimeout(watchdog);
  watchdog = null;
}

function probe() {
  if (!ws || ws.readyState !== WebSocket.OPEN || watchdog) return;
  send({ type: "ping" });
  watchdog = setTimeout(abandon, PONG_MS);
}

function abandon() {
  heard();
  const dead = ws;
  if (!dead) return;
  dead.onopen = dead.onmessage = dead.onclose = null;
  try { dead.close(); } catch (e) { /* already closing */ }
  ws = null;
  lost(1006);
}

function setHidden(on) {
  hidden = on;
  $("cover").hidden = !on;
}

$("hide").addEventListener("click", () => setHidden(true));
$("show").addEventListener("click", () => setHidden(false));
$("lang").addEventListener("change", (e) => send({ type: "lang", lang: e.target.value }));
// a phone that wakes, comes back to the page or back online reconnects at once, not
// after the backoff; a socket that still looks open is asked for a pong first
function wake() {
  if (document.hidden || ended || !seatKey) return;
  if (ws && ws.readyState === WebSocket.OPEN) probe();
  else if (!ws || ws.readyState !== WebSocket.CONNECTING) { retry = 0; connect(); }
}
document.addEventListener("visibilitychange", wake);
window.addEventListener("online", wake);
window.addEventListener("pageshow", wake);
setInterval(() => { if (!document.hidden) probe(); }, PING_MS);
if (seatKey) { checking(); connect(); } else finish("incomplete");
