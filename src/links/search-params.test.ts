// The routes' search readers replaced zod schemas (to keep zod off the home page). These tests hold
// them to the schemas they replaced, over arbitrary JSON-like params: the same search object out.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { matching, nonNegative, oneOf, readParams, text } from "./search-params";

const IDS = ["ttl", "fencing", "watch", "prevote"] as const;
const zText = z.union([z.string(), z.number()]).transform(String);
const zodSandbox = z.object({
  preset: zText.pipe(z.string().min(1).max(100)).optional().catch(undefined),
  at: z.coerce.number().finite().nonnegative().optional().catch(undefined),
  run: zText.pipe(z.string().min(1)).optional().catch(undefined),
  break: zText.pipe(z.string().min(1).max(100)).optional().catch(undefined),
  faults: zText.pipe(z.string().min(1).max(200)).optional().catch(undefined),
});
const zodCompare = z.object({ pair: z.enum(IDS).optional().catch(undefined) });
const zodPractice = z.object({
  challenge: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
});

type Sandbox = { preset?: string; at?: number; run?: string; break?: string; faults?: string };
const sandbox = (s: Record<string, unknown>) =>
  readParams<Sandbox>(s, {
    preset: (v) => text(v, 1, 100),
    at: nonNegative,
    run: (v) => text(v),
    break: (v) => text(v, 1, 100),
    faults: (v) => text(v, 1, 200),
  });

// What the router hands validateSearch: JSON-parsed values, so strings, numbers, booleans, null,
// arrays and objects, including the edge cases the readers treat specially.
const value = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1e3",
    "Infinity",
    "NaN",
    " ",
    "ttl",
    "prevote",
    "x".repeat(100),
    "x".repeat(101),
    "x".repeat(201),
  ),
  fc.string({ maxLength: 220 }),
  fc.double(),
  fc.constantFrom(Infinity, -Infinity, NaN),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
const params = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, "other"), value, { maxKeys: keys.length + 1 });

describe("search param readers", () => {
  it("read the sandbox's params as its schema did", () => {
    fc.assert(
      fc.property(params(["preset", "at", "run", "break", "faults"]), (s) => {
        expect(sandbox(s)).toStrictEqual(zodSandbox.parse(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("read an id from a fixed list as the enum did", () => {
    fc.assert(
      fc.property(params(["pair"]), (s) => {
        expect(readParams<{ pair?: (typeof IDS)[number] }>(s, { pair: (v) => oneOf(IDS, v) })).toStrictEqual(
          zodCompare.parse(s),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("read a challenge id as the regex schema did", () => {
    fc.assert(
      fc.property(params(["challenge"]), (s) => {
        const ours = readParams<{ challenge?: string }>(s, {
          challenge: (v) => matching(v, /^[a-z0-9-]{1,80}$/),
        });
        expect(ours).toStrictEqual(zodPractice.parse(s));
      }),
      { numRuns: 1000 },
    );
  });

  it("keep a valid share link's time and drop a negative or unreadable one", () => {
    expect(sandbox({ at: "1500", preset: 7 })).toStrictEqual({ at: 1500, preset: "7" });
    expect(sandbox({ at: -1 })).toStrictEqual({ at: undefined });
    expect(sandbox({ at: "soon" })).toStrictEqual({ at: undefined });
    expect(sandbox({})).toStrictEqual({});
  });
});
