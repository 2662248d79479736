// The infernode console: polls the node's own API every second and renders
// it. Every value is written as text (never as HTML).
"use strict";

const $ = (sel) => document.querySelector(sel);

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function row(cells) {
  const tr = el("tr");
  for (const c of cells) {
    if (c instanceof Node) { const td = el("td"); td.appendChild(c); tr.appendChild(td); }
    else if (typeof c === "number") tr.appendChild(el("td", c.toLocaleString("en-US"), "num"));
    else tr.appendChild(el("td", c));
  }
  return tr;
}

function fill(tableSel, rows, emptyText) {
  const tb = $(tableSel + " tbody");
  tb.replaceChildren();
  if (rows.length === 0) {
    const tr = el("tr"); const td = el("td", emptyText || "none", "empty"); td.colSpan = 8; tr.appendChild(td); tb.appendChild(tr);
    return;
  }
  for (const r of rows) tb.appendChild(r);
}

async function getJSON(path) {
  const res = await fetch(path, { cache: "no-store", headers: { "Accept": "application/json" } });
  const body = await res.json();
  return { status: res.status, body };
}

function series(state, name) { return (state.metrics && state.metrics[name]) || []; }
function total(state, name, filter) {
  return series(state, name).filter((s) => !filter || filter(s.labels || {})).reduce((a, s) => a + s.value, 0);
}
function time(t) { return new Date(t).toLocaleTimeString("en-GB"); }
function eth(wei) { return (wei / 1e18).toLocaleString("en-US", { maximumFractionDigits: 6 }) + " ETH"; }

// chains is /info's list of chains when the node names several, else its
// one chain as a list of one.
function chains(info) {
  if (Array.isArray(info.chains) && info.chains.length > 0) return info.chains;
  return info.chain ? [Object.assign({ name: "chain" }, info.chain)] : [];
}

function renderHealth(state) {
  const pill = $("#health");
  const ok = state.healthy === true;
  pill.textContent = ok ? "healthy" : "unhealthy";
  pill.className = "pill " + (ok ? "healthy" : "unhealthy");
  $("#health-reason").textContent = ok ? "" : (state.reason || "");
}

function renderChains(info, state) {
  const box = $("#chains");
  box.replaceChildren();
  const list = chains(info);
  if (list.length === 0) { box.appendChild(el("div", "no chain", "empty")); return; }
  const wallets = [];
  list.forEach((c, i) => {
    const eps = Array.isArray(c.endpoints) ? c.endpoints : [];
    const head = c.head || eps.reduce((m, e) => Math.max(m, e.head || 0), 0);
    const title = el("div");
    title.appendChild(el("strong", (c.name || "chain") + (c.chain_id ? " (chain id " + c.chain_id + ")" : "") + ": "));
    title.appendChild(el("span", c.enabled === false ? "disabled" : "head "));
    const h = el("span", c.enabled === false ? "" : head, "chain-head mono");
    if (i === 0) h.id = "chain-head";
    title.appendChild(h);
    if (c.healthy === false) title.appendChild(el("span", " unhealthy", "pill unhealthy"));
    box.appendChild(title);
    const t = el("table");
    t.appendChild(row(["endpoint", "state", "head"]));
    for (const e of eps) t.appendChild(row([String(e.index), el("span", e.state, "pill state-" + e.state), e.head || 0]));
    if (eps.length === 0) t.appendChild(row(["", "no endpoint reported", ""]));
    box.appendChild(t);
    // Wallets: the chain's key lanes when /info lists them, else its one
    // address with the node's balance and transactions in flight.
    if (Array.isArray(c.lanes) && c.lanes.length > 0) {
      for (const l of c.lanes) {
        wallets.push(row([c.name || "chain", el("span", l.address + (l.state && l.state !== "active" ? " (" + l.state + ")" : ""), "mono"),
          l.balance_wei ? eth(Number(l.balance_wei))
            : c.lanes.length === 1 && i === 0 && series(state, "infernode_wallet_balance_wei").length ? eth(total(state, "infernode_wallet_balance_wei")) : "not read yet", (l.in_flight || 0) + " (next nonce " + (l.next_nonce || 0) + ")"]));
      }
    } else if (c.address) {
      wallets.push(row([c.name || "chain", el("span", c.address, "mono"),
        series(state, "infernode_wallet_balance_wei").length ? eth(total(state, "infernode_wallet_balance_wei")) : "not read yet",
        total(state, "infernode_relay_txs_in_flight")]));
    }
  });
  fill("#wallets", wallets, "no wallet");
}

function renderSubscriptions(info, state) {
  const d = (r) => total(state, "infernode_relay_deliveries_total", (l) => l.result === r);
  fill("#subscriptions", [
    row(["subscriptions tracked", total(state, "infernode_relay_subscriptions")]),
    row(["waiting on-chain requests (pending.onchain)", (info.pending && info.pending.onchain) || 0]),
    row(["listener lag (blocks)", total(state, "infernode_relay_lag_blocks")]),
    row(["intervals delivered", d("delivered")]),
    row(["intervals skipped", d("skipped")]),
    row(["intervals failed", d("failed")]),
  ]);
}

function renderEvents(state, failedJobs) {
  const evs = (state.events || []).slice().reverse();
  fill("#deliveries", evs.filter((e) => e.kind === "delivery").slice(0, 20).map((e) => {
    const a = e.attrs || {};
    return row([time(e.time), a.sub || a.id || "", a.interval || "", a.block || "", a.gas_used ? Number(a.gas_used) : "", el("span", a.tx || "", "mono")]);
  }), "no delivery yet");
  const failures = evs.filter((e) => e.kind === "failure").slice(0, 20).map((e) => {
    const a = e.attrs || {};
    const what = e.message + (a.sub ? " (subscription " + a.sub + (a.interval ? ", interval " + a.interval : "") + ")" : a.key ? " (" + a.key + ")" : "");
    return { t: e.time, r: row([time(e.time), what, a.reason || a.err || a.revert || a.outcome || ""]) };
  });
  for (const j of failedJobs) failures.push({ t: null, r: row(["", "job " + j.id + " (" + ((j.result && j.result.container) || "") + ")", (j.result && j.result.error) || "failed"]) });
  fill("#failures", failures.map((f) => f.r), "no failure");
  fill("#held-lines", evs.filter((e) => e.kind === "held").slice(0, 20).map((e) => {
    const a = e.attrs || {};
    return row([time(e.time), el("span", a.owner || "", "mono"), a.reason || e.message, a.raise || ""]);
  }), "nothing held");
  fill("#held", series(state, "infernode_relay_held_total").map((s) => row([s.labels.reason, s.value])), "nothing held");
}

function renderUnpaid(state) {
  fill("#unpaid", series(state, "infernode_relay_unpaid_gas_day").slice().sort((a, b) => b.value - a.value)
    .map((s) => row([el("span", s.labels.owner, "mono"), s.value])), "no unpaid gas today");
}

function renderFleet(info, state) {
  const box = $("#fleet");
  box.replaceChildren();
  if (!info.fleet) { box.appendChild(el("div", "not a fleet member (one node)", "empty")); return; }
  box.appendChild(el("div", "fleet " + info.fleet.name + ", this member " + info.fleet.node_id + ", claims won " + (info.fleet.claimed || 0) +
    ", takeovers " + total(state, "infernode_fleet_takeovers_total")));
  const t = el("table");
  t.appendChild(row(["member", "address", "URL", "healthy"]));
  for (const m of info.fleet.members || []) t.appendChild(row([m.node_id, el("span", m.address, "mono"), m.advertise_url, m.healthy ? "yes" : "no"]));
  box.appendChild(t);
}

function renderCounters(info, state) {
  const kind = (k) => total(state, "infernode_jobs_submitted_total", (l) => l.kind === k);
  const rows = [
    row(["OIP inferences (REST and gRPC)", kind("oip")]),
    row(["OpenAI requests", kind("openai")]),
    row(["LLM tokens (prompt / completion)", total(state, "infernode_llm_tokens_total", (l) => l.kind === "prompt") + " / " + total(state, "infernode_llm_tokens_total", (l) => l.kind === "completion")]),
    row(["jobs submitted (all kinds)", total(state, "infernode_jobs_submitted_total")]),
    row(["jobs pending (off-chain)", (info.pending && info.pending.offchain) || 0]),
    row(["cache hits / misses", total(state, "infernode_cache_requests_total", (l) => l.result === "hit") + " / " + total(state, "infernode_cache_requests_total", (l) => l.result === "miss")]),
  ];
  if (info.cache) rows.push(row(["cache entries / bytes (of max)", info.cache.entries + " / " + info.cache.bytes + " (" + info.cache.max_bytes + ")"]));
  fill("#counters", rows);
}

function renderContainers(info) {
  fill("#containers", (info.containers || []).map((c) => row([c.id, c.image || (c.external ? "external" : ""), c.description || ""])));
}

// failedJobs reads the caller's own finished jobs (as GET /api/jobs gives
// them to this caller) and keeps the failed ones, newest asked last.
async function failedJobs() {
  const ids = await getJSON("/api/jobs?pending=false");
  if (ids.status !== 200 || !Array.isArray(ids.body) || ids.body.length === 0) return [];
  const q = ids.body.slice(-20).map((id) => "id=" + encodeURIComponent(id)).join("&");
  const res = await getJSON("/api/jobs?" + q);
  if (res.status !== 200 || !Array.isArray(res.body)) return [];
  return res.body.filter((j) => j.status === "failed");
}

async function refresh() {
  try {
    const [info, state, failed] = await Promise.all([getJSON("/info"), getJSON("/console/state"), failedJobs()]);
    renderHealth(state.body);
    $("#version").textContent = info.body.version || "";
    renderChains(info.body, state.body);
    renderSubscriptions(info.body, state.body);
    renderEvents(state.body, failed);
    renderUnpaid(state.body);
    renderFleet(info.body, state.body);
    renderCounters(info.body, state.body);
    renderContainers(info.body);
    $("#updated").textContent = time(state.body.time);
  } catch (e) {
    $("#updated").textContent = "failed: " + e.message + " (retrying)";
  }
  setTimeout(refresh, 1000);
}

document.addEventListener("DOMContentLoaded", refresh);
