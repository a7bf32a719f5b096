// `sim explain`: the causal chain for the event at (or just before) a time, in words and JSON,
// and clear errors naming the flag.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { presets } from "../engine/index.ts";
import { runCli } from "./cli.ts";

function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const code = runCli(argv, {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
  });
  return { code, out, err };
}

describe("sim explain", () => {
  it("prints the chain from the refused write back to the pause, with rule, values, clock and source", () => {
    const r = cli("explain", "preset:fencing-diagram", "--at", "25.409s", "--node", "n2");
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe("preset:fencing-diagram: why, at 25.409 s");
    expect(r.out).toContain("n2's write with token 2 was refused");
    expect(r.out).toContain("rule fence.token.below { token=2, maxSeen=3, granted=3, accepted=false }");
    expect(r.out).toContain("<-   17.507 s  n3 became leader with token 3");
    expect(r.out).toContain("read on the store's clock, reading 17.500 s");
    expect(r.out).toContain("source: etcd server/lease/lessor.go revokeExpiredLeases (v3.5.0)");
    expect(lines.filter((l) => l.startsWith("<-")).at(-1)).toBe("<-   10.406 s  n2 was paused for 15 s");
  });
  it("--json gives the same chain as data", () => {
    const r = cli("explain", "preset:fencing-diagram", "--at", "25409", "--node", "n2", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      at: number;
      node: string;
      chain: Array<{ rule: string | null; type: string; values: Record<string, unknown> }>;
    };
    expect(j.at).toBe(25409);
    expect(j.chain.map((s) => s.rule ?? s.type)).toEqual([
      "fence.token.below",
      "etcd.election.noPredecessor",
      "etcd.watch.delete",
      "etcd.lease.expired",
      "fault",
    ]);
    expect(j.chain[0].values).toMatchObject({ token: 2, maxSeen: 3 });
  });
  it("reads a scenario file too", () => {
    const dir = mkdtempSync(join(tmpdir(), "election-explain-"));
    const p = join(dir, "k8s.json");
    writeFileSync(p, JSON.stringify(presets["k8s-long-pause"].scenario));
    const r = cli("explain", p, "--at", "48.6s", "--node", "n2");
    expect(r.code).toBe(0);
    expect(r.out).toContain("k8s.lease.expiredOnMyClock");
  });
  it("names the bad flag", () => {
    expect(cli("explain", "preset:fencing-diagram").err).toContain("explain needs --at TIME");
    expect(cli("explain", "preset:fencing-diagram", "--at", "soon").err).toContain(
      '--at: "soon" is not a time',
    );
    expect(cli("explain", "preset:fencing-diagram", "--at", "5s", "--node", "n7").err).toContain(
      '--node: node "n7" does not exist (nodes n1..n3)',
    );
    expect(cli("explain", "preset:fencing-diagram", "--at", "0ms", "--node", "n1").err).toContain(
      "--at: nothing to explain at or before 0.000 s for n1",
    );
    expect(cli("explain", "preset:fencing-diagram", "--at", "5s", "--node", "n7").code).toBe(2);
  });
});
