// The scenario format shared by the CLI, the sandbox, lessons and share links.
// parseScenario validates with zod, then applies the semantic rules zod cannot express
// (nodes that exist, timing relations, client-go's config validation), and returns a fully
// defaulted Scenario in milliseconds. Every refusal is a ScenarioError whose message starts with
// the field path, e.g. `faults[1].node: node "n7" does not exist (nodes are n1..n3)`.
// Each protocol's timing and options come from its spec (protocols/<name>/config.ts).
import { z } from "zod";
import { ScenarioError, check, dur, isObj, stripUndef, unknownNode } from "../validate/check.ts";
import { parseFault, parseFaultFor as parseFaultWith } from "../validate/faults.ts";
import { guardShape, quote } from "../validate/errors.ts";
import { checkFault, checkLimits } from "./limits.ts";
import { SPECS, PROTOCOL_NAMES, isProtocol, type ProtocolName } from "../protocols/registry.ts";
import type { CoreScenario, Fault, ScenarioBase } from "../core/scenario.ts";

export { ScenarioError };
export { FAULT_KINDS } from "../core/scenario.ts";
export type { Fault, FaultKind } from "../core/scenario.ts";
export type { ProtocolName };

export const PROTOCOLS: readonly ProtocolName[] = PROTOCOL_NAMES;
/** Protocols with a lock service (the store process) that a resource can ask about a sequencer. */
export const LOCK_SERVICES: readonly ProtocolName[] = PROTOCOL_NAMES.filter((p) => SPECS[p].lockService);
/** Protocols whose store process exists at all (a lock service, or heartbeat's power switch). */
export const HAS_STORE: readonly ProtocolName[] = PROTOCOL_NAMES.filter((p) => SPECS[p].server !== null);

type Normalised<K extends ProtocolName> = ReturnType<(typeof SPECS)[K]["config"]["normalise"]>;
/** A normalised scenario: the shared fields, and the protocol's own timing and options. */
export type Scenario = {
  [K in ProtocolName]: ScenarioBase & {
    protocol: K;
    timing: Normalised<K>["timing"];
    options: Normalised<K>["options"];
  };
}[ProtocolName];
export type TimingOf<K extends ProtocolName> = Normalised<K>["timing"];
export type OptionsOf<K extends ProtocolName> = Normalised<K>["options"];

const network = z.strictObject({
  delay: dur.optional(),
  jitter: dur.optional(),
  loss: z.number().min(0, "loss must be between 0 and 1").max(0.99, "loss must be below 1").optional(),
});

/** The largest cluster a scenario may have: 1,001 nodes in the CLI and the experiments (issue
 *  34: a Raft leader's heartbeats are linear in the cluster, so a 1,001-node run of tens of
 *  seconds fits). The sandbox draws at most SANDBOX_MAX_NODES (session/session-types.ts). The
 *  run-size limit (limits.ts) still decides whether a given run fits. */
export const MAX_NODES = 1001;

const top = z.strictObject({
  protocol: z.string(),
  nodes: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_NODES, `at most ${MAX_NODES} nodes`)
    .optional(),
  // Any whole number here (2 ** 60 included): checkLimits then says a seed that wide is out of the
  // generator's 32-bit range, which is the real reason, rather than "not a whole number".
  seed: z.number().refine(Number.isInteger, "must be a whole number").optional(),
  until: dur.optional(),
  boot: dur.optional(),
  timerNoise: dur.optional(),
  network: network.optional(),
  timing: z.record(z.string(), z.unknown()).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  fencing: z.enum(["token", "none", "sequencer"]).optional(),
  work: z.strictObject({ every: dur }).optional(),
  clocks: z
    .record(z.string(), z.strictObject({ drift: z.number().optional(), offset: z.number().optional() }))
    .optional(),
  faults: z.array(z.unknown()).optional(),
  // Free-text fields that presets and share links may carry; ignored by the engine.
  title: z.string().optional(),
  description: z.string().optional(),
});

const DEFAULT_NET = { delay: 2, jitter: 1, loss: 0 };

/** Validate and normalise a scenario (all durations in ms, every default filled in).
 *  `estimate: false` skips only the run-size estimate (limits.ts), for trials that stop early by
 *  design; the engine's hard stop (MAX_RUN_EVENTS) still ends any run that grows too long. */
export function parseScenario(json: unknown, opts: { estimate?: boolean } = {}): Scenario {
  if (!isObj(json)) throw new ScenarioError("", "a scenario must be a JSON object");
  guardShape(json);
  if (json.protocol === undefined)
    throw new ScenarioError("protocol", `is required (one of ${PROTOCOLS.join(", ")})`);
  if (!isProtocol(json.protocol)) {
    throw new ScenarioError(
      "protocol",
      `unknown protocol ${quote(json.protocol)} (expected one of ${PROTOCOLS.join(", ")})`,
    );
  }
  const protocol = json.protocol;
  const spec = SPECS[protocol];
  const t = check(top, json, "");
  const nodes = t.nodes ?? spec.nodes.initial;
  const until = t.until ?? 60_000;
  if (until <= 0) throw new ScenarioError("until", "must be greater than 0");
  const boot = t.boot ?? 0;
  if (boot >= until) throw new ScenarioError("boot", `must be less than until (${until} ms)`);
  const net = { ...DEFAULT_NET, ...stripUndef(t.network ?? {}) };
  const ids = Array.from({ length: nodes }, (_, i) => `n${i + 1}`);

  const cfg = spec.config;
  const timingIn = check(cfg.timing as z.ZodType<Record<string, unknown>>, t.timing ?? {}, "timing");
  const optionsIn = check(cfg.options as z.ZodType<Record<string, unknown>>, t.options ?? {}, "options");
  const seed = t.seed ?? 1;
  const { timing, options } = cfg.normalise(timingIn, optionsIn, { ids, seed });
  const fencing = t.fencing ?? "token";
  if (fencing === "sequencer" && !LOCK_SERVICES.includes(protocol)) {
    throw new ScenarioError(
      "fencing",
      `"sequencer" needs a lock service to ask, and ${protocol} has none (use ${LOCK_SERVICES.join(", ")})`,
    );
  }

  const clocks: Record<string, { drift: number; offset: number }> = {};
  for (const [k, v] of Object.entries(t.clocks ?? {})) {
    if (!ids.includes(k) && !(k === "store" && HAS_STORE.includes(protocol))) {
      // A clock belongs to one process: "leader" names no process when the run starts.
      throw new ScenarioError(
        `clocks.${k}`,
        unknownNode(k, ids, HAS_STORE.includes(protocol))
          .replace(/,? or "leader"/, "")
          .replace(', "store")', ' or "store")'),
      );
    }
    clocks[k] = { drift: v.drift ?? 0, offset: v.offset ?? 0 };
    if (clocks[k].drift <= -1e6)
      throw new ScenarioError(
        `clocks.${k}.drift`,
        "a clock cannot run backwards (drift must be above -1000000 ppm)",
      );
  }

  const faults: Fault[] = (t.faults ?? []).map((f, i) =>
    parseFault(f, i, ids, until, HAS_STORE.includes(protocol)),
  );
  const scenario = {
    protocol,
    nodes,
    seed,
    until,
    boot,
    timerNoise: t.timerNoise ?? 0,
    network: net,
    timing,
    options,
    fencing,
    work: { every: t.work?.every ?? 1000 },
    clocks,
    faults,
  } as Scenario;
  checkLimits(scenario, opts.estimate !== false);
  return scenario;
}

/** A parsed scenario with other faults: what parseScenario({ ...sc, faults }) returns, checked
 *  the same way (each fault, then every limit), without parsing the rest again. The search runs
 *  thousands of fault schedules on one parsed scenario, and parsing it whole for each schedule
 *  was a tenth of the search's time; the parse of a parsed scenario returns it unchanged (its
 *  test holds the two equal for every protocol). */
export function scenarioWithFaults(
  sc: Scenario,
  faults: readonly unknown[],
  opts: { estimate?: boolean } = {},
): Scenario {
  const ids = Array.from({ length: sc.nodes }, (_, i) => `n${i + 1}`);
  const hasStore = HAS_STORE.includes(sc.protocol as ProtocolName);
  const out = { ...sc, faults: faults.map((f, i) => parseFault(f, i, ids, sc.until, hasStore)) } as Scenario;
  checkLimits(out, opts.estimate !== false);
  return out;
}

/** Validate one fault against an already-parsed scenario (a fault appended while running). */
export function parseFaultFor(sc: CoreScenario, raw: unknown, index: number): Fault {
  const f = parseFaultWith(sc, raw, index, HAS_STORE.includes(sc.protocol as ProtocolName));
  checkFault(sc, f, index);
  return f;
}
