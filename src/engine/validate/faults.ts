// Faults in a scenario: the kinds, each one's zod shape, and the semantic checks zod cannot
// express (nodes that exist, groups that do not overlap, a clock fault that changes something).
// parseFaultFor validates a fault appended while running (a sandbox click).
import { z } from "zod";
import { ScenarioError, check, dur, isObj, stripUndef, unknownNode } from "./check.ts";
import { FAULT_KINDS, type CoreScenario as Scenario, type Fault, type FaultKind } from "../core/scenario.ts";
import { quote } from "./quote.ts";

const nodeRef = z.string();
const faultSchemas: Record<FaultKind, z.ZodType> = {
  crash: z.strictObject({ at: dur, do: z.literal("crash"), node: nodeRef }),
  restart: z.strictObject({ at: dur, do: z.literal("restart"), node: nodeRef }),
  pause: z.strictObject({
    at: dur,
    do: z.literal("pause"),
    node: nodeRef,
    for: dur,
    during: z.literal("write").optional(),
  }),
  isolate: z.strictObject({ at: dur, do: z.literal("isolate"), node: nodeRef, for: dur.optional() }),
  partition: z.strictObject({
    at: dur,
    do: z.literal("partition"),
    groups: z.array(z.array(nodeRef).min(1)).min(2),
    oneWay: z.boolean().optional(),
    for: dur.optional(),
  }),
  // Without groups every link heals; with groups only the links between them (one way with oneWay).
  heal: z.strictObject({
    at: dur,
    do: z.literal("heal"),
    groups: z.array(z.array(nodeRef).min(1)).min(2).optional(),
    oneWay: z.boolean().optional(),
  }),
  clock: z.strictObject({
    at: dur,
    do: z.literal("clock"),
    node: nodeRef,
    drift: z.number().optional(),
    step: z.number().optional(),
  }),
  slow: z.strictObject({
    at: dur,
    do: z.literal("slow"),
    node: nodeRef,
    factor: z.number().min(1, "factor must be at least 1"),
    for: dur.optional(),
  }),
  shutdown: z.strictObject({ at: dur, do: z.literal("shutdown"), node: nodeRef }),
  "store-outage": z.strictObject({ at: dur, do: z.literal("store-outage"), for: dur.optional() }),
  network: z.strictObject({
    at: dur,
    do: z.literal("network"),
    delay: dur.optional(),
    jitter: dur.optional(),
    loss: z.number().min(0).max(0.99, "loss must be below 1").optional(),
  }),
  drop: z.strictObject({ at: dur, do: z.literal("drop"), message: z.number().int().min(0) }),
};

const STORE_OK = new Set<FaultKind>(["isolate", "clock"]);

export function parseFault(f: unknown, i: number, ids: string[], until: number, hasStore = true): Fault {
  const p = `faults[${i}]`;
  if (!isObj(f)) throw new ScenarioError(p, "a fault must be an object");
  if (f.do === undefined)
    throw new ScenarioError(`${p}.do`, `is required (one of ${FAULT_KINDS.join(", ")})`);
  if (typeof f.do !== "string" || !(FAULT_KINDS as readonly string[]).includes(f.do)) {
    throw new ScenarioError(
      `${p}.do`,
      `unknown fault ${quote(f.do)} (expected one of ${FAULT_KINDS.join(", ")})`,
    );
  }
  const kind = f.do as FaultKind;
  const v = check(faultSchemas[kind] as z.ZodType<Fault>, f, p);
  const out: Fault = stripUndef(v) as Fault;
  if (out.at > until)
    throw new ScenarioError(`${p}.at`, `${out.at} ms is after the end of the run (until ${until} ms)`);
  const okNode = (n: string, path: string, storeKind: boolean) => {
    // "store" is a target only where the protocol has a store process and the fault can reach it.
    const storeOk = storeKind && hasStore;
    if (n === "leader" || ids.includes(n) || (storeOk && n === "store")) return;
    throw new ScenarioError(path, unknownNode(n, ids, storeOk));
  };
  if (out.node !== undefined) okNode(out.node, `${p}.node`, STORE_OK.has(kind));
  if (out.for !== undefined && out.for <= 0) throw new ScenarioError(`${p}.for`, "must be greater than 0");
  if (kind === "partition" || (kind === "heal" && out.groups)) {
    const seen = new Set<string>();
    out.groups!.forEach((g, gi) =>
      g.forEach((n, ni) => {
        const path = `${p}.groups[${gi}][${ni}]`;
        if (n !== "resource") okNode(n, path, true);
        if (seen.has(n)) throw new ScenarioError(path, `${quote(n)} appears in more than one group`);
        seen.add(n);
      }),
    );
  }
  if (kind === "clock") {
    if (out.drift === undefined && out.step === undefined)
      throw new ScenarioError(p, 'a clock fault needs "drift" (ppm) or "step" (ms)');
    if (out.drift !== undefined && out.drift <= -1e6)
      throw new ScenarioError(
        `${p}.drift`,
        "a clock cannot run backwards (drift must be above -1000000 ppm)",
      );
  }
  if (kind === "network" && out.delay === undefined && out.jitter === undefined && out.loss === undefined) {
    throw new ScenarioError(p, 'a network fault needs at least one of "delay", "jitter", "loss"');
  }
  return out;
}

/** Validate one fault against an already-parsed scenario (used when appending while running). */
export function parseFaultFor(sc: Scenario, raw: unknown, index: number, hasStore: boolean): Fault {
  const ids = Array.from({ length: sc.nodes }, (_, i) => `n${i + 1}`);
  return parseFault(raw, index, ids, Infinity, hasStore);
}
