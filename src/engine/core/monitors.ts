// Monitors run on every simulation (the safety properties of Raft, Figure 3, and of leases with fencing tokens). Two kinds:
// safety violations (the algorithm, or the system around it, broke a rule it promises):
//  - one-leader-per-term: at most one leader per Raft term / Zab epoch / lease token, ever
//  - one-vote-per-term: each node grants at most one (real) vote per term, across crashes
//  - term-monotonic: a node's term never decreases
//  - token-monotonic: each new holder at the store gets a strictly larger token
//  - one-holder: a node leads with a store token only if the store gave that token to it
//  - fencing-monotonic: the resource never applies a lower token after a higher one
// and hazards (allowed by the algorithm, the windows a learner should see and measure):
//  - overlap: two or more nodes believe they lead (Raft and Zab let a deposed leader believe
//    for a while; a lease lets it believe until its own clock says the lease is over)
//  - stale-write: a write applied although a newer leadership had already been granted
//    (token fencing cannot stop one that lands before the new leader's first write)
//  - leaderless (summary only, from the trace): each interval nobody led
// plus the measures: overlap time, leaderless time, max concurrent believers, leader changes.
import type { Cause } from "./cause.ts";
import { emit } from "./trace-emit.ts";
import type { World } from "./world.ts";
import type { MonitorState } from "./types.ts";
import type { TraceEvent } from "./trace.ts";

/** The typed facts of a violation event beyond its property. */
type ViolationFacts = Omit<Extract<TraceEvent, { type: "violation" }>, "t" | "type" | "property" | "detail">;

export function newMonitors(n: number): MonitorState {
  return {
    believers: 0,
    lastChange: 0,
    overlapMs: 0,
    leaderlessMs: 0,
    maxConcurrent: 0,
    leaderChanges: 0,
    lastLeader: -1,
    everLed: false,
    leaderOf: {},
    votesBy: Array.from({ length: n }, () => ({})),
    votesLog: [],
    lastTerm: new Array<number>(n).fill(0),
    granted: 0,
    lastHolderToken: -1,
    violations: [],
    hazards: [],
    holderOf: {},
  };
}

/** Is a leadership granted by winning an election (Raft, Zab, bully, ...) rather than by a store? */
export function electionGrant(w: World): boolean {
  return (w.proto.grant ?? (w.proto.tokenKind === "term" ? "election" : "store")) === "election";
}

/** The token's name in violation text: the protocol's token kind, except under Coordinated
 *  Leader Election (the store's holder rule takes the token from the revision, "rev"), where a
 *  Kubernetes leadership's token is the Lease's resourceVersion when the controller named the
 *  holder: nobody bumps leaseTransitions there. */
export function tokenName(w: World): string {
  return w.tokenName;
}

/** A safety violation: a rule the system promises was broken. */
export function violation(w: World, property: string, detail: string, facts?: ViolationFacts): void {
  w.s.mon.violations.push({ property, at: w.s.now, detail });
  emit(w, { type: "violation", property, detail, severity: "safety", ...facts });
}

/** A hazard: a window the algorithm allows (overlap, a stale write), kept apart from safety. */
export function hazard(w: World, property: string, detail: string, facts?: ViolationFacts): void {
  (w.s.mon.hazards ??= []).push({ property, at: w.s.now, detail });
  emit(w, { type: "violation", property, detail, severity: "hazard", ...facts });
}

function accumulate(w: World): void {
  const m = w.s.mon;
  const dt = w.s.now - m.lastChange;
  if (m.believers === 0) m.leaderlessMs += dt;
  else if (m.believers >= 2) m.overlapMs += dt;
  m.lastChange = w.s.now;
}

/** Up-to-date overlap/leaderless figures (accumulated to now), for frames. */
export function monitorTotals(w: World): { overlapMs: number; leaderlessMs: number } {
  const m = w.s.mon;
  const dt = w.s.now - m.lastChange;
  return {
    overlapMs: m.overlapMs + (m.believers >= 2 ? dt : 0),
    leaderlessMs: m.leaderlessMs + (m.believers === 0 ? dt : 0),
  };
}

export function leaderStarted(w: World, node: number, token: number, term: number, why?: Cause): void {
  const s = w.s;
  const m = s.mon;
  accumulate(w);
  m.believers++;
  if (m.believers > m.maxConcurrent) m.maxConcurrent = m.believers;
  const id = s.nodes[node].id;
  emit(
    w,
    why
      ? { type: "leader-start", node: id, token, term, why }
      : { type: "leader-start", node: id, token, term },
  );
  if (m.everLed && m.lastLeader !== node) m.leaderChanges++;
  m.everLed = true;
  m.lastLeader = node;
  const key = String(token);
  const prev = m.leaderOf[key];
  if (prev !== undefined && prev !== id) {
    violation(w, "one-leader-per-term", `${id} leads with ${tokenName(w)} ${token}, already led by ${prev}`, {
      node: id,
      token,
      other: prev,
    });
  } else m.leaderOf[key] = id;
  // Raft, Zab, bully: being elected is the grant. Lease protocols report grants from the store.
  if (electionGrant(w) && token > m.granted) m.granted = token;
  else if (!electionGrant(w)) {
    // Store-granted leadership: the token must be the one the store named this node for.
    const holder = m.holderOf?.[key];
    if (holder !== undefined && holder !== id) {
      violation(
        w,
        "one-holder",
        `${id} leads with ${tokenName(w)} ${token}, which the store gave to ${holder}`,
      );
    }
  }
  if (m.believers >= 2) {
    const believers = s.nodes.filter((n) => n.believes || n.idx === node);
    const who = believers.map((n) => `${n.id}(${n.idx === node ? token : n.token})`);
    hazard(w, "overlap", `${m.believers} nodes believe they lead: ${who.join(", ")}`, {
      leaders: believers.map((n) => ({ node: n.id, token: (n.idx === node ? token : n.token) as number })),
    });
  }
}

export function leaderEnded(
  w: World,
  node: number,
  token: number,
  reason: string,
  cause: Pick<Extract<TraceEvent, { type: "leader-end" }>, "cause" | "to" | "by">,
  why?: Cause,
): void {
  accumulate(w);
  w.s.mon.believers--;
  emit(
    w,
    why
      ? { type: "leader-end", node: w.s.nodes[node].id, token, reason, ...cause, why }
      : { type: "leader-end", node: w.s.nodes[node].id, token, reason, ...cause },
  );
}

export function termChanged(w: World, node: number, term: number): void {
  const m = w.s.mon;
  if (term < m.lastTerm[node]) {
    violation(
      w,
      "term-monotonic",
      `${w.s.nodes[node].id} went from term ${m.lastTerm[node]} back to ${term}`,
      { node: w.s.nodes[node].id, token: term, than: m.lastTerm[node] },
    );
  }
  m.lastTerm[node] = term;
}

export function voteCast(w: World, node: number, term: number, candidate: string): void {
  // Per node, keyed by the term itself (an integer key): no string is built per vote.
  const mine = votesOf(w.s.mon)[node];
  const prev = mine[term];
  if (prev !== undefined && prev !== candidate) {
    violation(
      w,
      "one-vote-per-term",
      `${w.s.nodes[node].id} voted for ${prev} and ${candidate} in term ${term}`,
      { node: w.s.nodes[node].id, token: term, other: prev, candidate },
    );
  } else if (prev === undefined) {
    const log = (w.s.mon.votesLog ??= logOf(w.s.mon));
    mine[term] = candidate;
    log.push(node, term);
  }
}

/** The votes log of a state saved before it: its entries in any order (every later state
 *  extends it, which is all votesAsOf needs). */
function logOf(m: MonitorState): number[] {
  const log: number[] = [];
  (m.votesBy ?? []).forEach((by, node) => {
    for (const term in by) log.push(node, Number(term));
  });
  return log;
}

/** The votes as they were when the log held `count` pairs, taken from a later state of the same
 *  run (its log extends that one): a copy, the later state is left as it was. */
export function votesAsOf(
  later: MonitorState,
  count: number,
): { votesBy: Array<Record<number, string>>; votesLog: number[] } {
  const by = votesOf(later).map((r) => ({ ...r }));
  const log = (later.votesLog ??= logOf(later));
  for (let i = 2 * count; i < log.length; i += 2) delete by[log[i]][log[i + 1]];
  return { votesBy: by, votesLog: log.slice(0, 2 * count) };
}

/** The votes per node and term; a state saved before they were kept that way holds them as
 *  "node:term" keys (mon.votes), moved over on first use. */
function votesOf(m: MonitorState): Array<Record<number, string>> {
  if (m.votesBy) return m.votesBy;
  const by: Array<Record<number, string>> = m.lastTerm.map(() => ({}));
  for (const [key, cand] of Object.entries(m.votes ?? {})) {
    const [id, term] = key.split(":");
    by[Number(id.slice(1)) - 1][Number(term)] = cand;
  }
  delete m.votes;
  return (m.votesBy = by);
}

/** The store handed leadership to a new holder (or to nobody). */
export function holderChanged(w: World, holder: string | null, token: number): void {
  const m = w.s.mon;
  emit(w, { type: "holder", holder, token });
  if (holder === null) return;
  if (token <= m.lastHolderToken) {
    violation(
      w,
      "token-monotonic",
      `new holder ${holder} got ${tokenName(w)} ${token}, not above the previous ${m.lastHolderToken}`,
      { node: holder, token, than: m.lastHolderToken },
    );
  }
  m.lastHolderToken = Math.max(m.lastHolderToken, token);
  (m.holderOf ??= {})[String(token)] = holder;
  if (token > m.granted) m.granted = token;
}
