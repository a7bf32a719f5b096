// The fenced resource (Kleppmann, "How to do distributed locking", 2016): it keeps the highest token seen.
// Mode "token" rejects a write whose token is below it (equal is fine: one leader writes many
// times under one epoch); mode "none" accepts everything. Either way a write is
// "stale-accepted" when it lands although a newer leadership had already been granted, which
// is the window fencing narrows (it cannot stop a stale write that arrives before the new
// leader's first one).
// Mode "sequencer" (Chubby's CheckSequencer, Burrows 2006 section 2.4) also asks the lock service — the
// store process, a real round trip over the network — whether the writer's sequencer is still
// the current holder's, and acts only on "yes". Validation is serialised with execution: one
// check at a time, later writes wait their turn. The lock may still change between the answer
// and the apply; that window is one network hop instead of "until the new leader writes".
import { heapPush } from "./queue.ts";
import { send } from "./network.ts";
import { emit, record } from "./trace-emit.ts";
import { hazard, violation } from "./monitors.ts";
import type { World } from "./world.ts";
import type { Msg, QEvent, ResourceState, WriteResult } from "./types.ts";
import type { TraceEvent } from "./trace.ts";
import { plainCause } from "./cause-make.ts";
import type { Cause } from "./cause.ts";
import { resourceTimerEntry } from "./queue-entry.ts";
import { pushWriteRecord } from "./write-record.ts";

const KEEP_LAST = 8;
/** how long the resource waits for the lock service before refusing the write */
export const SEQUENCER_TIMEOUT = 1000;

export function newResource(mode: ResourceState["mode"]): ResourceState {
  const r: ResourceState = {
    mode,
    maxSeen: 0,
    maxApplied: 0,
    accepted: 0,
    rejected: 0,
    staleAccepted: 0,
    last: [],
  };
  if (mode === "sequencer") Object.assign(r, { pending: null, waiting: [], nextReq: 1 });
  return r;
}

/** Every message the resource receives: writes, and the lock service's answers. */
export function handleResourceMsg(w: World, m: Msg): void {
  if (m.kind === "CheckSequencerResp")
    return sequencerAnswer(w, m.body.reqId, m.body.valid, m.body.why, m.body.holder, m.body.holderToken);
  const r = w.s.resource;
  if (r.mode !== "sequencer") return handleWrite(w, m.from, m.body.token, m.sentAt);
  const token: number = m.body.token;
  // The cheap local check first: a sequencer older than one already applied is stale anyway.
  if (token < r.maxSeen)
    return apply(
      w,
      m.from,
      token,
      m.sentAt,
      "rejected",
      `sequencer ${token} is older than ${r.maxSeen}, already seen`,
      { sequencer: "older" },
    );
  (r.waiting as NonNullable<ResourceState["waiting"]>).push({ node: m.from, token, sentAt: m.sentAt });
  if (!r.pending) nextCheck(w);
}

function nextCheck(w: World): void {
  const r = w.s.resource;
  const next = r.waiting?.shift();
  if (!next) return;
  const reqId = (r.nextReq = (r.nextReq ?? 1) + 1);
  r.pending = { reqId, ...next };
  send(w, w.RESOURCE, w.STORE, "CheckSequencer", { reqId, node: w.s.nodes[next.node].id, token: next.token });
  heapPush(w.s.queue, resourceTimerEntry(w.s.now + SEQUENCER_TIMEOUT, w.s.seq++, reqId));
}

function sequencerAnswer(
  w: World,
  reqId: number,
  valid: boolean,
  why: string,
  holder?: string | null,
  holderToken?: number,
): void {
  const r = w.s.resource;
  const p = r.pending;
  if (!p || p.reqId !== reqId) return;
  r.pending = null;
  if (valid && p.token < r.maxSeen)
    apply(
      w,
      p.node,
      p.token,
      p.sentAt,
      "rejected",
      `sequencer ${p.token} is older than ${r.maxSeen}, seen while it was being checked`,
      { sequencer: "older-while-checked" },
    );
  else if (valid)
    handleWrite(w, p.node, p.token, p.sentAt, `CheckSequencer: ${why}`, { sequencer: "current" });
  else if (holder === undefined)
    apply(w, p.node, p.token, p.sentAt, "rejected", `CheckSequencer: ${why}`, { sequencer: "no-answer" });
  else
    apply(w, p.node, p.token, p.sentAt, "rejected", `CheckSequencer: ${why}`, {
      sequencer: "not-current",
      lockHolder: holder,
      ...(holder ? { lockToken: holderToken } : {}),
    });
  nextCheck(w);
}

export function resourceTimer(w: World, e: Extract<QEvent, { type: "resource-timer" }>): void {
  const p = w.s.resource.pending;
  if (p && p.reqId === e.reqId)
    sequencerAnswer(
      w,
      e.reqId,
      false,
      `the lock service did not answer within ${SEQUENCER_TIMEOUT} ms, so the write is refused`,
    );
}

/** The max-seen rule (mode "token"), or no rule (mode "none"); a passed sequencer check lands here too. */
function handleWrite(
  w: World,
  from: number,
  token: number,
  sentAt: number,
  detail?: string,
  facts?: WriteFacts,
): void {
  const r = w.s.resource;
  if (r.mode === "token" && token < r.maxSeen) {
    return apply(w, from, token, sentAt, "rejected", w.writeDetail?.(w, from, token, 0), facts, rowsIf(w, 0));
  }
  if (token < r.maxApplied) {
    // The order of applied tokens went backwards: what fencing exists to prevent. Token and
    // sequencer fencing refuse such a write above, so this fires when fencing is off (or if a
    // fencing rule were wrong).
    violation(w, "fencing-monotonic", `applied ${w.tokenName} ${token} after ${r.maxApplied}`, {
      token,
      than: r.maxApplied,
    });
  }
  r.maxApplied = Math.max(r.maxApplied, token);
  const result: WriteResult = token < w.s.mon.granted ? "stale-accepted" : "accepted";
  apply(
    w,
    from,
    token,
    sentAt,
    result,
    detail ?? (result !== "accepted" ? w.writeDetail?.(w, from, token, 1) : undefined),
    facts,
    rowsIf(w, 1),
  );
}

/** A resource that is a SQL row (writeDetail) reports the rows its fenced UPDATE changed; -1
 *  for any other resource (no `rows` field). */
function rowsIf(w: World, rows: number): number {
  return w.writeDetail ? rows : -1;
}

/** The typed facts of a write event beyond its result and rows (the sequencer verdict). */
type WriteFacts = Pick<Extract<TraceEvent, { type: "write" }>, "sequencer" | "lockHolder" | "lockToken">;
type WriteEvent = Extract<TraceEvent, { type: "write" }>;

/** The write event: its fields in the order the trace has always had them (detail, then the
 *  facts' fields, rows, why), each common case built as one literal. A write is the most
 *  frequent roles-trace event of a fenced run: building it and then adding rows and why to it
 *  (Object.assign, two property stores that outgrow the literal) was a tenth of a database run. */
function writeEvent(
  t: number,
  node: string,
  token: number,
  result: WriteResult,
  maxSeen: number,
  sentAt: number,
  detail: string | undefined,
  facts: WriteFacts | undefined,
  rows: number,
  why: Cause,
): WriteEvent {
  if (!facts) {
    if (rows < 0)
      return detail
        ? { t, type: "write", node, token, result, maxSeen, sentAt, detail, why }
        : { t, type: "write", node, token, result, maxSeen, sentAt, why };
    return detail
      ? { t, type: "write", node, token, result, maxSeen, sentAt, detail, rows, why }
      : { t, type: "write", node, token, result, maxSeen, sentAt, rows, why };
  }
  const ev: WriteEvent = detail
    ? { t, type: "write", node, token, result, maxSeen, sentAt, detail }
    : { t, type: "write", node, token, result, maxSeen, sentAt };
  Object.assign(ev, facts);
  if (rows >= 0) ev.rows = rows;
  ev.why = why;
  return ev;
}

function apply(
  w: World,
  from: number,
  token: number,
  sentAt: number,
  result: WriteResult,
  detail?: string,
  facts?: WriteFacts,
  rows = -1,
): void {
  const r = w.s.resource;
  const node = w.s.nodes[from].id;
  const seenBefore = r.maxSeen;
  // With sequencer facts the event is built as an object (rare: one per checked write);
  // otherwise written straight into the log's record store (write-record.ts).
  const why = facts ? writeCause(w, token, result, facts) : null;
  if (result === "rejected") r.rejected++;
  else if (result === "stale-accepted") r.staleAccepted++;
  else r.accepted++;
  if (token > r.maxSeen && result !== "rejected") r.maxSeen = token;
  if (
    why ||
    !pushWriteRecord(
      w,
      w.s.trace,
      node,
      token,
      result,
      r.maxSeen,
      sentAt,
      detail,
      rows,
      writeRule(r.mode, result),
      seenBefore,
      w.s.mon.granted,
      result !== "rejected",
    )
  ) {
    const cause = why ?? plainCause(w, writeRule(r.mode, result), writeValues(w, token, seenBefore, result));
    record(w, writeEvent(w.s.now, node, token, result, r.maxSeen, sentAt, detail, facts, rows, cause));
  }
  // "0 rows" and refused sequencers are worth a plain line in the narration.
  if (detail && result === "rejected") {
    emit(w, {
      type: "note",
      node: "resource",
      text: detail,
      note: {
        kind: "write-refused",
        writer: node,
        token,
        ...(rows >= 0 ? { rows } : {}),
        ...(facts?.sequencer ? { sequencer: facts.sequencer } : {}),
      },
    });
  }
  if (result === "stale-accepted") {
    hazard(
      w,
      "stale-write",
      `${node}'s write with token ${token} was applied after token ${w.s.mon.granted} had been granted`,
      { node, token, than: w.s.mon.granted },
    );
  }
  // A write applied below a token the resource had already applied: fencing's promise broken
  // (the fencing-monotonic violation), told apart from an early stale write (a hazard).
  r.last.push(
    result !== "rejected" && token < seenBefore
      ? { t: w.s.now, node, token, result, outOfOrder: true }
      : { t: w.s.now, node, token, result },
  );
  if (r.last.length > KEEP_LAST) r.last.shift();
}

/** The rule that decided a write (before it moved maxSeen): the max-seen check, no fencing, or
 *  the sequencer's verdict; `granted` is the newest leadership granted so far (stale writes). */
function writeCause(w: World, token: number, result: WriteResult, facts: WriteFacts): Cause {
  const r = w.s.resource;
  const values = writeValues(w, token, r.maxSeen, result);
  if (facts.sequencer) {
    return plainCause(
      w,
      `fence.sequencer.${facts.sequencer}`,
      facts.lockHolder !== undefined
        ? { ...values, lockHolder: facts.lockHolder, lockToken: facts.lockToken ?? null }
        : values,
    );
  }
  return plainCause(w, writeRule(r.mode, result), values);
}

/** The rule of a write decided without a sequencer's verdict: no fencing, or the max-seen check. */
const writeRule = (mode: ResourceState["mode"], result: WriteResult) =>
  mode === "none" ? "fence.none" : result === "rejected" ? "fence.token.below" : "fence.token.atLeast";

/** A write cause's values; maxSeen as it was before the write. */
const writeValues = (w: World, token: number, maxSeen: number, result: WriteResult) => ({
  token,
  maxSeen,
  granted: w.s.mon.granted,
  accepted: result !== "rejected",
});
