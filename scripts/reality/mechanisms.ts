// The range each timing may take on the real system, derived from the mechanism that sets it
// (read in the real source; versions as Debian packages them: etcd 3.4.23, ZooKeeper 3.8.0).
// A figure on either side outside its range is named in the report.
import type { RealScenario, TimingName } from "./scenarios.ts";
import type { Timing } from "./figures.ts";

export interface Range { lo: number; hi: number; why: string }

// clientv3 lease.go: recvKeepAlive sets nextKeepAlive = now + TTL/3 and deadline = now + TTL;
// sendKeepAliveLoop wakes every 500 ms, so a keepalive goes out at the first 500 ms tick after
// TTL/3; deadlineLoop wakes every 1 s and closes the channel (Session.Done) past the deadline.
// lease/lessor.go: runLoop looks for expired leases every 500 ms and revokes them through Raft.
const KA_TICK = 500, LESSOR_TICK = 500, DEADLINE_TICK = 1000, COMMIT = 150;

export function mechanismRange(sc: RealScenario, timing: TimingName, fig: Timing): Range | null {
  const p = sc.timings[timing];
  const P = p.faultFor ?? 0;
  switch (sc.system) {
    case "etcd-election": {
      const ttl = p.ttl! * 1000;
      const ka = ttl / 3 + KA_TICK;
      const expiry: Range = { lo: ttl - ka, hi: ttl + LESSOR_TICK + COMMIT, why: `lease expires TTL after the last keepalive (sent every ${Math.round(ttl / 3)}-${Math.round(ka)} ms: TTL/3 on clientv3's 500 ms loop), found by the lessor's 500 ms loop` };
      if (sc.fault === "resign") return fig === "failoverMs" ? { lo: 0, hi: 2 * COMMIT, why: "the key's delete commits through Raft (a WAL fsync on this machine's disk) and the successor's watch fires; the harness's etcdctl also opens its connection once handed the request" } : null;
      if (sc.fault === "crash") return fig === "failoverMs" ? expiry : null;
      if (fig === "failoverMs") return { ...expiry, hi: sc.fault === "pause" ? Math.min(expiry.hi, P + LESSOR_TICK + COMMIT) : expiry.hi };
      if (fig === "oldEndMs") {
        return sc.fault === "pause"
          ? { lo: P, hi: P + DEADLINE_TICK + COMMIT, why: "on waking, clientv3's 1 s deadline loop (or a keepalive answered with TTL 0) closes the session" }
          : { lo: ttl - ka, hi: ttl + DEADLINE_TICK + COMMIT, why: "clientv3 closes the session TTL after the last keepalive answer, on its 1 s deadline loop" };
      }
      if (fig === "overlapMs" && sc.fault === "pause") {
        return { lo: P - expiry.hi, hi: P + DEADLINE_TICK + COMMIT - expiry.lo, why: "the successor starts when the lease expires during the pause; the woken leader learns it only on its next loop after the pause" };
      }
      if (fig === "overlapMs") return { lo: -(LESSOR_TICK + COMMIT), hi: DEADLINE_TICK + COMMIT, why: "the session ends on the client's 1 s loop, the key on the lessor's 500 ms loop; neither waits for the other" };
      return null;
    }
    case "etcd-raft": {
      // etcd-io/raft raft.go: followers campaign when electionElapsed reaches a timeout drawn
      // from [electionTimeout, 2*electionTimeout) ticks, counted from the last heartbeat. The
      // count is of whole ticks of etcdserver's ticker (raftNode.start), whose first tick after
      // a heartbeat comes anywhere up to one tick later, so the timeout runs out between one tick
      // short of its length and its length after the heartbeat; and the last heartbeat left the
      // leader up to one heartbeat before the fault. Hence the lower bound of et - 2 hb.
      const et = p.election!, hb = p.heartbeat!;
      if (fig === "failoverMs") return { lo: et - 2 * hb, hi: 4 * et + hb, why: `a follower times out ${et - hb}-${2 * et - hb} ms after the last heartbeat (whole ${hb} ms ticks, the first one up to a tick after the heartbeat; the last heartbeat up to ${hb} ms before the fault) and wins a round of votes; a split vote, or a vote ignored by a follower still inside the old leader's lease, costs one more timeout drawn afresh` };
      if (fig === "oldEndMs" && sc.fault === "pause") return { lo: P, hi: P + 2 * hb, why: "the woken leader steps down on the first message of the higher term (heartbeats every 100 ms)" };
      return null;
    }
    case "zk-recipe": {
      // ClientCnxn: readTimeout = 2/3 of the negotiated session timeout and a ping after
      // readTimeout/2 idle (10 s at most); ExpiryQueue rounds each session's expiry up to the
      // next tickTime boundary; the successor's exists() watch fires on the delete.
      const S = p.session!, tick = p.tickTime!;
      if (fig === "failoverMs") return { lo: S - S / 3, hi: S + tick + COMMIT, why: `the session expires ${S} ms after the last ping (pings every ${Math.round(S / 3)} ms), rounded up to the next ${tick} ms tick; the successor's watch fires` };
      if (fig === "oldEndMs" && sc.fault === "pause") return { lo: P, hi: P + 1000, why: "on waking, the client's read timeout has long passed: it reports Disconnected at once" };
      return null;
    }
    case "zab": {
      // FastLeaderElection: finalizeWait 200 ms before deciding; Leader waits for a quorum's
      // epoch and NEWLEADER acks for at most initLimit ticks. Learner: a follower's socket times
      // out after syncLimit ticks of silence (the leader pings every tickTime / 2).
      const tick = p.tickTime!, init = p.initLimit! * tick, sync = p.syncLimit! * tick;
      const elect = { lo: 200, hi: 200 + init };
      if (fig === "failoverMs") {
        return sc.fault === "crash"
          ? { ...elect, why: "the crashed leader's sockets close, followers look at once; finalizeWait 200 ms, then discovery and sync (bounded by initLimit ticks)" }
          : { lo: sync - tick / 2 + elect.lo, hi: sync + elect.hi, why: `followers give up after syncLimit × tickTime (${sync} ms) of silence, then elect as after a crash` };
      }
      if (fig === "oldEndMs" && sc.fault === "pause") return { lo: P, hi: P + tick + COMMIT, why: "the woken leader checks every tickTime / 2 that a quorum still follows, and gives up" };
      return null;
    }
  }
}
