// Human-readable output for the CLI (without --json).
import {
  formatDuration,
  FIGURE16_DEFAULTS as D,
  FIGURE16_PAPER,
  stats,
  type ElectionCostResult,
  type LeaseTuningResult,
  type RaftTimeoutsDetail,
  type Summary,
  type TraceEvent,
  type TrialsResult,
} from "../engine/index.ts";

const ms = (x: number | null) => (x === null ? "-" : formatDuration(x));
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const time = (t: number) => pad(`${(t / 1000).toFixed(3)}s`, 10);

function line(e: TraceEvent): string | null {
  switch (e.type) {
    case "fault":
      return `fault      ${e.fault}${e.node ? ` ${e.node}` : ""}${e.resolved ? ` (= ${e.resolved})` : ""}${e.detail ? `: ${e.detail}` : ""}`;
    case "leader-start":
      return `LEADER     ${e.node} starts leading (token ${e.token})`;
    case "leader-end":
      return `leader end ${e.node} stops leading (token ${e.token}): ${e.reason}`;
    case "role":
      return e.to === "leader" ? null : `role       ${e.node} ${e.from} -> ${e.to} (term ${e.term})`;
    case "lease":
      if (e.action === "renew" || e.action === "observe") return null;
      return `lease      ${e.action} ${e.node}${e.lease ? ` lease ${e.lease}` : ""} [judged by ${e.judge} clock]${e.detail ? `: ${e.detail}` : ""}`;
    case "holder":
      return `store      holder is now ${e.holder ?? "nobody"}${e.holder ? ` (token ${e.token})` : ""}`;
    case "write":
      return e.result === "accepted"
        ? null
        : `write      ${e.node} token ${e.token} ${e.result.toUpperCase()} (resource max ${e.maxSeen}, sent at ${(e.sentAt / 1000).toFixed(3)}s)`;
    case "write-skipped":
      return `write      ${e.node} skipped: ${e.reason}`;
    case "violation":
      return `VIOLATION  ${e.property}: ${e.detail}`;
    case "note":
      return `note       ${e.node}: ${e.text}`;
    default:
      return null;
  }
}

export function formatRun(name: string, trace: readonly TraceEvent[], s: Summary): string {
  const out: string[] = [];
  out.push(`${name}: ${s.protocol}, ${s.nodes} nodes, seed ${s.seed}, ${formatDuration(s.until)}`);
  out.push("");
  out.push("Timeline");
  const lines: string[] = [];
  let elided = 0;
  for (const e of trace) {
    const l = line(e);
    if (l === null) continue;
    if (lines.length >= 300) {
      elided++;
      continue;
    }
    lines.push(`  ${time(e.t)} ${l}`);
  }
  out.push(...lines);
  if (elided) out.push(`  ... ${elided} more events (use --json for the summary)`);
  out.push("");
  out.push("Summary");
  out.push(`  leaders:            ${s.leaders.length === 0 ? "none" : ""}`);
  for (const l of s.leaders)
    out.push(
      `    ${pad(l.node, 4)} token ${pad(String(l.token), 6)} ${time(l.from)} -> ${l.to === null ? "end" : time(l.to).trim()}`,
    );
  out.push(`  leader changes:     ${s.leaderChanges}`);
  out.push(
    `  overlap:            ${formatDuration(s.overlap)} (max ${s.maxConcurrentLeaders} believers at once)`,
  );
  out.push(`  leaderless:         ${formatDuration(s.leaderless)}`);
  out.push(
    `  writes:             ${s.writes.accepted} accepted, ${s.writes.rejected} rejected, ${s.writes.staleAccepted} stale-accepted`,
  );
  out.push(`  messages:           ${s.messages}`);
  const em = s.electionMessages;
  out.push(
    `  election messages:  ${em.total}${em.perElection !== null ? ` (${em.perElection} per leadership won)` : ""}${
      em.total
        ? `: ${Object.entries(em.byKind)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ")}`
        : ""
    }`,
  );
  out.push(`  safety violations:  ${s.violations.length === 0 ? "none" : s.violations.length}`);
  out.push(...grouped(s.violations));
  // Hazards are windows the algorithm allows (overlap, stale writes, time without a leader).
  const hazards = s.hazards ?? [];
  out.push(`  hazards:            ${hazards.length === 0 ? "none" : hazards.length}`);
  out.push(...grouped(hazards));
  return out.join("\n");
}

/** One line per property: how many, and the first. */
function grouped(list: Summary["violations"]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const v of list) {
    if (seen.has(v.property)) continue;
    seen.add(v.property);
    const n = list.filter((x) => x.property === v.property).length;
    out.push(`    ${v.property} x${n}, first at ${time(v.at).trim()}: ${v.detail}`);
  }
  return out;
}

export function formatTrials(name: string, r: TrialsResult): string {
  const row = (
    label: string,
    a: { median: number | null; p95: number | null; max: number | null },
    extra = "",
  ) =>
    `  ${pad(label, 12)} median ${pad(ms(a.median), 9)} p95 ${pad(ms(a.p95), 9)} max ${pad(ms(a.max), 9)}${extra}`;
  const out = [
    `${name}: ${r.trials} trials of ${r.protocol} (${r.nodes} nodes), seeds ${r.seeds[0]}..${r.seeds[1]}, ${formatDuration(r.until)} each`,
    row("failover", r.failover, `  (${r.failover.runs} of ${r.trials} runs had one)`),
    row("leaderless", r.leaderless),
    row("overlap", r.overlap, `  (${r.overlap.runs} of ${r.trials} runs had some)`),
    `  violations   ${
      Object.keys(r.violations).length === 0
        ? "none"
        : Object.entries(r.violations)
            .map(([k, v]) => `${k} x${v}`)
            .join(", ")
    }`,
  ];
  return out.join("\n");
}

export function formatExperiment(r: RaftTimeoutsDetail, wallMs: number, trials: number, workers = 1): string {
  const out = [
    `Raft Figure 16: time without a leader after the leader crashes (${trials} trials per range)`,
    `5 servers, one-way latency ${D.delay}-${D.delay + D.jitter} ms plus a ${D.persist} ms vote fsync (about ${2 * D.delay + D.jitter + D.persist} ms broadcast), logs ${JSON.stringify(D.logs)},`,
    `synchronized heartbeat then a crash at a uniform point of the heartbeat interval (min/2); cap ${formatDuration(r.capMs)}.`,
    "",
    `  ${pad("range ms", 10)}${pad("median", 10)}${pad("mean", 10)}${pad("p95", 10)}${pad("max", 10)}${pad("censored", 10)}paper`,
  ];
  r.ranges.forEach((x, i) => {
    const s = stats(x.samples);
    const key = `${x.range[0]}-${x.range[1]}`;
    out.push(
      `  ${pad(key, 10)}${pad(ms(s.median), 10)}${pad(ms(s.mean), 10)}${pad(ms(s.p95), 10)}${pad(ms(s.max), 10)}${pad(String(r.censored[i]), 10)}${FIGURE16_PAPER[key] ?? ""}`,
    );
  });
  out.push("");
  out.push(
    `${r.events} events in ${(wallMs / 1000).toFixed(1)} s on ${workers} thread${workers === 1 ? "" : "s"} (${(r.events / Math.max(1, wallMs) / 1000).toFixed(1)}M events/s)`,
  );
  return out.join("\n");
}

export function formatElectionCost(r: ElectionCostResult, wallMs: number): string {
  const out = [
    `Cost of one election: the leader crashes, messages from the crash until the next leader (${r.trials} trials per size)`,
    "Election messages only (no pings, heartbeats or work); failover includes detecting the crash, election starts at the first election message.",
  ];
  let last = "";
  for (const row of r.rows) {
    if (row.protocol !== last) {
      last = row.protocol;
      out.push("", `${row.protocol}: known cost ${row.known}`);
      out.push(
        `  ${pad("n", 5)}${pad("messages mean", 15)}${pad("min-max", 12)}${pad("per n^2", 9)}${pad("election", 11)}${pad("failover", 11)}by kind (mean)`,
      );
    }
    const m = row.messages;
    out.push(
      `  ${pad(String(row.n), 5)}${pad(String(m.mean), 15)}${pad(`${m.min}-${m.max}`, 12)}${pad((m.mean / (row.n * row.n)).toFixed(2), 9)}${pad(ms(row.electionMs.median), 11)}${pad(ms(row.failoverMs.median), 11)}${Object.entries(
        row.byKind,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}${row.censored ? `  (${row.censored} runs without a leader)` : ""}`,
    );
  }
  out.push("", `computed in ${(wallMs / 1000).toFixed(1)} s`);
  return out.join("\n");
}

export function formatLeaseTuning(r: LeaseTuningResult, wallMs: number): string {
  const p = r.options.pauses;
  const pauses =
    p.kind === "exponential"
      ? `exponential, mean ${p.meanMs} ms`
      : p.kind === "uniform"
        ? `uniform ${p.minMs}-${p.maxMs} ms`
        : `log-normal, median ${p.medianMs} ms, sigma ${p.sigma}`;
  const out = [
    `Lease tuning: etcd lease TTL (renewed every TTL/3) against leader pauses (${pauses}) and crashes, ${r.options.trials} trials of each per TTL`,
    "A false failover is a new leader after a pause began (the leader was alive); failover is crash to next leader.",
    "",
    `  ${pad("TTL", 8)}${pad("false failovers", 17)}${pad("failover median", 17)}${pad("p95", 10)}${pad("max", 10)}no failover`,
  ];
  for (const x of r.points)
    out.push(
      `  ${pad(ms(x.ttlMs), 8)}${pad(`${x.falseFailovers} (${Math.round(x.falseRate * 100)}%)`, 17)}${pad(ms(x.crashFailover.median), 17)}${pad(ms(x.crashFailover.p95), 10)}${pad(ms(x.crashFailover.max), 10)}${x.noFailover}`,
    );
  out.push("", `computed in ${(wallMs / 1000).toFixed(1)} s`);
  return out.join("\n");
}
