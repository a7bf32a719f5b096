// Loading a learner's compiled elector (src/elector/compile.ts made it: types stripped, a step
// counted at every function entry and loop back-edge, the current line kept before every
// statement). It runs with `new Function` in a scope where the host's clock, timers, randomness
// and globals are shadowed by stand-ins that throw a message saying what to use instead, so the
// same module gives the same run in the browser, a Worker and Node. Loaded modules are cached by
// their code: evaluating one only defines functions.

/** The guard's helpers inside a loaded module (compile.ts writes calls to them). */
export const STEP = "__step";
export const LINE = "__line";

/** Steps (function entries and loop iterations) one handler call may take. A correct elector
 *  takes a few per peer; an endless loop reaches this in a few milliseconds. */
export const STEP_BUDGET = 200_000;

/** Host features a node must not reach, and what to use instead. */
export const HOST_FEATURES: Readonly<Record<string, string>> = {
  Date: "use node.now(), this node's own clock",
  setTimeout: "use node.setTimer(name, ms)",
  setInterval: "use node.setTimer(name, ms) and arm it again when it fires",
  clearTimeout: "use node.cancelTimer(name)",
  clearInterval: "use node.cancelTimer(name)",
  setImmediate: "use node.setTimer(name, 0)",
  queueMicrotask: "handlers run to completion: do the work now",
  requestAnimationFrame: "use node.setTimer(name, ms)",
  performance: "use node.now(), this node's own clock",
  crypto: "use node.random(), which the run seeds",
  fetch: "a node talks to the others with node.send",
  XMLHttpRequest: "a node talks to the others with node.send",
  WebSocket: "a node talks to the others with node.send",
  Promise: "handlers run to completion: do the work now",
  globalThis: "keep state in node.state",
  self: "keep state in node.state",
  window: "keep state in node.state",
  global: "keep state in node.state",
  process: "keep state in node.state",
  require: "everything a node needs is on node",
  importScripts: "everything a node needs is on node",
  postMessage: "use node.send",
  console: "use node.log(text)",
};

/** A handler threw, ran past its step budget, or misused the API: the run ends with this. */
export class LearnerError extends Error {
  constructor(
    message: string,
    readonly handler: string,
    readonly line: number,
    readonly node = "",
    readonly at = 0,
  ) {
    super(message);
    this.name = "LearnerError";
  }
}

/** Thrown inside the module by the step counter and the shadows; the protocol rewraps it. */
export class GuardTrip extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = "GuardTrip";
  }
}

export type LearnerHandlers = Partial<
  Record<"init" | "onMessage" | "onTimer" | "onStore", (...args: unknown[]) => unknown>
>;

export interface Loaded {
  handlers: LearnerHandlers;
  /** the line the last statement started on */
  line(): number;
  /** before each handler call: a fresh step budget */
  reset(): void;
  /** the step budget ran out in this call (even if the code caught the error): its line */
  tripped(): number | null;
}

const cache = new Map<string, Loaded>();

function thrower(name: string): unknown {
  const fail = () => {
    throw new GuardTrip(`${name} is not available to a node: ${HOST_FEATURES[name]}`, null);
  };
  return new Proxy(
    function shadow() {
      /* stands for a host feature */
    },
    { get: fail, apply: fail, construct: fail, set: fail, has: fail },
  );
}

function safeMath(): Math {
  const m: Record<string, unknown> = {};
  for (const k of Object.getOwnPropertyNames(Math)) m[k] = (Math as unknown as Record<string, unknown>)[k];
  m.random = () => {
    throw new GuardTrip(
      "Math.random is not available to a node: use node.random(), which the run seeds",
      null,
    );
  };
  return Object.freeze(m) as unknown as Math;
}

/** Load (or reuse) a compiled module. Throws LearnerError("load") when its top level throws. */
export function loadElector(code: string): Loaded {
  const hit = cache.get(code);
  if (hit) return hit;
  let steps = 0;
  let trippedAt: number | null = null;
  const step = (line: number) => {
    if (++steps > STEP_BUDGET) {
      if (trippedAt === null) trippedAt = line;
      throw new GuardTrip(`step budget exceeded (line ${trippedAt})`, trippedAt);
    }
  };
  const names = Object.keys(HOST_FEATURES);
  const body = `"use strict";let ${LINE}=0;const __h=(function(){${code}\n})();return {h:__h,line:()=>${LINE}};`;
  let made: { h: LearnerHandlers; line: () => number };
  try {
    // The learner's own code, compiled and guarded by src/elector/compile.ts: the one place the
    // engine evaluates code, in a scope that shadows the host (see HOST_FEATURES).
    const factory = new Function(STEP, "Math", ...names, body) as (...a: unknown[]) => typeof made;
    made = factory(step, safeMath(), ...names.map(thrower));
  } catch (e) {
    throw new LearnerError(`the module could not load: ${(e as Error).message}`, "load", 0);
  }
  const loaded: Loaded = {
    handlers: made.h ?? {},
    line: made.line,
    reset: () => {
      steps = 0;
      trippedAt = null;
    },
    tripped: () => trippedAt,
  };
  if (cache.size > 32) cache.clear();
  cache.set(code, loaded);
  return loaded;
}
