// The ring algorithm's (Chang-Roberts 1979) timing and options.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, type NormCtx, type Raw } from "../../validate/check.ts";
import { checkIds, ids } from "../../validate/node-lists.ts";
import { seedRng, nextFloat } from "../../core/random.ts";
/** Chang and Roberts 1979, plus a failure detector: each node pings its successor. */
export interface RingTiming {
  answer: number;
  round: number;
  ping: number;
}
export interface RingOptions {
  /** the logical ring, in the direction messages travel */
  ring: string[];
  /** nodes that start an election at boot (null: all, as in LCR) */
  initiators: string[] | null;
}

function ringOrder(spec: unknown, c: NormCtx): string[] {
  if (Array.isArray(spec)) {
    const list = spec as string[];
    checkIds("options.ring", list, c.ids);
    if (new Set(list).size !== list.length || list.length !== c.ids.length) {
      throw new ScenarioError(
        "options.ring",
        `must list every node exactly once (${c.ids.length} nodes), got ${JSON.stringify(list)}`,
      );
    }
    return [...list];
  }
  if (spec === "ascending") return [...c.ids];
  if (spec === "descending") return [...c.ids].reverse();
  // "random": a seeded shuffle, so the average case (n·H_n messages) shows across seeds.
  const r = seedRng(c.seed ^ 0x52494e47);
  const out = [...c.ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(r) * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const ringConfig = {
  timing: z.strictObject({ answer: dur.optional(), round: dur.optional(), ping: dur.optional() }),
  options: z.strictObject({
    ring: z.union([z.enum(["random", "ascending", "descending"]), z.array(z.string())]).optional(),
    initiators: ids.nullable().optional(),
  }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    const t: RingTiming = {
      answer: (ti.answer as number) ?? 20,
      round: (ti.round as number) ?? 500,
      ping: (ti.ping as number) ?? 100,
    };
    positive("timing.answer", t.answer);
    positive("timing.ping", t.ping);
    if (t.round <= t.answer)
      throw new ScenarioError("timing.round", `must be greater than timing.answer (${t.answer} ms)`);
    const initiators = (oi.initiators as string[] | undefined) ?? null;
    checkIds("options.initiators", initiators, c.ids);
    return { timing: t, options: { ring: ringOrder(oi.ring ?? "random", c), initiators } as RingOptions };
  },
};
