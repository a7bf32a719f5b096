// Every tour can run in a lesson embed as well as on /sandbox, so its words may only name what
// both show: no rule ids, "ring" as the legend says (never "arc"), "resource" as the picture says
// (never "storage"), and none of the /sandbox-only tabs or logs (issue 33 review: the fencing
// tour showed `etcd.lease.expired` in code font and sent an embed's learner to "Run settings").
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tourSchema } from "./tour-rules.ts";

const dir = join(__dirname, "../../content/tours");
const tours = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ file: f, tour: tourSchema.parse(JSON.parse(readFileSync(join(dir, f), "utf8"))) }));

const BANNED: Array<[RegExp, string]> = [
  [/\[rule:|\b[a-z]+\.[a-z]+\.[a-z-]+\b/, "a rule id"],
  [/\barcs?\b/i, '"arc" (the legend says ring)'],
  [/\bstorage\b/i, '"storage" (the picture says resource)'],
  // One word for the pause fault (review 5b #8): "pause", with "GC pause" as the fault's name.
  [/\b(freez\w*|frozen|stops for)\b/i, '"freezes" or "stops for" (the fault is a pause)'],
  [/Run settings/i, "the Run settings tab (not in a lesson embed)"],
  [/Network and store/i, "the Network and store tab (not in a lesson embed)"],
  [/\b(write|event) log\b/i, "a log the lesson embed does not show"],
];

function texts(t: (typeof tours)[number]["tour"]): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ["title", t.title],
    ["summary", t.summary],
  ];
  t.steps.forEach((s, i) => {
    out.push([`steps.${i}.title`, s.title], [`steps.${i}.narration`, s.narration]);
    if (s.watch) out.push([`steps.${i}.watch`, s.watch]);
    if (s.action) out.push([`steps.${i}.action.label`, s.action.label]);
  });
  return out;
}

describe("tour words name only what the learner sees, in an embed and on /sandbox", () => {
  it("finds the tours", () => expect(tours.length).toBeGreaterThanOrEqual(9));
  for (const { file, tour } of tours) {
    it(file, () => {
      const problems: string[] = [];
      for (const [where, text] of texts(tour)) {
        for (const [re, what] of BANNED)
          if (re.test(text.replace(/\b(stripe|github|stripe)\.com\/\S+/g, "")))
            problems.push(`${where}: ${what}: "${text.match(re)?.[0]}"`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("a step that says something has happened waits for it", () => {
  it("the billing tour's first step ends only once every replica has queued (none still booting)", async () => {
    // issue 33 review: "the other two wait in line behind it. Done." while n1 and n3 were still
    // booting, and step 2 then crashed the leader with both standbys not yet in line.
    const { runTour } = await import("../engine/session/index.ts");
    const billing = tours.find((t) => t.file === "billing-crash.json")!.tour;
    const r = runTour({ ...billing, steps: billing.steps.slice(0, 2) }, { speed: 10 });
    expect(r.ok).toBe(true);
    const end = r.steps[0].to;
    const queued = new Set(
      r.events
        .filter((e) => e.type === "role" && e.t <= end && (e as { to?: string }).to === "follower")
        .map((e) => (e as { node?: string }).node),
    );
    expect([...queued].sort()).toEqual(["n1", "n2", "n3"]);
  });
});
