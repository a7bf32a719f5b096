// Typed trace events. Every event carries its simulation time `t` (ms). The trace is the
// ground truth for summaries, tests and the sandbox timeline; it lives inside the state so a
// snapshot carries its history.
// Every fact a view shows is a typed field here; `detail` and `text` are the same facts in words
// for the CLI and the raw log, and nothing reads them back.
import type { WriteResult } from "./write-result.ts";
import type { Cause } from "./cause.ts";

export type { Cause, CauseArm, CauseClock, CauseValues } from "./cause.ts";

/** Why one end of a connection closed (core/connection.ts). */
export type ConnCloseCause = "timeout" | "peer-closed" | "reset" | "died";

export type TraceEvent =
  | {
      t: number;
      type: "start";
      protocol: string;
      nodes: number;
      seed: number;
      until: number;
      fencing: string;
    }
  | {
      t: number;
      type: "fault";
      fault: string;
      node?: string;
      /** the node "leader" resolved to when the fault fired ("nobody" if none believed it led) */
      resolved?: string;
      detail: string;
      /** what the fault did: applied, did nothing (see reason), or armed to strike later */
      effect: FaultEffect;
      reason?: FaultNoEffect;
      /** the target's status when the fault had no effect */
      status?: string;
      /** the fault's parameters, as the scenario gave them (ms, ppm, factor, probability) */
      for?: number;
      during?: "write";
      drift?: number;
      step?: number;
      factor?: number;
      delay?: number;
      jitter?: number;
      loss?: number;
      /** partition: the groups as applied, "leader" resolved to a node id (dropped if nobody led) */
      groups?: string[][];
      oneWay?: boolean;
      /** drop: the message lost, and what it was (absent when it had already arrived) */
      message?: number;
      messageKind?: string;
      from?: string;
      to?: string;
      /** partition: the node "leader" named in the groups resolved to */
      leader?: string;
      /** a pause striking mid-write: the token of the write decided and held until it wakes */
      token?: number;
    }
  /** `why` (issue 20): the rule that made a decision, its values, clock and arming event */
  | { t: number; type: "role"; node: string; from: string; to: string; term: number; why?: Cause }
  | { t: number; type: "term"; node: string; from: number; to: number }
  | {
      t: number;
      type: "vote";
      node: string;
      term: number;
      candidate: string;
      granted: boolean;
      pre: boolean;
      why?: Cause;
    }
  | { t: number; type: "leader-start"; node: string; token: number; term: number; why?: Cause }
  | {
      t: number;
      type: "leader-end";
      node: string;
      token: number;
      reason: string;
      /** why, as data: its process crashed, shut down or was powered off (by whom), or its
       *  protocol moved it to another role (`to`) */
      cause: LeaderEndCause;
      to?: string;
      by?: string;
      why?: Cause;
    }
  | {
      t: number;
      type: "send";
      id: number;
      from: string;
      to: string;
      kind: string;
      arriveAt: number;
      /** connections only: how many times TCP retransmitted it (lost segments, or a cut that healed) */
      retransmits?: number;
    }
  /** connections only: a cut link holds the bytes in the sender's kernel; TCP retransmits them
   *  after the link heals (core/connection.ts) */
  | { t: number; type: "stall"; id: number; from: string; to: string; kind: string; conn: number }
  /** connections only: one end opened (first byte sent or accepted) or closed a connection */
  | {
      t: number;
      type: "conn";
      op: "open" | "close";
      node: string;
      peer: string;
      conn: number;
      /** why it closed: its own timeout fired, the peer's FIN/RST arrived, or its process died */
      cause?: ConnCloseCause;
    }
  | { t: number; type: "deliver"; id: number; from: string; to: string; kind: string }
  | { t: number; type: "drop"; id: number; from: string; to: string; kind: string; reason: string }
  | {
      t: number;
      type: "lease";
      action: "grant" | "renew" | "expire" | "revoke" | "self-demote" | "observe" | "takeover" | "release";
      node: string;
      /** whose clock judged this: the store's, the holder's own, or an observer's */
      judge: "store" | "holder" | "observer";
      lease?: string;
      ttlMs?: number;
      /** expiry on the judging clock (store clock for the store, local clock for nodes) */
      expiresAtLocal?: number;
      detail?: string;
      /** the TTL the client asked for, when the server granted another (etcd's minimum TTL,
       *  ZooKeeper's negotiated session timeout) */
      requestedTtlMs?: number;
      /** takeover: the holder whose lease had run out; observe: the holder on the record */
      holder?: string | null;
      /** why a holder stopped leading on its own clock, or why a takeover was allowed */
      reason?: LeaseReason;
      /** the judging clock's reading when it decided (store clock, or the node's local clock) */
      clockMs?: number;
      /** takeover (SQL): when the previous holder's row expired, on the database clock */
      prevExpiresAt?: number;
      /** grant / renew (SQL): renewed_at, the database's now() when the row was written */
      renewedAt?: number;
      /** takeover (Kubernetes): how long the record had stayed unchanged on the observer's clock */
      unchangedMs?: number;
      /** self-demote (etcd, SQL): the local send time of the last acknowledged keepalive / renew */
      ackedAt?: number;
      /** self-demote (ZooKeeper Disconnected): how long the client had heard nothing */
      silentMs?: number;
      /** self-demote (etcd campaign-failed): the error the store answered */
      error?: string;
      /** release (client-go): how far renew()'s closing release() got. Leadership ends when renew()
       *  returns, after it: "get" (a fresh Get for the resourceVersion), "update" (the Update on
       *  it), "done" (released), "failed" (a conflict, an error or the RenewDeadline timeout) */
      releaseStep?: "get" | "update" | "done" | "failed";
      /** release "update" (client-go): the resourceVersion the Update is conditioned on (from release()'s own Get) */
      resourceVersion?: number;
      /** self-demote (etcd session-done): Campaign had returned success after the candidate's own
       *  key expired with its session (etcd issue 19597: waitDeletes watches only the key before it) */
      keyExpired?: boolean;
      why?: Cause;
    }
  | {
      t: number;
      type: "store";
      op: string;
      key?: string;
      rev: number;
      detail?: string;
      /** SQL: which conditional UPDATE ran, for whom, and how many rows it changed */
      statement?: "acquire" | "renew" | "release";
      node?: string;
      rows?: number;
      /** delete: the clients a watch told about it (etcd Watch, ZooKeeper exists() watch) */
      watchers?: string[];
      /** check-sequencer: the lock service's answer, and who held the lock at what generation */
      valid?: boolean;
      holder?: string | null;
      holderToken?: number;
      /** create: the session the ephemeral znode belongs to */
      session?: string;
      why?: Cause;
    }
  | { t: number; type: "holder"; holder: string | null; token: number }
  | {
      t: number;
      type: "write";
      node: string;
      token: number;
      result: WriteResult;
      maxSeen: number;
      sentAt: number;
      detail?: string;
      /** SQL resource: rows the fenced UPDATE changed (0 when the fence refused it) */
      rows?: number;
      /** fencing "sequencer": what decided the write (see SequencerVerdict) */
      sequencer?: SequencerVerdict;
      /** sequencer "not-current": who held the lock, at which generation (null: nobody) */
      lockHolder?: string | null;
      lockToken?: number;
      why?: Cause;
    }
  | { t: number; type: "write-skipped"; node: string; token: number; reason: string }
  | {
      t: number;
      type: "violation";
      property: string;
      detail: string;
      /** "safety": a rule broken; "hazard": a window the algorithm allows (overlap, stale write).
       *  Absent in traces recorded before the split: read as safety. */
      severity?: "safety" | "hazard";
      /** overlap: every node that believed it led, with its token */
      leaders?: Array<{ node: string; token: number }>;
      /** the node at fault, the token (or term) it had, the one it is compared with (`than`),
       *  and the other node involved (the earlier leader of that term, the earlier vote) */
      node?: string;
      token?: number;
      than?: number;
      other?: string;
      /** one-vote-per-term: the second candidate voted for */
      candidate?: string;
    }
  | { t: number; type: "note"; node: string; text: string; note: NoteInfo; why?: Cause };

export type LeaderEndCause = "crash" | "shutdown" | "stonith" | "role-change";

/** A fault's outcome when it fired. */
export type FaultEffect = "applied" | "no-effect" | "armed";
/** Why a fault did nothing: it named "leader" and no node believed it led; restart of a node
 *  that was not down; shutdown of a node that was not running. */
export type FaultNoEffect = "no-leader" | "not-down" | "not-running" | "no-message";

/** Why a lease ended on its holder's clock, or why a takeover was allowed. */
export type LeaseReason =
  | "no-ack" // etcd, SQL: no keepalive / renew acknowledged in time on the holder's clock
  | "not-found" // etcd: a keepalive answered TTL 0, the lease had expired at the store
  | "campaign-failed" // etcd: the campaign transaction failed (see error)
  | "session-done" // etcd without self-demotion: Session.Done closed (clientv3's deadline loop: TTL since the last keepalive answer)
  | "zero-rows" // SQL: the renew UPDATE matched 0 rows
  | "disconnected" // ZooKeeper: nothing from the server for the read timeout
  | "server-expired" // ZooKeeper: the server answered SESSIONEXPIRED
  | "local-expiry" // ZooKeeper: nothing from the server for 4T/3 on the client's clock
  | "renew-deadline" // Kubernetes: no renewal within renewDeadline
  | "expired" // takeover: the previous holder's lease had run out
  | "no-holder" // takeover: nobody held it
  | "release-on-cancel"; // Kubernetes ReleaseOnCancel

/** The fenced resource's verdict on a write in sequencer mode (Chubby's CheckSequencer). */
export type SequencerVerdict =
  | "current" // the lock service confirmed the writer still holds the lock
  | "not-current" // the lock service said the lock is someone else's, or nobody's
  | "no-answer" // the lock service did not answer in time; the write is refused
  | "older" // the resource had already seen a newer sequencer
  | "older-while-checked"; // a newer sequencer landed while this one was being checked

/** What a note says, as data: one kind per place the engine notes something. The kinds core
 *  itself notes are here; each protocol (and server) declares its own in its folder
 *  (protocols/<name>/notes.ts), by adding to this interface:
 *  `declare module "../../core/trace.ts" { interface NoteKinds { "my-kind": { peer: string } } }`. */
export interface NoteKinds {
  resumed: { queued: number };
  /** a graceful shutdown outlived its grace period: the process was killed */
  killed: { graceMs: number };
  "sequencer-confirmed": { token: number };
  "write-refused": { writer: string; token: number; rows?: number; sequencer?: SequencerVerdict };
}
export type NoteKind = keyof NoteKinds;
/** One kind of note, with its kind. */
export type NoteOf<K extends NoteKind> = { kind: K } & NoteKinds[K];
export type NoteInfo = { [K in NoteKind]: NoteOf<K> }[NoteKind];

export type TraceType = TraceEvent["type"];

/** Types kept when traceLevel is "roles" (the fast mode used by experiments and trials). */
export const ROLE_TYPES: ReadonlySet<string> = new Set([
  "start",
  "fault",
  "role",
  "leader-start",
  "leader-end",
  "write",
  "violation",
  "holder",
]);
