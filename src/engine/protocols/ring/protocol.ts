// Ring election, Chang–Roberts 1979 with the participant flag (LCR when everyone initiates;
// Chang and Roberts, CACM 22(5), 1979). ELECTION{j} travels one way round a logical ring: a node forwards a larger
// id, replaces a smaller one with its own unless it already takes part, and swallows it if it
// does; the id that comes back to its owner is the maximum, which sends ELECTED round the ring.
// The algorithm assumes no failures, so failure handling is the usual add-on and the flaw:
// each node pings its successor; a successor that does not answer within `answer` is presumed
// dead and skipped (the ring repairs around it), and if it was the leader its predecessor calls
// an election. A partition therefore makes each side elect its own leader.
// Token: none in the algorithm; as a labelled extension, (epoch, id) written epoch·100 + id.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { RingOptions, RingTiming } from "./config.ts";
import { bullyToken } from "../epoch-token.ts";

export interface RingState {
  me: number;
  /** highest epoch seen (extension, durable) */
  epoch: number;
  myEpoch: number;
  leader: number;
  participant: boolean;
  /** nodes this one presumes dead (its failure detector's opinion) */
  dead: boolean[];
  /** the successor being pinged, while its PONG is outstanding */
  pinging: number;
}

const T = (ctx: Ctx) => ctx.scenario.timing as RingTiming;
const O = (ctx: Ctx) => ctx.scenario.options as RingOptions;
const indexOf = (id: string) => Number(id.slice(1)) - 1;

/** My place on the ring (-1 when I am not on it). */
function position(ctx: Ctx, ring: string[]): number {
  for (let i = 0; i < ring.length; i++) if (indexOf(ring[i]) === ctx.self) return i;
  return -1;
}

/** The k-th node after place `at` round the ring (k = 1 .. ring.length - 1, nearest first). */
const nth = (ring: string[], at: number, k: number) => indexOf(ring[(at + k) % ring.length]);

/** The first node after me that I do not presume dead; myself when I am alone. */
function successor(ctx: Ctx, st: RingState): number {
  const ring = O(ctx).ring;
  const at = position(ctx, ring);
  for (let k = 1; k < ring.length; k++) {
    const j = nth(ring, at, k);
    if (!st.dead[j]) return j;
  }
  return ctx.self;
}

function pass(
  ctx: Ctx,
  st: RingState,
  kind: "ELECTION" | "ELECTED",
  body: { id: number; epoch?: number },
): void {
  const next = successor(ctx, st);
  if (next === ctx.self)
    return onMessage(ctx, st, { id: 0, from: ctx.self, to: ctx.self, kind, sentAt: 0, arriveAt: 0, body });
  ctx.send(next, kind, body);
}

function initiate(ctx: Ctx, st: RingState): void {
  st.participant = true;
  ctx.setTimer("round", T(ctx).round);
  pass(ctx, st, "ELECTION", { id: ctx.self });
}

function onMessage(ctx: Ctx, st: RingState, m: Msg): void {
  if (m.from !== ctx.self && st.dead[m.from]) st.dead[m.from] = false; // it spoke, so it lives
  switch (m.kind) {
    case "ELECTION": {
      const j: number = m.body.id;
      if (j === ctx.self) {
        // My id came all the way round: it is the maximum. Announce.
        ctx.because("ring.ownIdReturned", { id: ctx.id, carried: ctx.nodeId(j) });
        st.participant = false;
        st.epoch++;
        st.myEpoch = st.epoch;
        st.leader = ctx.self;
        ctx.cancelTimer("round");
        return pass(ctx, st, "ELECTED", { id: ctx.self, epoch: st.epoch });
      }
      // An id I know to be dead would circle for ever: treat it as smaller than mine.
      if (j > ctx.self && !st.dead[j]) {
        ctx.because("ring.forwardLarger", { carried: ctx.nodeId(j), carriedIdx: j, ownIdx: ctx.self });
        st.participant = true;
        ctx.setTimer("round", T(ctx).round);
        return pass(ctx, st, "ELECTION", { id: j });
      }
      if (!st.participant) {
        ctx.because("ring.replaceSmaller", { carried: ctx.nodeId(j), carriedIdx: j, ownIdx: ctx.self });
        initiate(ctx, st);
      }
      return; // a participant swallows a smaller id
    }
    case "ELECTED": {
      const j: number = m.body.id;
      ctx.because("ring.elected", { leader: ctx.nodeId(j), epoch: m.body.epoch });
      st.participant = false;
      ctx.cancelTimer("round");
      st.epoch = Math.max(st.epoch, m.body.epoch);
      if (j === ctx.self) return; // back home: everyone knows
      st.leader = j;
      return pass(ctx, st, "ELECTED", m.body);
    }
    case "PING":
      ctx.send(m.from, "PONG", {});
      return;
    case "PONG":
      if (m.from === st.pinging) {
        st.pinging = -1;
        ctx.cancelTimer("pong");
      }
      return;
  }
}

function ping(ctx: Ctx, st: RingState): void {
  const next = successor(ctx, st);
  // Probe the presumed dead between me and my successor too, so a node that comes back rejoins.
  const ring = O(ctx).ring;
  const at = position(ctx, ring);
  for (let k = 1; k < ring.length; k++) {
    const j = nth(ring, at, k);
    if (j === next) break;
    ctx.send(j, "PING", {});
  }
  if (next === ctx.self) return;
  st.pinging = next;
  ctx.send(next, "PING", {});
  ctx.setTimer("pong", T(ctx).answer);
}

function onTimer(ctx: Ctx, st: RingState, name: string): void {
  if (name === "ping") {
    ctx.setTimer("ping", T(ctx).ping);
    if (st.pinging < 0) ping(ctx, st);
  } else if (name === "pong" && st.pinging >= 0) {
    const gone = st.pinging;
    st.pinging = -1;
    st.dead[gone] = true;
    const why = ctx.because("ring.presumedDead", {
      peer: ctx.nodeId(gone),
      waitedMs: T(ctx).answer,
      wasLeader: gone === st.leader,
    });
    ctx.note(
      `no PONG from successor ${ctx.nodeId(gone)} within ${T(ctx).answer} ms: presumed dead, ring now goes to ${ctx.nodeId(successor(ctx, st))}`,
      {
        kind: "presumed-dead",
        peer: ctx.nodeId(gone),
        role: "successor",
        waitedMs: T(ctx).answer,
        next: ctx.nodeId(successor(ctx, st)),
      },
      why,
    );
    ping(ctx, st);
    if (gone === st.leader) {
      st.leader = -1;
      if (!st.participant) initiate(ctx, st);
    }
  } else if (name === "round" && st.participant) {
    // No ELECTED came back within `round` (a message died with a node): start over.
    ctx.because("ring.roundTimeout", { waitedMs: T(ctx).round });
    st.participant = false;
    initiate(ctx, st);
  }
}

export const ring: Protocol<RingState> = {
  name: "ring",
  tokenKind: "epoch",
  grant: "election",
  electionKinds: ["ELECTION", "ELECTED"],
  init: (ctx, durable) => ({
    me: ctx.self,
    epoch: (durable as { epoch: number } | null)?.epoch ?? 0,
    myEpoch: 0,
    leader: -1,
    participant: false,
    dead: new Array(ctx.n).fill(false),
    pinging: -1,
  }),
  start(ctx, st) {
    ctx.setTimer("ping", T(ctx).ping * ctx.random());
    // LCR: every node initiates at start; a restarted node, knowing no leader, does too.
    const ini = O(ctx).initiators;
    if (ini === null || ini.includes(ctx.id) || ctx.inc > 0) {
      ctx.because("ring.boot", { id: ctx.id, restarted: ctx.inc > 0 });
      initiate(ctx, st);
    }
  },
  onMessage,
  onTimer,
  durable: (st) => ({ epoch: st.epoch }),
  role: (st) => (st.leader === st.me ? "leader" : st.participant ? "candidate" : "follower"),
  detail: (st) => (st.leader === st.me ? "leader" : st.participant ? "participant" : "follower"),
  believesLeader: (st) => st.leader === st.me,
  term: (st) => st.epoch,
  token: (st) => (st.leader === st.me ? bullyToken(st.myEpoch, st.me) : null),
  view: (ctx, st) => ({
    leader: st.leader >= 0 ? ctx.nodeId(st.leader) : null,
    participant: st.participant,
    successor: ctx.nodeId(successor(ctx, st)),
    presumedDead: st.dead.map((d, i) => (d ? ctx.nodeId(i) : null)).filter((x) => x !== null),
    ring: O(ctx).ring,
  }),
};
