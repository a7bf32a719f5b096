// A learner's own elector as a protocol (issue 37). The module's handlers decide; the engine
// owns time, the network, faults, the store, the resource and the monitors exactly as for the
// nine built-in protocols, so the same trace, timeline, "Why?" and share links follow. The
// module's code travels in the scenario's options (compiled by src/elector/compile.ts).
// A handler that throws, runs past its step budget or misuses the API ends the run with a
// LearnerError naming the handler, the node and the line.
import type { Ctx, Protocol } from "../../core/protocol.ts";
import type { Msg } from "../../core/types.ts";
import { GuardTrip, LearnerError, loadElector, type Loaded } from "./load.ts";
import { NodeApi, storeEvent, type LearnerState } from "./node-api.ts";
import type { LearnerOptions } from "./config.ts";

const apis = new WeakMap<Ctx, NodeApi>();

function apiFor(ctx: Ctx, st: LearnerState): NodeApi {
  let a = apis.get(ctx);
  if (!a) {
    a = new NodeApi();
    apis.set(ctx, a);
  }
  return a.bind(ctx, st);
}

const at = (ctx: Ctx) => ctx.local();

/** The run-ending error for whatever a handler threw. */
function wrap(e: unknown, handler: string, ctx: Ctx, mod: Loaded): LearnerError {
  const where = `${handler} on ${ctx.id}`;
  const tripped = mod.tripped();
  if (tripped !== null)
    return new LearnerError(
      `step budget exceeded in ${handler} (line ${tripped}): a loop that never ends? (${ctx.id})`,
      handler,
      tripped,
      ctx.id,
      at(ctx),
    );
  const line = mod.line();
  if (e instanceof LearnerError)
    return new LearnerError(`${where}, line ${line}: ${e.message}`, handler, line, ctx.id, at(ctx));
  if (e instanceof GuardTrip)
    return new LearnerError(`${where}, line ${line}: ${e.message}`, handler, line, ctx.id, at(ctx));
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return new LearnerError(`${where}, line ${line}: too much recursion`, handler, line, ctx.id, at(ctx));
  const msg = e instanceof Error ? `${e.name === "Error" ? "" : `${e.name}: `}${e.message}` : String(e);
  return new LearnerError(`${where} threw at line ${line}: ${msg}`, handler, line, ctx.id, at(ctx));
}

function call(
  ctx: Ctx,
  st: LearnerState,
  handler: "init" | "onMessage" | "onTimer" | "onStore",
  a: unknown,
  b?: unknown,
): void {
  const mod = loadElector((ctx.scenario.options as LearnerOptions).code);
  const h = mod.handlers[handler];
  if (typeof h !== "function") return;
  const api = apiFor(ctx, st);
  mod.reset();
  try {
    if (handler === "init") h(api);
    else if (handler === "onMessage") h(api, a, b);
    else h(api, a);
  } catch (e) {
    throw wrap(e, handler, ctx, mod);
  }
  const t = mod.tripped();
  if (t !== null)
    throw new LearnerError(
      `step budget exceeded in ${handler} (line ${t}): a loop that never ends? (${ctx.id})`,
      handler,
      t,
      ctx.id,
      at(ctx),
    );
}

export const learner: Protocol<LearnerState> = {
  name: "learner",
  tokenKind: "term",
  grant: "election",
  init: (_ctx, durable) => {
    const d = durable as { disk: Record<string, unknown>; term: number } | null;
    return { user: {}, disk: d ? d.disk : {}, role: "follower", token: 0, term: d ? d.term : 0, seq: 0 };
  },
  start(ctx, st) {
    call(ctx, st, "init", null);
  },
  onMessage(ctx, st, m: Msg) {
    if (m.from === ctx.STORE) {
      const ev = storeEvent(m.kind, m.body as Record<string, unknown>);
      if (ev) call(ctx, st, "onStore", ev);
      return;
    }
    if (m.from > ctx.STORE) return; // the resource never answers a write
    call(ctx, st, "onMessage", ctx.nodeId(m.from), m.body);
  },
  onTimer(ctx, st, name) {
    call(ctx, st, "onTimer", name);
  },
  durable: (st) => ({ disk: st.disk, term: st.term }),
  role: (st) => st.role,
  believesLeader: (st) => st.role === "leader",
  term: (st) => st.term,
  token: (st) => (st.role === "leader" ? st.token : null),
  view: (_ctx, st) => ({ state: st.user }),
};
