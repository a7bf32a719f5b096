// Kubernetes Coordinated Leader Election: the election controller inside kube-apiserver
// (pkg/controlplane/controller/leaderelection/leaderelection_controller.go @7a4c962 and
// election.go, KEP-4355). It runs in the store process, on the store's clock, writes
// Leases and LeaseCandidates through the same MVCC store, and is woken by every Lease or
// LeaseCandidate change (its informers) and by its own 5 s requeue. Constants from the file:
// requeue 5 s, defaultLeaseDurationSeconds 5, electionDuration 5 s, candidates valid 30 min.
import { storeCause } from "../../core/cause-make.ts";
import { emit } from "../../core/trace-emit.ts";
import { storeNow } from "../common.ts";
import { storePut } from "../etcd/store-txn.ts";
import { armTick, tickLive } from "../../core/store-ticks.ts";
import { send } from "../../core/network.ts";
import { wallAt } from "../../core/clock.ts";
import { CANDIDATES, K8S_KEY, type CleState, type LeaseCandidate, type LeaseRecord } from "./types.ts";
import type { ServerWorld as World } from "../world.ts";
import type { QEvent } from "../../core/types.ts";

/** Why the election controller picked a candidate: the oldest emulation version among those that acked. */
interface Electee {
  emulationVersion: string;
  binaryVersion: string;
  among: string[];
}

// The notes the election controller writes (core/trace.ts NoteKinds).
declare module "../../core/trace.ts" {
  interface NoteKinds {
    "controller-pinged": { candidates: string[]; afterMs: number };
    "controller-created": { holder: string; leaseSeconds: number } & Electee;
    "controller-set": {
      holder: string;
      leaseSeconds: number;
      expired?: { holder: string; leaseSeconds: number };
    } & Electee;
    "controller-preferred": { preferred: string; holder: string } & Electee;
  }
}

const REQUEUE = 5000;
const LEASE_SECONDS = 5;
const ELECTION = 5000;
const VALID = 30 * 60_000;
const TICK = "cle";

const now = (w: World) => wallAt(w.s.storeClock, w.s.now);

/** queue.Add / AddAfter: one pending reconcile of the lease; an earlier request wins. */
export function cleEnqueue(w: World, after = 0): void {
  const cle = w.s.store.cle as CleState;
  const due = storeNow(w) + after;
  if (cle.due !== null && cle.due <= due && (w.s.store.ticks ?? {})[TICK]) return;
  cle.due = due;
  armTick(w, TICK, due);
}

/** Versions parsed once each: every reconcile compares every candidate's two versions. */
const PARSED = new Map<string, number[]>();
function semver(v: string): number[] {
  let x = PARSED.get(v);
  if (!x) PARSED.set(v, (x = v.split(".").map(Number).concat([0, 0, 0]).slice(0, 3)));
  return x;
}
function cmpVer(a: string, b: string): number {
  const x = semver(a),
    y = semver(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}
type Versions = Pick<LeaseCandidate, "emulationVersion" | "binaryVersion">;
/** compareCandidates on a stored spec and its key's create revision (no candidate copied). */
function compareSpecs(l: Versions, lCreated: number, r: Versions, rCreated: number): number {
  const e = cmpVer(l.emulationVersion, r.emulationVersion);
  if (e !== 0) return e;
  const b = cmpVer(l.binaryVersion, r.binaryVersion);
  if (b !== 0) return b;
  return lCreated > rCreated ? 1 : -1;
}
/** election.go compare: -1 when lhs is better: older emulation, then older binary, then created first. */
export function compareCandidates(l: LeaseCandidate, r: LeaseCandidate): number {
  return compareSpecs(l, l.creationTimestamp, r, r.creationTimestamp);
}
function pickBest(cs: LeaseCandidate[]): LeaseCandidate | null {
  let best: LeaseCandidate | null = null;
  for (const c of cs) if (!best || compareCandidates(best, c) > 0) best = c;
  return best;
}
const nameOf = (w: World, c: LeaseCandidate) => w.s.nodes[c.node].id;

/** Every key a LeaseCandidate can have (each node writes CANDIDATES + its id, and the
 *  controller rewrites those), sorted as a sort of the store's keys would list them; per
 *  cluster size, derived, never state. */
const CANDIDATE_KEYS = new Map<number, string[]>();
function candidateKeys(n: number): string[] {
  let keys = CANDIDATE_KEYS.get(n);
  if (!keys)
    CANDIDATE_KEYS.set(n, (keys = Array.from({ length: n }, (_, i) => `${CANDIDATES}n${i + 1}`).sort()));
  return keys;
}

function candidates(w: World): LeaseCandidate[] {
  const out: LeaseCandidate[] = [];
  const kvs = w.s.store.kv;
  // Every Lease write wakes the controller, so this runs on most store requests: no scan or
  // sort of the store's keys (the candidates' possible keys are known and sorted once), the
  // clock is read once, and only an admissible candidate is copied.
  const t = now(w);
  for (const k of candidateKeys(w.s.nodes.length)) {
    const kv = kvs[k];
    if (kv === undefined) continue;
    const v = kv.value as LeaseCandidate;
    if (v.renewTime + VALID >= t) out.push({ ...v, creationTimestamp: kv.createRev }); // listAdmissableCandidates
  }
  return out;
}
const expired = (w: World, l: LeaseRecord) => l.renewTime + l.leaseDurationSeconds * 1000 < now(w); // isLeaseExpired

export function cleTick(w: World, e: Extract<QEvent, { type: "store-tick" }>): void {
  if (!tickLive(w, e)) return;
  (w.s.store.cle as CleState).due = null;
  const requeue = reconcile(w);
  if (requeue > 0) cleEnqueue(w, requeue);
}

/** reconcile's first question (is an election step needed?) read straight from the stored
 *  candidates, copying none: nearly every reconcile ends here with the requeue, and it runs on
 *  most store requests. "none": no admissible candidate; "requeue": no step needed; "step":
 *  reconcile lists the candidates and goes on. The same candidates, in the same order, as
 *  candidates() and pickBest() give. */
function electionNeeded(w: World): "none" | "requeue" | "step" {
  const kvs = w.s.store.kv;
  const t = now(w);
  let n = 0;
  let halfStale = false;
  let best: LeaseCandidate | null = null;
  let bestCreated = 0;
  for (const k of candidateKeys(w.s.nodes.length)) {
    const kv = kvs[k];
    if (kv === undefined) continue;
    const v = kv.value as LeaseCandidate;
    if (v.renewTime + VALID < t) continue;
    n++;
    if (v.renewTime + VALID / 2 < t) halfStale = true;
    if (!best || compareSpecs(best, bestCreated, v, kv.createRev) > 0) {
      best = v;
      bestCreated = kv.createRev;
    }
  }
  if (n === 0) return "none";
  const lease = (kvs[K8S_KEY]?.value as LeaseRecord | undefined) ?? null;
  const needed =
    !lease ||
    expired(w, lease) ||
    !lease.holderIdentity ||
    halfStale ||
    (best !== null && nameOf(w, best) !== lease.holderIdentity);
  return needed ? "step" : "requeue";
}

/** reconcileElectionStep: returns the requeue interval (0: none). */
function reconcile(w: World): number {
  const step = electionNeeded(w);
  if (step !== "step") return step === "requeue" ? REQUEUE : 0;
  const cs = candidates(w);
  if (cs.length === 0) return 0;
  const t = now(w);
  const lease =
    (w.s.store.kv[K8S_KEY]?.value as (LeaseRecord & { preferredHolder?: string }) | undefined) ?? null;
  // Ask candidates that have not renewed within electionDuration to ack (pingTime), then wait.
  let canVote = true;
  const pinged: string[] = [];
  for (const c of cs) {
    if (c.pingTime !== null && c.pingTime + ELECTION > t && c.renewTime < c.pingTime) {
      canVote = false;
      continue;
    }
    if (c.renewTime + ELECTION > t) continue;
    if (c.pingTime === null || (c.pingTime + ELECTION < t && c.pingTime < c.renewTime)) {
      const { creationTimestamp: _, ...spec } = c;
      storePut(w, CANDIDATES + nameOf(w, c), { ...spec, pingTime: t });
      send(w, w.STORE, c.node, "LeaseCandidatePing", { pingTime: t }); // the candidate's informer sees it
      pinged.push(nameOf(w, c));
      canVote = false;
    }
  }
  if (pinged.length)
    emit(w, {
      type: "note",
      node: "store",
      text: `election controller: pinged ${pinged.join(", ")} (no renewal within ${ELECTION / 1000} s)`,
      note: { kind: "controller-pinged", candidates: pinged, afterMs: ELECTION },
      why: storeCause(w, "k8s.controller.ping", { candidates: pinged.length, afterMs: ELECTION }),
    });
  if (!canVote) return REQUEUE;
  for (const c of cs)
    if (c.pingTime !== null && !(c.pingTime < c.renewTime) && c.pingTime + ELECTION > t) return 0;
  const acked = cs.filter((c) => c.renewTime + ELECTION > t);
  const electee = pickBest(acked);
  if (!electee) return 0;
  const who = nameOf(w, electee);
  const among = acked.map((c) => nameOf(w, c));
  const why = `oldest emulation version ${electee.emulationVersion} (binary ${electee.binaryVersion}) among ${among.join(", ")}`;
  const picked = { emulationVersion: electee.emulationVersion, binaryVersion: electee.binaryVersion, among };
  if (!lease) {
    storePut(w, K8S_KEY, {
      holderIdentity: who,
      leaseDurationSeconds: LEASE_SECONDS,
      acquireTime: t,
      renewTime: t,
      leaseTransitions: 0,
    });
    emit(w, {
      type: "note",
      node: "store",
      text: `election controller: created the Lease for ${who} with leaseDurationSeconds ${LEASE_SECONDS}: ${why}`,
      note: { kind: "controller-created", holder: who, leaseSeconds: LEASE_SECONDS, ...picked },
      why: storeCause(w, "k8s.controller.pick", {
        holder: who,
        emulationVersion: electee.emulationVersion,
        binaryVersion: electee.binaryVersion,
        among: among.length,
      }),
    });
    return REQUEUE;
  }
  const next = { ...lease };
  if (!lease.holderIdentity || (expired(w, lease) && lease.holderIdentity !== who)) {
    delete next.preferredHolder;
    Object.assign(next, { holderIdentity: who, renewTime: t, leaseDurationSeconds: LEASE_SECONDS });
    emit(w, {
      type: "note",
      node: "store",
      text: `election controller: ${lease.holderIdentity ? `${lease.holderIdentity}'s lease expired (renewTime + ${lease.leaseDurationSeconds} s < now on the controller's clock), ` : ""}holder set to ${who} with leaseDurationSeconds ${LEASE_SECONDS}: ${why}`,
      note: {
        kind: "controller-set",
        holder: who,
        leaseSeconds: LEASE_SECONDS,
        ...(lease.holderIdentity
          ? { expired: { holder: lease.holderIdentity, leaseSeconds: lease.leaseDurationSeconds } }
          : {}),
        ...picked,
      },
      why: storeCause(w, "k8s.controller.pick", {
        holder: who,
        emulationVersion: electee.emulationVersion,
        binaryVersion: electee.binaryVersion,
        among: among.length,
        expiredHolder: lease.holderIdentity || null,
      }),
    });
  } else if (who !== lease.holderIdentity && lease.preferredHolder !== who) {
    next.preferredHolder = who;
    emit(w, {
      type: "note",
      node: "store",
      text: `election controller: preferredHolder ${who} (${why}); ${lease.holderIdentity} should stop renewing (end of term)`,
      note: { kind: "controller-preferred", preferred: who, holder: lease.holderIdentity, ...picked },
      why: storeCause(w, "k8s.controller.pick", {
        holder: who,
        emulationVersion: electee.emulationVersion,
        binaryVersion: electee.binaryVersion,
        among: among.length,
        current: lease.holderIdentity,
      }),
    });
  }
  if (JSON.stringify(next) !== JSON.stringify(lease)) storePut(w, K8S_KEY, next);
  return REQUEUE;
}
