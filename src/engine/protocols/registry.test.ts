// What each protocol folder declares beside its rules (its "Why?" steps back, its routine rules,
// its note narration, its card) must meet the rest of the registry: a typo in a rule name or a
// note kind worded two ways would otherwise pass silently.
import { describe, expect, it } from "vitest";
import { ALL_RULES, PROTOCOL_NAMES, SPECS, ROUTINE_RULES, stepBackOf } from "./registry.ts";
import { COMMON_CHAIN } from "./chain-common.ts";
import type { ProtocolSpec } from "./spec.ts";

const specs: ProtocolSpec[] = Object.values(SPECS);

describe("protocol registry", () => {
  it("lists each protocol under its own name, in the order the specs declare, each order once", () => {
    expect(PROTOCOL_NAMES.length).toBeGreaterThan(1);
    for (const p of PROTOCOL_NAMES) expect(SPECS[p].name).toBe(p);
    const orders = PROTOCOL_NAMES.map((p) => SPECS[p].order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    // The course's order, not the alphabet a module namespace would give.
    expect(PROTOCOL_NAMES[0]).toBe("raft");
  });

  it("every rule a step back or the routine list names is a rule some spec (or the shared table) declares", () => {
    const named = [
      ...Object.keys(COMMON_CHAIN.back ?? {}),
      ...specs.flatMap((s) => Object.keys(s.chain?.back ?? {})),
      ...ROUTINE_RULES,
    ];
    expect(named.length).toBeGreaterThan(0);
    for (const rule of named) expect(Object.prototype.hasOwnProperty.call(ALL_RULES, rule), rule).toBe(true);
    // A protocol's step back is what the registry hands explain/chain.ts.
    for (const s of specs)
      for (const [rule, back] of Object.entries(s.chain?.back ?? {}))
        expect(stepBackOf(rule), rule).toBe(back);
  });

  it("a rule's step back is declared once: no two folders claim the same rule", () => {
    const seen = new Map<string, string>();
    for (const s of specs)
      for (const rule of Object.keys(s.chain?.back ?? {})) {
        expect(seen.get(rule), `${rule}: ${s.name} and ${seen.get(rule)}`).toBeUndefined();
        expect(
          Object.prototype.hasOwnProperty.call(COMMON_CHAIN.back ?? {}, rule),
          `${rule} is also a shared step`,
        ).toBe(false);
        seen.set(rule, s.name);
      }
  });

  it("a note kind worded by two protocols is worded alike (the registry keeps one)", () => {
    const words = new Map<string, unknown>();
    for (const s of specs)
      for (const [kind, f] of Object.entries(s.narration?.notes ?? {})) {
        if (words.has(kind)) expect(words.get(kind), kind).toBe(f);
        words.set(kind, f);
      }
    expect(words.size).toBeGreaterThan(0);
  });

  it("each spec is registered under its own name, and its card names it", () => {
    for (const p of PROTOCOL_NAMES) {
      expect(SPECS[p].name).toBe(p);
      const card = (SPECS[p] as ProtocolSpec).card;
      if (card) expect(card.protocol, p).toBe(p);
    }
  });
});
