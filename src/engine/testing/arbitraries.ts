// fast-check generators of random scenarios and fault schedules, for the property tests.
// (Test support only: nothing in the engine imports this file.)
import fc from "fast-check";
import { HAS_STORE, type ProtocolName } from "../scenario/schema.ts";

export function faultArb(protocol: ProtocolName, nodes: number, until: number) {
  const noStore = !HAS_STORE.includes(protocol);
  const ids = Array.from({ length: nodes }, (_, i) => `n${i + 1}`);
  const node = fc.constantFrom(...ids, "leader", "leader");
  const at = fc.integer({ min: 0, max: until - 1 });
  const dur = fc.integer({ min: 1, max: Math.floor(until / 2) });
  const procs = noStore ? ids : [...ids, "store"];
  const kinds = [
    fc.record({ at, do: fc.constant("crash"), node }),
    fc.record({ at, do: fc.constant("restart"), node: fc.constantFrom(...ids) }),
    fc.record({ at, do: fc.constant("pause"), node, for: dur }),
    fc.record({ at, do: fc.constant("pause"), node, for: dur, during: fc.constant("write") }),
    fc.record({
      at,
      do: fc.constant("isolate"),
      node: fc.constantFrom(...ids, "leader", ...(noStore ? [] : ["store"])),
      for: dur,
    }),
    fc.record({ at, do: fc.constant("isolate"), node }),
    fc.record({ at, do: fc.constant("heal") }),
    fc.record({
      at,
      do: fc.constant("clock"),
      node: fc.constantFrom(...ids, ...(noStore ? [] : ["store"])),
      drift: fc.integer({ min: -300_000, max: 600_000 }),
    }),
    fc.record({ at, do: fc.constant("clock"), node, step: fc.integer({ min: -5000, max: 5000 }) }),
    fc.record({ at, do: fc.constant("slow"), node, factor: fc.integer({ min: 1, max: 8 }), for: dur }),
    fc.record({ at, do: fc.constant("shutdown"), node }),
    fc.record({
      at,
      do: fc.constant("network"),
      delay: fc.integer({ min: 0, max: 30 }),
      jitter: fc.integer({ min: 0, max: 30 }),
      loss: fc.double({ min: 0, max: 0.3, noNaN: true }),
    }),
  ];
  if (procs.length >= 2) {
    kinds.push(
      fc.record({
        at,
        do: fc.constant("partition"),
        oneWay: fc.boolean(),
        for: dur,
        groups: fc
          .shuffledSubarray(procs, { minLength: 2 })
          .chain((sub) =>
            fc.integer({ min: 1, max: sub.length - 1 }).map((k) => [sub.slice(0, k), sub.slice(k)]),
          ),
      }) as never,
    );
  }
  if (!noStore) kinds.push(fc.record({ at, do: fc.constant("store-outage"), for: dur }) as never);
  return fc.oneof(...kinds);
}

export const network = fc.record({
  delay: fc.integer({ min: 0, max: 10 }),
  jitter: fc.integer({ min: 0, max: 10 }),
  loss: fc.double({ min: 0, max: 0.2, noNaN: true }),
});

export function raftScenario(until = 2000) {
  return fc.integer({ min: 1, max: 7 }).chain((nodes) =>
    fc.record({
      protocol: fc.constant("raft"),
      nodes: fc.constant(nodes),
      seed: fc.integer(),
      until: fc.constant(until),
      network,
      timing: fc.integer({ min: 20, max: 200 }).chain((min) =>
        fc.record({
          electionTimeout: fc.integer({ min, max: min + 200 }).map((max) => [min, max]),
          heartbeat: fc.integer({ min: 1, max: min - 1 }),
        }),
      ),
      options: fc.record({
        preVote: fc.boolean(),
        checkQuorum: fc.boolean(),
        replicate: fc.boolean(),
        appendWrites: fc.boolean(),
        persist: fc.integer({ min: 0, max: 10 }),
        logs: fc.option(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: nodes, maxLength: nodes }), {
          nil: null,
        }),
      }),
      fencing: fc.constantFrom("token", "none"),
      work: fc.record({ every: fc.integer({ min: 0, max: 500 }) }),
      faults: fc.array(faultArb("raft", nodes, until), { maxLength: 8 }),
    }),
  );
}

export function etcdScenario(until = 20_000) {
  return fc.integer({ min: 1, max: 5 }).chain((nodes) =>
    fc.record({
      protocol: fc.constant("etcd"),
      nodes: fc.constant(nodes),
      seed: fc.integer(),
      until: fc.constant(until),
      network,
      boot: fc.integer({ min: 0, max: 2000 }),
      // etcd grants leases in whole seconds
      timing: fc
        .integer({ min: 2, max: 6 })
        .map((s) => s * 1000)
        .chain((ttl) => fc.record({ ttl: fc.constant(ttl), renew: fc.integer({ min: 200, max: ttl - 1 }) })),
      // a margin only with the course's self-demotion timer (clientv3 has none)
      options: fc.boolean().chain((selfDemote) =>
        fc.record({
          selfDemote: fc.constant(selfDemote),
          margin: selfDemote ? fc.integer({ min: 0, max: 1500 }) : fc.constant(0),
          checkBeforeWrite: fc.boolean(),
          retry: fc.integer({ min: 100, max: 1000 }),
        }),
      ),
      fencing: fc.constantFrom("token", "none"),
      work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
      faults: fc.array(faultArb("etcd", nodes, until), { maxLength: 8 }),
    }),
  );
}

export function kubernetesScenario(until = 20_000) {
  return fc.integer({ min: 1, max: 5 }).chain((nodes) =>
    fc.record({
      protocol: fc.constant("kubernetes"),
      nodes: fc.constant(nodes),
      seed: fc.integer(),
      until: fc.constant(until),
      network,
      boot: fc.integer({ min: 0, max: 2000 }),
      // client-go's validation: leaseDuration > renewDeadline > 1.2 × retryPeriod
      timing: fc.integer({ min: 200, max: 800 }).chain((rp) =>
        fc.integer({ min: Math.ceil(rp * 1.2) + 1, max: 3000 }).chain((rd) =>
          fc.record({
            retryPeriod: fc.constant(rp),
            renewDeadline: fc.constant(rd),
            leaseDuration: fc.integer({ min: Math.max(rd + 1, 1000), max: rd + 3000 }),
          }),
        ),
      ),
      options: fc.record({
        checkBeforeWrite: fc.boolean(),
        releaseOnCancel: fc.boolean(),
        requestTimeout: fc.integer({ min: 100, max: 3000 }),
      }),
      fencing: fc.constantFrom("token", "none"),
      work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
      faults: fc.array(faultArb("kubernetes", nodes, until), { maxLength: 8 }),
    }),
  );
}
