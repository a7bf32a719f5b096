// Raft leader election (Ongaro & Ousterhout 2014 §5.2, §5.4.1; thesis §6.2 CheckQuorum,
// §9.6 Pre-Vote; etcd-io/raft raft.go). The log is modelled by its summary (lastIndex,
// lastTerm): a follower that accepts AppendEntries from its leader catches up to the leader's
// summary, which is all the election's up-to-date check needs. Token: the term.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import { canVote, quorum, upToDate } from "./rules.ts";
import type { RaftDurable, RaftState } from "./state.ts";
import { causeLayout } from "../../core/cause-record.ts";
import {
  O,
  T,
  armCheckQuorum,
  armElection,
  armHeartbeat,
  becomeFollower,
  becomeLeader,
  campaign,
  count,
  etcd,
  preCampaign,
  restartElection,
  sendHeartbeats,
} from "./transitions.ts";
import { electionTicks, tickMs, ticksSince } from "./ticks.ts";

/** What a vote's cause records (§5.2, §5.4.1: the candidate's log against ours, and whom we
 *  already voted for or follow), in this order. */
const VOTE_VALUES = causeLayout(
  [
    "candidateLastTerm",
    "candidateLastIndex",
    "ownLastTerm",
    "ownLastIndex",
    "votedFor",
    "leader",
    "candidate",
    "msgTerm",
    "ownTerm",
    "pre",
  ],
  // given as node indices (-1: none), recorded as the nodes' names
  ["votedFor", "leader", "candidate"],
);

/** The shortest time a timeout can take, for the rules' values: the minimum election timeout;
 *  with etcd's ticks, electionTimeout whole ticks, the first of which may be partly gone. */
function timeoutValues(ctx: Ctx, st: RaftState): Record<string, number | null> {
  const lastHeardMs = Number.isFinite(st.heardAt) ? st.heardAt : null;
  if (!etcd(ctx)) return { term: st.d.term, lastHeardMs, minTimeoutMs: T(ctx).electionTimeout[0] };
  return {
    term: st.d.term,
    lastHeardMs,
    minTimeoutMs: electionTicks(ctx) * tickMs(ctx),
    tickMs: tickMs(ctx),
  };
}

function onTimer(ctx: Ctx, st: RaftState, name: string): void {
  if (name === "election") {
    if (st.role === "leader") return;
    ctx.because(O(ctx).preVote ? "raft.prevote.timeout" : "raft.election.timeout", timeoutValues(ctx, st));
    if (O(ctx).preVote) preCampaign(ctx, st);
    else campaign(ctx, st);
  } else if (name === "heartbeat" && st.role === "leader") {
    sendHeartbeats(ctx, st);
    armHeartbeat(ctx, st);
  } else if (name === "checkQuorum" && st.role === "leader") {
    // Thesis §6.2; etcd MsgCheckQuorum raft.go:1281-1292: step down without a recently active quorum.
    const heard =
      1 +
      count(
        st.active.map((a) => (a ? 1 : 0)),
        1,
      );
    st.active.fill(false);
    if (heard < quorum(ctx.n)) {
      const why = ctx.because("raft.checkQuorum", { heard, quorum: quorum(ctx.n), of: ctx.n });
      ctx.note(
        `CheckQuorum: heard from ${heard} of ${ctx.n} in the last election timeout; stepping down`,
        { kind: "check-quorum", heard, of: ctx.n },
        why,
      );
      becomeFollower(ctx, st, st.d.term, -1);
    } else armCheckQuorum(ctx, st);
  }
}

/** etcd raft.go Step: the leader counts itself (see onMessage); a follower is in lease while it
 *  heard its leader within the (base) election timeout: with etcd's ticks, while its ticker
 *  has delivered fewer than electionTimeout ticks since (electionElapsed < electionTimeout). */
function inLease(ctx: Ctx, st: RaftState): boolean {
  if (st.leader === -1) return false;
  if (st.role === "leader") return true;
  if (etcd(ctx)) return ticksSince(ctx, st.phase, st.heardAt) < electionTicks(ctx);
  return ctx.local() - st.heardAt < T(ctx).electionTimeout[0];
}

/** etcd-io/raft raft.go stepCandidate, `case quorum.VoteLost: r.becomeFollower(r.Term, None)`:
 *  a (pre-)candidate that a majority refused steps back at its own term; becomeFollower's
 *  reset() draws a fresh randomized election timeout. */
function voteLost(ctx: Ctx, st: RaftState): void {
  const why = ctx.because("raft.vote.lost", {
    refused: count(st.votes, -1),
    quorum: quorum(ctx.n),
    pre: st.role === "precandidate",
    term: st.d.term,
  });
  ctx.note(
    `${st.role === "precandidate" ? "pre-vote" : "election"} lost: a majority refused; back to follower in term ${st.d.term}`,
    { kind: "vote-lost", term: st.d.term, pre: st.role === "precandidate" },
    why,
  );
  becomeFollower(ctx, st, st.d.term, -1);
  // etcd's becomeFollower already drew a fresh timeout (reset); the paper's keeps the running one.
  if (!etcd(ctx)) armElection(ctx, st);
}

/** Fig. 2: persist currentTerm/votedFor before responding; the reply waits for the write. */
function reply(
  ctx: Ctx,
  st: RaftState,
  m: Msg,
  term0: number,
  vote0: number,
  kind: string,
  body: unknown,
): void {
  ctx.send(m.from, kind, body, st.d.term !== term0 || st.d.votedFor !== vote0 ? O(ctx).persist : 0);
}

function onMessage(ctx: Ctx, st: RaftState, m: Msg): void {
  const b = m.body as {
    term: number;
    granted?: boolean;
    success?: boolean;
    lastIndex: number;
    lastTerm: number;
  };
  const d = st.d;
  const term0 = d.term,
    vote0 = d.votedFor;
  const isVoteReq = m.kind === "RequestVote" || m.kind === "PreVote";
  if (b.term > d.term) {
    // etcd-io/raft raft.go Step (m.Term > r.Term): with CheckQuorum, ignore (pre)votes while
    // "in lease": `inLease := r.checkQuorum && r.lead != None && r.electionElapsed < r.electionTimeout`.
    // The leader is its own lead, and its tickHeartbeat resets electionElapsed every
    // electionTimeout ticks (where it runs MsgCheckQuorum), so a leader is always in lease: it
    // leaves only through CheckQuorum, never through a higher-term vote request.
    if (isVoteReq && O(ctx).checkQuorum && inLease(ctx, st)) {
      if (!ctx.recordsAll) return; // what follows is only the note saying so
      const why = ctx.cause("raft.vote.inLease", {
        ...timeoutValues(ctx, st),
        leading: st.role === "leader",
        msgTerm: b.term,
        ownTerm: d.term,
      });
      ctx.note(
        st.role === "leader"
          ? `ignored ${m.kind} from ${ctx.nodeId(m.from)}: leading, in lease (CheckQuorum)`
          : `ignored ${m.kind} from ${ctx.nodeId(m.from)}: leader ${ctx.nodeId(st.leader)} heard recently`,
        {
          kind: "vote-ignored",
          message: m.kind,
          from: ctx.nodeId(m.from),
          leader: ctx.nodeId(st.role === "leader" ? ctx.self : st.leader),
        },
        why,
      );
      return;
    }
    // A PreVote, or a granted PreVoteResp, never changes our term (etcd raft.go:1114-1115).
    if (m.kind !== "PreVote" && !(m.kind === "PreVoteResp" && b.granted)) {
      ctx.because("raft.term.higher", { msgTerm: b.term, ownTerm: d.term, message: m.kind });
      becomeFollower(ctx, st, b.term, m.kind === "AppendEntries" ? m.from : -1);
    }
  } else if (b.term < d.term) {
    if (etcd(ctx)) {
      // etcd-io/raft Step, `case m.Term < r.Term` (raft.go at
      // cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2): a stale MsgApp/MsgHeartbeat is answered
      // (an MsgAppResp at our term) only with CheckQuorum or Pre-Vote on; a stale MsgPreVote is
      // rejected at our term; anything else, a stale MsgVote among them, is ignored.
      if (m.kind === "AppendEntries" && (O(ctx).checkQuorum || O(ctx).preVote))
        ctx.send(m.from, "AppendEntriesResp", { term: d.term, success: false });
      else if (m.kind === "PreVote") ctx.send(m.from, "PreVoteResp", { term: d.term, granted: false });
      return;
    }
    // Fig. 2: reply false with our term, so a stale leader or candidate learns it is behind.
    if (m.kind === "AppendEntries") ctx.send(m.from, "AppendEntriesResp", { term: d.term, success: false });
    else if (isVoteReq)
      ctx.send(m.from, m.kind === "PreVote" ? "PreVoteResp" : "RequestVoteResp", {
        term: d.term,
        granted: false,
      });
    return;
  }
  switch (m.kind) {
    case "AppendEntries": {
      if (st.role !== "follower") {
        ctx.because("raft.appendEntries.leader", { msgTerm: b.term, ownTerm: d.term });
        becomeFollower(ctx, st, d.term, m.from);
      }
      st.leader = m.from;
      st.heardAt = ctx.local();
      if (O(ctx).replicate) {
        d.lastIndex = b.lastIndex; // replication abstracted: catch up to the leader's log
        d.lastTerm = b.lastTerm;
      }
      restartElection(ctx, st); // Fig. 2 Followers; etcd stepFollower MsgApp: electionElapsed = 0
      reply(ctx, st, m, term0, vote0, "AppendEntriesResp", { term: d.term, success: true });
      return;
    }
    case "AppendEntriesResp":
      if (st.role === "leader") st.active[m.from] = true;
      return;
    case "RequestVote":
    case "PreVote": {
      const pre = m.kind === "PreVote";
      const free = canVote(d.votedFor, st.leader, m.from, pre, b.term, d.term);
      const fresh = upToDate(b, d);
      const ok = free && fresh;
      // The values the two checks read (VOTE_VALUES), before a granted vote changes votedFor.
      // Only a full trace keeps votes: a lean one (trials) would read them to drop them.
      const why = !ctx.recordsAll
        ? null
        : [
            b.lastTerm,
            b.lastIndex,
            d.lastTerm,
            d.lastIndex,
            d.votedFor,
            st.leader,
            m.from,
            b.term,
            d.term,
            pre,
          ];
      if (ok && !pre) {
        d.votedFor = m.from; // persisted before replying
        restartElection(ctx, st); // Fig. 2; etcd Step MsgVote granted: electionElapsed = 0
      }
      const term = pre ? b.term : d.term;
      if (why)
        ctx.voteBecause(
          term,
          m.from,
          ok,
          pre,
          ok ? "raft.vote.grant" : !fresh ? "raft.vote.logUpToDate" : "raft.vote.alreadyVoted",
          VOTE_VALUES,
          why,
        );
      else ctx.vote(term, m.from, ok, pre);
      reply(ctx, st, m, term0, vote0, pre ? "PreVoteResp" : "RequestVoteResp", {
        term: ok && pre ? b.term : d.term,
        granted: ok,
      });
      return;
    }
    case "RequestVoteResp":
      if (st.role !== "candidate" || b.term !== d.term) return;
      st.votes[m.from] = b.granted ? 1 : -1;
      if (count(st.votes, 1) >= quorum(ctx.n)) {
        ctx.because("raft.election.won", {
          granted: count(st.votes, 1),
          quorum: quorum(ctx.n),
          term: d.term,
        });
        becomeLeader(ctx, st);
      } else if (O(ctx).voteLost && count(st.votes, -1) >= quorum(ctx.n)) voteLost(ctx, st);
      return;
    case "PreVoteResp":
      // A grant carries the term asked for (ours + 1); a refusal carries the voter's own term,
      // which is ours here (a higher one already made us a follower above). etcd counts both in
      // stepCandidate's poll (raft.go myVoteRespType).
      if (st.role !== "precandidate" || b.term !== (b.granted ? d.term + 1 : d.term)) return;
      st.votes[m.from] = b.granted ? 1 : -1;
      if (count(st.votes, 1) >= quorum(ctx.n)) {
        ctx.because("raft.prevote.won", { granted: count(st.votes, 1), quorum: quorum(ctx.n), term: d.term });
        campaign(ctx, st); // raft.go:1702-1705
      } else if (O(ctx).voteLost && count(st.votes, -1) >= quorum(ctx.n)) voteLost(ctx, st);
      return;
  }
}

export const raft: Protocol<RaftState> = {
  name: "raft",
  tokenKind: "term",
  electionKinds: ["RequestVote", "RequestVoteResp", "PreVote", "PreVoteResp"],
  init(ctx, durable) {
    const o = O(ctx);
    const len = o.logs ? o.logs[ctx.self] : 0;
    const d: RaftDurable = durable
      ? { ...(durable as RaftDurable) }
      : { term: o.logs || o.initialLeader ? 1 : 0, votedFor: -1, lastIndex: len, lastTerm: len > 0 ? 1 : 0 };
    const st: RaftState = {
      d,
      role: "follower",
      leader: -1,
      votes: new Array(ctx.n).fill(0),
      active: new Array(ctx.n).fill(false),
      heardAt: -Infinity,
      phase: 0,
      rto: 0,
    };
    if (!durable && o.initialLeader) {
      const li = Number(o.initialLeader.slice(1)) - 1;
      d.votedFor = li;
      st.leader = li;
      if (li === ctx.self) st.role = "leader";
    }
    return st;
  },
  start(ctx, st) {
    // etcd: the process starts its ticker (etcdserver's time.Ticker) wherever it boots, so
    // each server's tick boundaries have their own phase; a restart starts a new ticker.
    if (etcd(ctx)) st.phase = Math.round(ctx.random() * tickMs(ctx) * 1000) / 1000;
    if (st.role === "leader") {
      ctx.because("raft.initialLeader", { leader: ctx.id, term: st.d.term });
      becomeLeader(ctx, st, false);
    } else {
      if (st.leader !== -1) st.heardAt = ctx.local();
      armElection(ctx, st); // etcd newRaft: becomeFollower, reset()
    }
  },
  onMessage,
  onTimer,
  durable: (st) => ({ ...st.d }),
  role: (st) => st.role,
  believesLeader: (st) => st.role === "leader",
  term: (st) => st.d.term,
  token: (st) => (st.role === "leader" ? st.d.term : null),
  view: (ctx, st) => ({
    leader: st.leader >= 0 ? ctx.nodeId(st.leader) : null,
    votedFor: st.d.votedFor >= 0 ? ctx.nodeId(st.d.votedFor) : null,
    log: { lastIndex: st.d.lastIndex, lastTerm: st.d.lastTerm },
    votes:
      st.role === "candidate" || st.role === "precandidate" ? st.votes.filter((v) => v === 1).length : null,
    // The tally RaftScope draws: granted, refused, and (the rest) still in flight.
    denied:
      st.role === "candidate" || st.role === "precandidate" ? st.votes.filter((v) => v === -1).length : null,
    preVote: st.role === "precandidate",
    electionDeadline: ctx.timerDue("election"),
  }),
  beforeWrite(_ctx, st) {
    // A leader's write goes through its log first (options.appendWrites): followers that miss
    // replication fall behind, so the up-to-date check matters when they campaign later.
    if (O(_ctx).appendWrites) {
      st.d.lastIndex++;
      st.d.lastTerm = st.d.term;
    }
    return null;
  },
};
