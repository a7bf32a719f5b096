// How an etcd election client answers the store's replies and its own timers.
import type { Ctx } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import { DEADLINE_LOOP, O, req, sentAt, type EtcdState } from "./state.ts";
import {
  grant,
  grantInFlight,
  nextKeepAlive,
  sessionLost,
  setDeadline,
  streamBroke,
} from "./lease-session.ts";
import { campaign, waitDeletes } from "./election.ts";

export function onMessage(ctx: Ctx, st: EtcdState, m: Msg): void {
  const b = m.body;
  const ka = O(ctx).keepAlive;
  if (ka) {
    // Any frame from the server (a PING ack included) restarts the wait.
    ctx.cancelTimer("h2");
    ctx.setTimer("h2ping", ka.time);
    if (m.kind === "PingResp") return;
  }
  switch (m.kind) {
    case "LeaseGrantResp":
      if (st.phase !== "granting" || b.reqId !== st.want) return;
      st.lease = b.lease;
      st.ttl = b.ttl;
      st.ackedSend = sentAt(st, b.reqId) as number;
      st.kaSent = [];
      setDeadline(ctx, st);
      // clientv3 lease.go KeepAlive: a fresh keepAlive has nextKeepAlive: time.Now(), so the
      // first keepalive goes out at once; TTL/3 applies only after each response (lease.go:549).
      st.kaLoop = ctx.local();
      ctx.setTimer("ka", 0);
      campaign(ctx, st);
      return;
    case "LeaseKeepAliveResp": {
      const sent = sentAt(st, b.reqId);
      if (sent === undefined || b.lease !== st.lease) return;
      if (b.ttl <= 0) {
        // Session.Done closes on a TTL-0 answer (lease.go recvKeepAlive). Without the
        // application's timer, a waiting Campaign does not notice (etcd issue 19597).
        if (!O(ctx).selfDemote && st.phase !== "leader") {
          st.done = true;
          ctx.cancelTimer("ka");
          ctx.cancelTimer("demote");
          return;
        }
        return sessionLost(
          ctx,
          st,
          "keepalive answered: lease not found (expired at the store)",
          "not-found",
        );
      }
      if (sent > st.ackedSend) st.ackedSend = sent;
      // Older keepalives went unanswered: the stream broke and came back. The client then
      // resumes its watch from the last revision it saw (clientv3 watch resumption).
      const before = st.kaSent.length;
      st.kaSent = st.kaSent.filter((k) => k.id !== b.reqId && k.at >= sent);
      const gap = st.kaSent.length < before - 1;
      setDeadline(ctx, st);
      ctx.setTimer("ka", nextKeepAlive(ctx, st));
      // With options.keepAlive the stream's break is modelled itself (onTimer "h2": the watch
      // resumes from its revision), so this stand-in is not needed there.
      if (gap && st.phase === "waiting" && !O(ctx).keepAlive) waitDeletes(ctx, st);
      return;
    }
    case "CampaignResp":
      if (st.phase !== "campaigning" || b.reqId !== st.want) return;
      if (b.error)
        return sessionLost(ctx, st, `campaign failed: ${b.error}`, "campaign-failed", String(b.error));
      st.rev = b.succeeded ? b.rev : b.results[0].kvs[0].createRev;
      ctx.because(
        "etcd.campaign.queued",
        { rev: st.rev, created: !!b.succeeded, key: st.key },
        { kind: "none" },
      );
      waitDeletes(ctx, st);
      return;
    case "GetPredecessorResp": {
      if (st.phase !== "waiting" || b.reqId !== st.want) return;
      ctx.cancelTimer("retry");
      const kvs = b.results[0].kvs as Array<{ key: string }>;
      if (kvs.length === 0) {
        ctx.because(
          "etcd.election.noPredecessor",
          { rev: st.rev, predecessors: 0, atRev: b.rev },
          { kind: "none" },
        );
        st.phase = "leader";
        st.waitingOn = null;
        // Campaign returned. If Session.Done already closed while it waited, its key is gone too
        // (etcd issue 19597), yet Campaign said success; the application's select on Done sees
        // that at the deadline loop's next tick.
        if (st.done)
          ctx.setTimer("demote", DEADLINE_LOOP - ((ctx.local() - (st.loopStart ?? 0)) % DEADLINE_LOOP));
        return;
      }
      // key.go:25-45: watch the predecessor from the next revision until it is deleted.
      st.waitingOn = kvs[0].key;
      st.watchReq = req(ctx, st);
      if (O(ctx).keepAlive) {
        st.watchFrom = b.rev + 1;
        st.resumed = false;
      }
      ctx.send(ctx.STORE, "Watch", { reqId: st.watchReq, key: st.waitingOn, fromRev: b.rev + 1 });
      ctx.setTimer("retry", O(ctx).retry);
      return;
    }
    case "WatchResp":
      if (b.reqId === st.watchReq) ctx.cancelTimer("retry");
      return;
    case "WatchEvent":
      if (st.phase === "waiting" && b.reqId === st.watchReq && b.key === st.waitingOn) {
        if (st.resumed)
          ctx.note(
            `the resumed watch on ${b.key} delivered its delete (revision ${b.rev}, watched from ${st.watchFrom})`,
            { kind: "resumed-watch-event", key: b.key, rev: b.rev, fromRev: st.watchFrom as number },
          );
        ctx.because(
          "etcd.watch.predecessorDeleted",
          { key: b.key, rev: b.rev, myRev: st.rev },
          { kind: "none" },
        );
        waitDeletes(ctx, st);
      }
      return;
  }
}

export function onTimer(ctx: Ctx, st: EtcdState, name: string): void {
  if (name === "h2") return streamBroke(ctx, st);
  if (name === "h2ping") {
    // Time without a frame from the server: an HTTP/2 PING, which must be answered within Timeout.
    ctx.send(ctx.STORE, "Ping", { reqId: req(ctx, st) });
    return ctx.setTimer("h2", (O(ctx).keepAlive as { timeout: number }).timeout);
  }
  if (name === "ka") {
    if (!st.lease || st.done) return;
    const id = req(ctx, st);
    st.kaSent.push({ id, at: ctx.local() });
    ctx.send(ctx.STORE, "LeaseKeepAlive", { reqId: id, lease: st.lease });
    // Unanswered keepalives are resent every retryConnWait (lease.go:86, 593-620).
    ctx.setTimer("ka", O(ctx).retry);
  } else if (name === "demote") {
    if (!O(ctx).selfDemote) {
      // Session.Done. A waiting Campaign does not watch it: it stays blocked in waitDeletes on
      // its predecessor, its own key deleted with the lease (the issue 19597 gap). A leader's
      // application selects on Done and stops.
      st.done = true;
      ctx.cancelTimer("ka"); // the keepalive loop for this lease has ended
      if (st.phase !== "leader") return;
      return sessionLost(
        ctx,
        st,
        `Session.Done: no keepalive answer for TTL ${st.ttl} ms since the one received at ${st.ackedRecv} on my clock`,
        "session-done",
      );
    }
    sessionLost(
      ctx,
      st,
      `no keepalive acknowledged since the one sent at ${st.ackedSend} on my clock (TTL ${st.ttl} ms, margin ${O(ctx).margin} ms)`,
      "no-ack",
    );
  } else if (name === "retry") {
    // A request went unanswered (store down or unreachable): ask again.
    if (st.phase === "granting") {
      if (grantInFlight(ctx, st)) return ctx.setTimer("retry", O(ctx).retry);
      grant(ctx, st);
    } else if (st.phase === "campaigning") campaign(ctx, st);
    else if (st.phase === "waiting") waitDeletes(ctx, st);
  }
}
