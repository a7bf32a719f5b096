// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit. The typed fields of issue 13 changed
// every fingerprint and nothing else: trace-fields.test.ts strips them and matches the old ones.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "raft-basic": ["7edfde0e:2f0k", "dec20e51:yc"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "raft-partition": ["94b68828:6dr5", "682a6710:1zv"],
  "raft-prevote": ["5ad7d8b3:3yac", "952bd3ed:1ct"],
  "stripe-2019": ["080eef28:fd70", "fd5e8ec2:ajy"],
  "raft-figure16": ["f868d2b7:1gyq", "d598026f:vx"],
  "raft-even-split": ["ca0b6a47:2in1", "27051ab4:1mf"],
  "raft-odd-split": ["8f498a62:43vv", "d3b94432:1ux"],
  "first-leader": ["45ad30cb:h6d", "e8078f00:ej"],
  "first-crash": ["494460cd:t21", "acf959e5:106"],
  "first-new-term": ["bd385b05:16mi", "9e916e6c:17m"],
  "billing-crash": ["a1277c33:m8l", "55911cbc:39i"],
  "billing-blip": ["75da5829:qhx", "f0dc5a84:3e5"],
  "billing-gc-short-ttl": ["514dec17:17sl", "71e475b1:2m2"],
  "billing-gc-long-ttl": ["f00332fa:enr", "a20841de:1x9"],
  "fencing-diagram": ["66a1d437:o6w", "e99849eb:3h5"],
  "fencing-off": ["5721b8a8:ogl", "a7499056:3qu"],
  "etcd-store-outage": ["dccf6297:1fmv", "6e057512:46k"],
  "suspend-monotonic": ["d51bb3b6:qpv", "f2511cc3:4b8"],
  "suspend-monotonic-fenced": ["0f762136:qbb", "a5fabf07:3wo"],
  "renewal-cost-etcd": ["73c02756:hwf", "7f43cefe:f8"],
  "first-late-write": ["b315f4cc:nc1", "7a3294e8:2ax"],
  "k8s-defaults": ["86b3a84d:yba", "3edaa4f9:4qc"],
  "k8s-apiserver-cut": ["c5fbb5e5:169a", "d2d25167:6ix"],
  "k8s-clock-drift": ["00b72690:1fl0", "b85454ea:7uk"],
  "k8s-long-pause": ["4009c7f4:13kv", "379e371e:5zy"],
  "k8s-coordinated": ["c0187fca:2gh2", "d13be271:9dv"],
  "renewal-cost-k8s": ["a0b9eba8:11b0", "0dfe3acc:50p"],
  "bully-basic": ["9bc234a4:q9s", "9f7f7b92:1lv"],
  "bully-restart": ["ef32360c:122r", "dc3285cc:274"],
  "bully-partition": ["ebdb0df5:15v7", "60d023fb:1z9"],
  "ring-basic": ["5cd29875:uik", "0ef1027d:1ov"],
  "ring-partition": ["c434dbe8:242d", "6d56c00f:22p"],
  "zab-failover": ["85618c3c:1lmq", "849a610e:73w"],
  "zab-histories": ["8fca8032:1cx9", "de115a87:46u"],
  "zk-recipe": ["b799fcb6:1g41", "550a6a71:563"],
  "zk-herd-leader": ["e29ded6c:6pe2", "b3bb4232:a8z"],
  "zk-herd-predecessor": ["d6b4fce6:6199", "c850ac59:5ju"],
  "zk-session-expiry": ["0b8c1e45:vpf", "a667354e:46g"],
  "chubby-sequencer": ["3e0c086c:xqz", "e62c0809:3y8"],
  "database-lease": ["88c1afa5:q0z", "22a6ef88:3s6"],
  "database-stale-write": ["e7254d8f:qdn", "d5e57600:3sl"],
  "shard-lease-crash": ["9b61bddd:1hya", "1d31bafc:4lj"],
  "heartbeat-pair-partition": ["c9a3fa6d:aod", "8df127a2:2ld"],
  "sre-file-server": ["4eb00b68:n9n", "803e9dfe:5hx"],
  "github-2012": ["f6257d69:n80", "e7654de0:6b7"],
};

describe("preset traces", () => {
  it("cover every preset", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(presets).sort());
  });
  for (const [name, [full, roles]] of Object.entries(EXPECTED)) {
    it(`${name} is byte-identical`, () => {
      const f = createSimulation(structuredClone(presets[name].scenario), { trace: "full" }).run();
      const r = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" }).run();
      expect([digest(JSON.stringify(f.trace)), digest(JSON.stringify(r.trace))]).toEqual([full, roles]);
    });
  }
});
