// One word for the thing a leader writes to: the course, the sandbox and the picture call it "the
// resource" (and etcd, ZooKeeper or a lock table "the store"). "The storage" beside "the store"
// made a quiz answer hinge on two words that sound alike (review 17a #3: "The lease lives at the
// store, not at the storage"). Stable storage (a voter's disk in Raft) and Azure Storage (a
// product's name) are not the resource, so they may stay.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL(".", import.meta.url).pathname;
const inDir = (dir: string, ext: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(ext))
    .map((f) => join(root, dir, f));
const files = [
  ...inDir("lessons", ".mdx"),
  ...inDir("quiz", ".json"),
  ...inDir("interview", ".json"),
  ...inDir("challenges", ".json"),
  ...inDir("tours", ".json"),
  // the practice page's code challenges carry their own prompts
  ...inDir("../src/elector/challenges", ".ts").filter((f) => !f.includes(".test.")),
];

/** every "storage" that is not stable storage or Azure Storage, with a little context */
function storageWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    // option and question ids are keys, not words a learner reads
    if (/^\s*"id":/.test(line)) continue;
    for (const m of line.matchAll(/(stable |Azure )?\bstorage\b/gi))
      if (!m[1]) found.push(line.slice(Math.max(0, m.index - 40), m.index + 20));
  }
  return found;
}

describe("the resource is called the resource, never the storage", () => {
  it("catches the wording the review found, and leaves stable storage alone", () => {
    expect(storageWords("The lease lives at the store, not at the storage.")).toHaveLength(1);
    expect(storageWords("The storage refuses it")).toHaveLength(1);
    expect(storageWords("writes its term to stable storage; Azure Storage leases a blob")).toEqual([]);
  });
  it("finds the files", () => expect(files.length).toBeGreaterThan(40));
  for (const f of files) {
    it(`${f.slice(root.length).replace("../", "")}: no "storage" for the resource`, () => {
      expect(storageWords(readFileSync(f, "utf8"))).toEqual([]);
    });
  }
});
