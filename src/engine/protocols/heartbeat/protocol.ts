// A two-node failover pair that elects by heartbeat timeout and fences with STONITH, in the
// style of Linux-HA heartbeat / Pacemaker (ha.cf keepalive and deadtime) and the SRE book's
// file-server pair (Beyer et al., ch. 23). Each node sends HEARTBEAT{active, epoch} every
// `heartbeat`; when nothing arrives for `timeout` it declares the peer dead, asks the fence
// device (the store process: a network power switch) to power it off, and, if standby, takes
// the active role: at once ("fire"), only once the device confirms ("confirm", Pacemaker's
// rule), or with no shot at all ("off"). A node cannot tell a dead peer from a cut link, so a
// partition ends with both active (the shots cannot get through) or both down (they both do).
// When heartbeats flow again and both are active, the one with the older epoch stands down.
// Token: a synthetic (epoch, id) written epoch·100 + id, the epoch kept on disk (extension).
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import type { HeartbeatOptions, HeartbeatTiming } from "./config.ts";
import { bullyToken } from "../epoch-token.ts";

export interface HbState {
  me: number;
  epoch: number;
  myEpoch: number;
  active: boolean;
  /** a shot fired at the peer and not yet confirmed */
  shooting: boolean;
  peerActive: boolean;
  lastHeard: number;
  /** the peer has been declared dead and not heard from since */
  declared: boolean;
}

const T = (ctx: Ctx) => ctx.scenario.timing as HeartbeatTiming;
const O = (ctx: Ctx) => ctx.scenario.options as HeartbeatOptions;
const peerOf = (ctx: Ctx) => 1 - ctx.self;

function becomeActive(
  ctx: Ctx,
  st: HbState,
  why: string,
  reason: "primary" | "no-stonith" | "stonith-fired" | "stonith-confirmed",
): void {
  if (st.active) return;
  st.active = true;
  st.epoch++;
  st.myEpoch = st.epoch;
  const cause = ctx.because(`hb.active.${reason}`, {
    epoch: st.epoch,
    stonith: O(ctx).stonith,
    silentMs: Math.round(ctx.local() - st.lastHeard),
    timeoutMs: T(ctx).timeout,
    peer: ctx.nodeId(peerOf(ctx)),
  });
  ctx.note(
    `taking the active role (epoch ${st.epoch}): ${why}`,
    { kind: "active", epoch: st.epoch, reason, peer: ctx.nodeId(peerOf(ctx)) },
    cause,
  );
  beat(ctx, st);
}

function beat(ctx: Ctx, st: HbState): void {
  ctx.send(peerOf(ctx), "HEARTBEAT", { active: st.active, epoch: st.active ? st.myEpoch : st.epoch });
}

function shoot(ctx: Ctx, st: HbState): void {
  st.shooting = true;
  ctx.send(ctx.STORE, "PowerOff", { reqId: ctx.inc * 1_000_000 + st.epoch, target: peerOf(ctx) });
}

/** deadtime: nothing from the peer for `timeout`. */
function peerDead(ctx: Ctx, st: HbState): void {
  ctx.setTimer("deadtime", T(ctx).timeout);
  const why = ctx.because("hb.deadtime", {
    silentMs: Math.round(ctx.local() - st.lastHeard),
    timeoutMs: T(ctx).timeout,
    peer: ctx.nodeId(peerOf(ctx)),
    stonith: O(ctx).stonith,
  });
  if (!st.declared)
    ctx.note(
      `no heartbeat from ${ctx.nodeId(peerOf(ctx))} for ${Math.round(ctx.local() - st.lastHeard)} ms: declaring it dead`,
      {
        kind: "declared-dead",
        peer: ctx.nodeId(peerOf(ctx)),
        silentMs: Math.round(ctx.local() - st.lastHeard),
      },
      why,
    );
  st.declared = true;
  const mode = O(ctx).stonith;
  // Whatever our role, a peer we cannot see might still be running: fence it (Pacemaker fences any lost node).
  if (mode !== "off" && !st.shooting) shoot(ctx, st);
  if (mode === "off") becomeActive(ctx, st, "peer silent, no STONITH configured", "no-stonith");
  else if (mode === "fire")
    becomeActive(ctx, st, "peer silent; STONITH fired, not waiting for the fence device", "stonith-fired");
}

function onMessage(ctx: Ctx, st: HbState, m: Msg): void {
  if (m.kind === "HEARTBEAT") {
    if (st.shooting) ctx.because("hb.peerHeard", { peer: ctx.nodeId(m.from), active: !!m.body.active });
    st.lastHeard = ctx.local();
    st.peerActive = m.body.active;
    st.declared = false;
    st.shooting = false; // it is alive after all; a shot already at the switch still lands
    ctx.setTimer("deadtime", T(ctx).timeout);
    const theirs = m.body.epoch as number;
    if (st.active && m.body.active && (theirs > st.myEpoch || (theirs === st.myEpoch && m.from > ctx.self))) {
      // Both active once the link is back: the newer takeover keeps the role.
      st.active = false;
      const why = ctx.because("hb.standDown", {
        theirEpoch: theirs,
        myEpoch: st.myEpoch,
        theirIdx: m.from,
        myIdx: ctx.self,
      });
      ctx.note(
        `${ctx.nodeId(m.from)} is active with epoch ${theirs}, newer than mine (${st.myEpoch}): standing down`,
        { kind: "standing-down", peer: ctx.nodeId(m.from), theirEpoch: theirs, myEpoch: st.myEpoch },
        why,
      );
    }
    st.epoch = Math.max(st.epoch, theirs);
  } else if (m.kind === "PowerOffResp") {
    st.shooting = false;
    if (O(ctx).stonith === "confirm")
      becomeActive(
        ctx,
        st,
        `the fence device confirmed ${ctx.nodeId(peerOf(ctx))} is off`,
        "stonith-confirmed",
      );
  }
}

function onTimer(ctx: Ctx, st: HbState, name: string): void {
  if (name === "beat") {
    beat(ctx, st);
    ctx.setTimer("beat", T(ctx).heartbeat);
  } else if (name === "deadtime") {
    if (st.shooting) st.shooting = false; // no answer from the fence device in a whole deadtime: try again
    peerDead(ctx, st);
  }
}

export const heartbeat: Protocol<HbState> = {
  name: "heartbeat",
  tokenKind: "epoch",
  grant: "election",
  electionKinds: ["PowerOff", "PowerOffResp"],
  init: (ctx, durable) => ({
    me: ctx.self,
    epoch: (durable as { epoch: number } | null)?.epoch ?? 0,
    myEpoch: 0,
    active: false,
    shooting: false,
    peerActive: false,
    lastHeard: 0,
    declared: false,
  }),
  start(ctx, st) {
    st.lastHeard = ctx.local();
    ctx.setTimer("beat", T(ctx).heartbeat);
    ctx.setTimer("deadtime", T(ctx).timeout);
    // The configured primary starts active on first boot; a restarted node comes back standby.
    if (ctx.inc === 0 && O(ctx).primary === ctx.id) becomeActive(ctx, st, "configured primary", "primary");
    else beat(ctx, st);
  },
  onMessage,
  onTimer,
  durable: (st) => ({ epoch: st.epoch }),
  role: (st) => (st.active ? "leader" : st.shooting ? "candidate" : "follower"),
  detail: (st) => (st.active ? "active" : st.shooting ? "fencing peer" : "standby"),
  believesLeader: (st) => st.active,
  term: (st) => st.epoch,
  token: (st) => (st.active ? bullyToken(st.myEpoch, st.me) : null),
  view: (ctx, st) => ({
    active: st.active,
    epoch: st.epoch,
    peerActive: st.peerActive,
    shooting: st.shooting,
    lastHeardMs: Math.round((ctx.local() - st.lastHeard) * 1000) / 1000,
    stonith: O(ctx).stonith,
  }),
};
