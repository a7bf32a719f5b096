// The leader's side-effecting work: one write every work.every carrying its token, after the
// protocol's check-before-write; a pause armed "during write" strikes between the decision and
// the send; with fencing "sequencer" a new leadership first confirms its sequencer (Chubby).
import { emit } from "./trace-emit.ts";
import { send } from "./network.ts";
import { armTimer } from "./timers.ts";
import { pauseNode } from "./pause.ts";
import type { World } from "./world.ts";
import type { NodeRt } from "./types.ts";

export const WORK_TIMER = "$work";

/** The leader's side-effecting work: one write every work.every carrying its token. */
export function doWork(w: World, node: NodeRt): void {
  if (!node.believes || node.token === null) return;
  armTimer(w, node, WORK_TIMER, w.s.scenario.work.every);
  const token = node.token;
  if (w.proto.beforeWrite) {
    w.ctx.bind(node.idx);
    const why = w.proto.beforeWrite(w.ctx, node.p);
    if (why !== null) {
      emit(w, { type: "write-skipped", node: node.id, token, reason: why });
      return;
    }
  }
  // Chubby: a newly elected primary confirms with CheckSequencer that it still holds the lock
  // before acting on it. The answer comes back as a message (confirmed() below).
  if (w.s.scenario.fencing === "sequencer" && node.confirmed !== token) {
    send(w, node.idx, w.STORE, "CheckSequencer", { reqId: 0, node: node.id, token, confirm: true });
    return;
  }
  if (node.pauseOnWrite) {
    // The seeds' sequence diagram: the leader has decided to write (and checked its lease),
    // then stops the world before the write leaves; the write goes out when it wakes.
    const ms = node.pauseOnWrite.for;
    node.pauseOnWrite = null;
    node.heldWrite = { token, decidedAt: w.s.now };
    emit(w, {
      type: "fault",
      fault: "pause",
      node: node.id,
      detail: `paused ${ms} ms mid-write (write with token ${token} decided, not yet sent)`,
      effect: "applied",
      for: ms,
      during: "write",
      token,
    });
    pauseNode(w, node, ms);
    return;
  }
  send(w, node.idx, w.RESOURCE, "Write", { token });
}

/** The lock service answered the new leadership's CheckSequencer: act on it, or skip the write. */
export function confirmed(w: World, node: NodeRt, b: { valid: boolean; token: number; why: string }): void {
  if (!node.believes || node.token !== b.token) return;
  if (!b.valid) {
    emit(w, { type: "write-skipped", node: node.id, token: b.token, reason: `CheckSequencer: ${b.why}` });
    return;
  }
  if (node.confirmed === b.token) return;
  node.confirmed = b.token;
  emit(w, {
    type: "note",
    node: node.id,
    text: `CheckSequencer: still the holder (generation ${b.token}); acting on it`,
    note: { kind: "sequencer-confirmed", token: b.token },
  });
  doWork(w, node);
}
