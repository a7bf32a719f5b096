// The bully algorithm (Garcia-Molina, IEEE Trans. Computers C-31(1), 1982, in the 3-message
// textbook form of Coulouris et al.). Every node knows every id. A node that suspects the coordinator sends
// ELECTION to every higher id; any live higher node ANSWERs and takes over the election; a node
// that hears no ANSWER within Tanswer declares itself with COORDINATOR to every lower id. A
// restarted node starts an election, so a restarted highest id takes over from a working
// coordinator: the bully. Failure detection is a PING to the coordinator with a timeout, so a
// partition (or a pause, or a slow link) makes each side elect its own coordinator: no safety.
// Token: none in the algorithm; as a labelled extension, a synthetic (electionEpoch, id),
// written epoch·100 + id, with the epoch kept on disk so a restarted node does not go back.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import { bullyToken } from "../epoch-token.ts";
import type { BullyOptions, BullyTiming } from "./config.ts";

export interface BullyState {
  /** highest election epoch seen (extension, durable) */
  epoch: number;
  /** epoch of the COORDINATOR this node announced */
  myEpoch: number;
  /** this node is the coordinator (it announced, and no COORDINATOR from another came since) */
  leading: boolean;
  me: number;
  coordinator: number;
  electing: boolean;
  /** got an ANSWER, waiting for COORDINATOR (Tcoord) */
  awaiting: boolean;
  /** an unanswered PING to the coordinator */
  pinging: boolean;
}

const T = (ctx: Ctx) => ctx.scenario.timing as BullyTiming;
const O = (ctx: Ctx) => ctx.scenario.options as BullyOptions;

function startElection(ctx: Ctx, st: BullyState): void {
  ctx.cancelTimer("coord");
  st.awaiting = false;
  if (ctx.self === ctx.n - 1) {
    ctx.because("bully.highestId", { id: ctx.id, higher: 0 });
    return announce(ctx, st); // the maximum of all ids: no one to ask
  }
  st.electing = true;
  for (let j = ctx.self + 1; j < ctx.n; j++) ctx.send(j, "ELECTION", {});
  ctx.setTimer("answer", T(ctx).answer);
}

/** Tanswer ran out with no ANSWER (or this is the highest id): COORDINATOR to every lower id. */
function announce(ctx: Ctx, st: BullyState): void {
  st.electing = false;
  st.awaiting = false;
  // A coordinator that answers a later ELECTION re-announces the same leadership (same epoch).
  if (!st.leading) {
    st.epoch++;
    st.myEpoch = st.epoch;
  }
  st.coordinator = ctx.self;
  st.leading = true;
  ctx.cancelTimer("answer");
  for (let j = 0; j < ctx.self; j++) ctx.send(j, "COORDINATOR", { epoch: st.myEpoch });
}

const watches = (ctx: Ctx) => O(ctx).detectors === null || (O(ctx).detectors as string[]).includes(ctx.id);

function onMessage(ctx: Ctx, st: BullyState, m: Msg): void {
  switch (m.kind) {
    case "ELECTION":
      // From a lower id: tell it we are alive and take the election over, unless ours is
      // already under way (asked our superiors, or waiting for their COORDINATOR).
      ctx.send(m.from, "ANSWER", {});
      // The highest id, already coordinating, has no one to ask: "another election" is just its
      // COORDINATOR again, and only the asker lacks it (the others heard the first one).
      if (st.leading && ctx.self === ctx.n - 1) {
        ctx.send(m.from, "COORDINATOR", { epoch: st.myEpoch });
        return;
      }
      if (!st.electing && !st.awaiting) {
        ctx.because("bully.electionFromLower", { from: ctx.nodeId(m.from), lower: m.from < ctx.self });
        startElection(ctx, st);
      }
      return;
    case "ANSWER":
      if (!st.electing) return;
      ctx.because("bully.answered", { from: ctx.nodeId(m.from), higher: m.from > ctx.self });
      ctx.cancelTimer("answer");
      st.electing = false;
      st.awaiting = true;
      ctx.setTimer("coord", T(ctx).coordinator);
      return;
    case "COORDINATOR":
      // A lower id announcing to a live higher one (it missed us while we were down or slow):
      // bully it, as a restarted node does. Without this the max live id might never lead.
      if (m.from < ctx.self) {
        st.epoch = Math.max(st.epoch, m.body.epoch);
        if (!st.electing && !st.awaiting) {
          ctx.because("bully.coordinatorFromLower", { from: ctx.nodeId(m.from), lower: m.from < ctx.self });
          startElection(ctx, st);
        }
        return;
      }
      ctx.because("bully.coordinator", {
        from: ctx.nodeId(m.from),
        higher: m.from > ctx.self,
        epoch: m.body.epoch,
      });
      st.coordinator = m.from;
      st.leading = false;
      st.epoch = Math.max(st.epoch, m.body.epoch);
      st.electing = false;
      st.awaiting = false;
      st.pinging = false;
      ctx.cancelTimer("answer");
      ctx.cancelTimer("coord");
      ctx.cancelTimer("pong");
      return;
    case "PING":
      ctx.send(m.from, "PONG", {});
      return;
    case "PONG":
      if (m.from === st.coordinator) {
        st.pinging = false;
        ctx.cancelTimer("pong");
      }
      return;
  }
}

function onTimer(ctx: Ctx, st: BullyState, name: string): void {
  if (name === "answer" && st.electing) {
    ctx.because("bully.noAnswer", { waitedMs: T(ctx).answer, higher: ctx.n - 1 - ctx.self });
    announce(ctx, st);
  } else if (name === "coord" && st.awaiting) {
    ctx.because("bully.noCoordinator", { waitedMs: T(ctx).coordinator });
    startElection(ctx, st); // the promised COORDINATOR never came
  } else if (name === "ping") {
    ctx.setTimer("ping", T(ctx).ping);
    if (st.electing || st.awaiting || st.leading || st.pinging) return;
    if (st.coordinator < 0) {
      ctx.because("bully.noCoordinatorKnown", { coordinator: null });
      return startElection(ctx, st);
    }
    st.pinging = true;
    ctx.send(st.coordinator, "PING", {});
    ctx.setTimer("pong", T(ctx).answer);
  } else if (name === "pong" && st.pinging) {
    // No PONG within Tanswer: the coordinator is presumed dead. This is the whole failure detector.
    st.pinging = false;
    const why = ctx.because("bully.presumedDead", {
      peer: ctx.nodeId(st.coordinator),
      waitedMs: T(ctx).answer,
    });
    ctx.note(
      `no PONG from coordinator ${ctx.nodeId(st.coordinator)} within ${T(ctx).answer} ms: presumed dead`,
      {
        kind: "presumed-dead",
        peer: ctx.nodeId(st.coordinator),
        role: "coordinator",
        waitedMs: T(ctx).answer,
      },
      why,
    );
    st.coordinator = -1;
    startElection(ctx, st);
  }
}

export const bully: Protocol<BullyState> = {
  name: "bully",
  tokenKind: "epoch",
  grant: "election",
  electionKinds: ["ELECTION", "ANSWER", "COORDINATOR"],
  init: (ctx, durable) => ({
    epoch: (durable as { epoch: number } | null)?.epoch ?? 0,
    myEpoch: 0,
    leading: false,
    me: ctx.self,
    coordinator: -1,
    electing: false,
    awaiting: false,
    pinging: false,
  }),
  start(ctx, st) {
    // On (re)start a node calls an election: a restarted higher id bullies its way back.
    // Each detector's pings start at its own phase, as independent processes do.
    if (watches(ctx)) ctx.setTimer("ping", T(ctx).ping * ctx.random());
    ctx.because("bully.boot", { id: ctx.id });
    startElection(ctx, st);
  },
  onMessage,
  onTimer,
  durable: (st) => ({ epoch: st.epoch }),
  role: (st) => (st.leading ? "leader" : st.electing || st.awaiting ? "candidate" : "follower"),
  detail: (st) =>
    st.leading ? "coordinator" : st.electing ? "electing" : st.awaiting ? "awaiting coordinator" : "follower",
  believesLeader: (st) => st.leading,
  term: (st) => st.epoch,
  token: (st) => (st.leading ? bullyToken(st.myEpoch, st.me) : null),
  view: (ctx, st) => ({
    coordinator: st.coordinator >= 0 ? ctx.nodeId(st.coordinator) : null,
    electing: st.electing,
    awaiting: st.awaiting,
    epoch: st.epoch,
    pinging: watches(ctx),
  }),
};
