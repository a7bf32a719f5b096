// The ctx a protocol sees (protocols/types.ts Ctx): one per world, re-bound to the node being
// run before each handler. A class rather than closures over the bound node, so a world costs
// one object to make and every call is a plain method call.
import { localAt, wallAt } from "./clock.ts";
import { nextFloat } from "./random.ts";
import { send } from "./network.ts";
import { closeConnection, connEnd, usesConnections } from "./connection.ts";
import { emit } from "./trace-emit.ts";
import { voteCast } from "./monitors.ts";
import { armTimer, cancelTimer, timerArmed, timerSlot } from "./timers.ts";
import { currentArm } from "./cause-make.ts";
import { packNodeCause, valuesOf, type CauseLayout } from "./cause-record.ts";
import type { World } from "./world.ts";
import type { NodeRt } from "./types.ts";
import type { CoreScenario } from "./scenario.ts";
import type { Ctx, TraceInput } from "./protocol.ts";
import type { NoteInfo } from "./trace.ts";
import type { Cause, CauseClock, CauseValue, CauseValues } from "./cause.ts";

export class NodeCtx implements Ctx {
  self = 0;
  id = "n1";
  inc = 0;
  readonly n: number;
  readonly STORE: number;
  readonly scenario: CoreScenario;
  private node: NodeRt;
  private readonly w: World;

  constructor(w: World) {
    this.w = w;
    this.node = w.s.nodes[0];
    this.n = w.s.nodes.length;
    this.STORE = w.STORE;
    this.scenario = w.s.scenario;
  }

  bind(i: number): void {
    const node = (this.node = this.w.s.nodes[i]);
    this.self = i;
    this.id = node.id;
    this.inc = node.inc;
  }

  get recordsAll(): boolean {
    return this.w.s.traceLevel === "full";
  }

  local(): number {
    return localAt(this.node.clock, this.w.s.now);
  }
  wall(): number {
    return wallAt(this.node.clock, this.w.s.now);
  }
  send(to: number, kind: string, body: unknown, holdMs?: number): void {
    send(this.w, this.node.idx, to, kind, body, holdMs);
  }
  closeConnection(peer: number): void {
    closeConnection(this.w, this.node.idx, peer);
  }
  connection(peer: number): number {
    return usesConnections(this.w) ? Math.max(0, connEnd(this.w, this.node.idx, peer)) : 0;
  }
  setTimer(name: string, ms: number): void {
    armTimer(this.w, this.node, name, ms);
  }
  cancelTimer(name: string): void {
    cancelTimer(this.w, this.node, name);
  }
  hasTimer(name: string): boolean {
    return timerArmed(this.node, timerSlot(this.w, name));
  }
  timerDue(name: string): number | null {
    const k = timerSlot(this.w, name);
    return timerArmed(this.node, k) ? this.node.due[k] : null;
  }
  random(): number {
    return nextFloat(this.w.s.rng);
  }
  exit(): void {
    if (this.node.stopping !== undefined) this.node.exiting = true;
  }

  nodeId(i: number): string {
    const w = this.w;
    return i < w.s.nodes.length ? w.s.nodes[i].id : i === w.STORE ? "store" : "resource";
  }

  trace(ev: TraceInput): void {
    emit(this.w, ev);
  }
  note(text: string, note: NoteInfo, why?: Cause): void {
    emit(
      this.w,
      why
        ? { type: "note", node: this.node.id, text, note, why }
        : { type: "note", node: this.node.id, text, note },
    );
  }

  cause(rule: string, values: CauseValues, clock?: CauseClock): Cause {
    const c: Cause = {
      rule,
      values,
      clock: clock ?? { kind: "monotonic", node: this.node.id, ms: this.local() },
    };
    const arm = currentArm(this.w);
    if (arm) c.armedBy = arm;
    return c;
  }

  because(rule: string, values: CauseValues, clock?: CauseClock): Cause {
    return (this.w.pending = this.cause(rule, values, clock));
  }

  vote(term: number, cand: number, granted: boolean, pre: boolean, why?: Cause): void {
    const w = this.w;
    if (w.s.traceLevel === "full") w.s.trace.pushVote(w.s.now, this.node.idx, cand, term, granted, pre, why);
    if (granted && !pre) voteCast(w, this.node.idx, term, w.s.nodes[cand].id);
  }

  voteBecause(
    term: number,
    cand: number,
    granted: boolean,
    pre: boolean,
    rule: string,
    layout: CauseLayout,
    vals: readonly CauseValue[],
  ): void {
    const w = this.w;
    if (w.s.traceLevel !== "full") return this.vote(term, cand, granted, pre);
    const log = w.s.trace;
    const r = packNodeCause(w, log.causeStore(), log, layout, rule, vals, this.node);
    if (r < 0)
      return this.vote(
        term,
        cand,
        granted,
        pre,
        this.cause(
          rule,
          valuesOf(layout, vals, (i) => this.nodeId(i)),
        ),
      );
    log.pushVoteRecord(w.s.now, this.node.idx, cand, term, granted, pre, r);
    if (granted && !pre) voteCast(w, this.node.idx, term, w.s.nodes[cand].id);
  }
}
