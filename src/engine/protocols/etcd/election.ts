// The election's requests to the store: Campaign (put the key if absent) and the wait for the predecessor's delete.
import type { Ctx } from "../../core/protocol.ts";
import { leaseHex } from "../../servers/index.ts";
import { O, req, type EtcdState } from "./state.ts";

/** election.go:69-107: Txn If(CreateRevision(k)==0) Then Put(k, val, lease) Else Get(k). */
export function campaign(ctx: Ctx, st: EtcdState): void {
  st.phase = "campaigning";
  st.key = `${O(ctx).prefix}/${leaseHex(st.lease)}`;
  st.want = req(ctx, st);
  ctx.send(ctx.STORE, "Campaign", {
    reqId: st.want,
    compare: [{ key: st.key, target: "create", result: "=", value: 0 }],
    success: [{ op: "put", key: st.key, value: ctx.id, lease: st.lease }],
    failure: [{ op: "get", key: st.key }],
  });
  ctx.setTimer("retry", O(ctx).retry);
}

/** key.go:49-64: find the immediate predecessor by create revision; none left means we lead. */
export function waitDeletes(ctx: Ctx, st: EtcdState): void {
  st.phase = "waiting";
  st.want = req(ctx, st);
  ctx.send(ctx.STORE, "GetPredecessor", {
    reqId: st.want,
    compare: [],
    success: [
      { op: "get", key: `${O(ctx).prefix}/`, prefix: true, sort: "lastCreate", maxCreateRev: st.rev - 1 },
    ],
  });
  ctx.setTimer("retry", O(ctx).retry);
}
