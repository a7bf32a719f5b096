// Run settings build a scenario from the protocol's spec: picking a protocol starts from that
// spec's own starting scenario (never the previous run's boot stagger or options), and at its
// defaults the form gives exactly the run the CLI gives for the same scenario.
import { describe, expect, it } from "vitest";
import { PROTOCOLS, SPECS, createSimulation, digest, parseScenario } from "../engine/index.ts";
import { buildScenario, startValues } from "./ui/RunSettings.tsx";
import { DEFAULT_DESCRIPTION, DEFAULT_SCENARIO } from "./scenarios.ts";
import { clientv3KeepAliveEvery } from "../engine/protocols/etcd/lease-session.ts";

const etcdRun = { scenario: structuredClone(DEFAULT_SCENARIO), parsed: parseScenario(DEFAULT_SCENARIO) };

describe("Run settings", () => {
  for (const p of PROTOCOLS) {
    it(`${p}: switching to it from the etcd default gives its spec's starting run, as the CLI runs it`, () => {
      const raw = buildScenario(startValues(p), etcdRun);
      const built = parseScenario(raw);
      expect(built).toEqual(parseScenario(SPECS[p].sandbox));
      if (p !== "etcd") {
        // Nothing of the etcd default leaks in: the same as `npm run sim` on {protocol, nodes}.
        expect(built).toEqual(parseScenario({ protocol: p, nodes: SPECS[p].nodes.initial }));
      }
      const a = createSimulation(raw).run();
      const b = createSimulation(SPECS[p].sandbox).run();
      expect(digest(JSON.stringify(a.trace))).toBe(digest(JSON.stringify(b.trace)));
    });
  }

  it("ring with 5 nodes elects n5, the highest id, and only n5", () => {
    const v = { ...startValues("ring"), nodes: "5" };
    const sim = createSimulation(buildScenario(v, etcdRun)).run();
    const leaders = new Set(
      sim.trace.filter((e) => e.type === "leader-start").map((e) => (e as { node: string }).node),
    );
    expect([...leaders]).toEqual(["n5"]);
  });

  it("zab from Run settings establishes a leader in its first seconds", () => {
    const sim = createSimulation(buildScenario(startValues("zab"), etcdRun)).runUntil(5000);
    expect(sim.trace.some((e) => e.type === "leader-start")).toBe(true);
  });

  it("the same protocol keeps the run's other settings and changes only the form's fields", () => {
    const v = { ...startValues("etcd"), t: { ...startValues("etcd").t, ttl: "20" } };
    const raw = buildScenario(v, etcdRun);
    expect(raw.boot).toBe("3s");
    expect(parseScenario(raw).timing).toMatchObject({ ttl: 20_000, renew: 3000 });
  });

  it("a boolean option from the spec reaches the scenario", () => {
    const v = startValues("raft");
    const raw = buildScenario({ ...v, flags: { ...v.flags, preVote: true } }, etcdRun);
    expect(parseScenario(raw).options).toMatchObject({ preVote: true, checkQuorum: false });
  });
});

describe("etcd's keepalive field agrees with the head and the run", () => {
  const field = SPECS.etcd.fields.find((f) => f.key === "renew")!;
  it("says what it sets (when the keepalive falls due) and where it lands: about every 3.5 s", () => {
    // review 17b #4: the field read "Renew every (s): 3" beside a head saying "about every 3.5 s"
    expect(field.label).not.toMatch(/every/i);
    const v = startValues("etcd");
    const hint = field.hint!({ ttl: Number(v.t.ttl), renew: Number(v.t.renew) });
    expect(hint).toContain(`about every ${clientv3KeepAliveEvery(10_000) / 1000} s`);
    expect(DEFAULT_DESCRIPTION).toContain("about every 3.5 s");
  });
  it("left empty, it is clientv3's third of the TTL, landing on the same pass", () => {
    expect(field.hint!({ ttl: 10, renew: undefined })).toBe(
      "This run: left empty, so etcd's own third of the TTL, 3.33 s after each answer, sent on the next half-second pass, so a keepalive goes out about every 3.5 s.",
    );
    expect(field.hint!({ ttl: 2, renew: undefined })).toContain(
      `about every ${clientv3KeepAliveEvery(2_000) / 1000} s`,
    );
  });
});
