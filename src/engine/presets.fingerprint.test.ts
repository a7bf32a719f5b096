// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "raft-basic": ["9a627c01:2ixe", "68cace5e:2rc"],
  "raft-split-vote": ["eb6f77e2:7b07", "099db7fe:17t"],
  "raft-partition": ["65d5c808:6l5a", "fb9aa7a5:50k"],
  "raft-prevote": ["2bcb8869:4bgm", "834f0ddf:44c"],
  "stripe-2019": ["16289a41:m529", "f7929189:1isa"],
  "raft-figure16": ["e981710f:1nfn", "47ff8f29:3qc"],
  "raft-even-split": ["834d22d2:36dl", "0cfcbef3:4xw"],
  "raft-odd-split": ["bfcc3119:4jfz", "dc3722a7:5a6"],
  "first-leader": ["2d0006d8:ime", "3a542e27:16r"],
  "first-crash": ["6346e1be:wyw", "877f1a24:309"],
  "first-new-term": ["a076e71f:1ase", "ad0501cc:3gq"],
  "start-leader": ["de102b2b:vxh", "95803826:rc"],
  "start-heartbeats": ["57563594:2erq", "075e5d38:rc"],
  "start-crash": ["c75f1539:12ig", "bd829349:1vn"],
  "start-term": ["ac7e0d68:1c45", "dba8c8aa:240"],
  "start-majority": ["b833a7c0:3dsr", "cd376c45:2m8"],
  "start-late-write": ["d8e93c5f:1pmn", "3374f08b:4vz"],
  "start-split-vote": ["263a95e5:1dlq", "1ce86c31:18r"],
  "start-your-turn": ["55c9e89b:6yg4", "33c31e6d:9mf"],
  "billing-crash": ["5a323a1c:xig", "3f671dfd:9c2"],
  "billing-blip": ["5b8fb09e:12rd", "cc16fed2:acy"],
  "billing-gc-short-ttl": ["91423acd:1d0b", "2716a747:765"],
  "billing-gc-long-ttl": ["6af149f8:lsd", "e6b594d1:5by"],
  "fencing-diagram": ["82a06430:zgh", "ef7576a2:9nx"],
  "fencing-off": ["63a840e1:zrs", "f5b28e61:9z8"],
  "etcd-store-outage": ["309bfd18:2zlm", "a358f086:c5x"],
  "suspend-monotonic": ["2212867f:132j", "309f5d2c:at3"],
  "suspend-monotonic-fenced": ["bdcf94e3:12im", "4bb7ddc6:a96"],
  "renewal-cost-etcd": ["991d6fd6:om2", "4e22ab9c:16z"],
  "first-late-write": ["b1dda4e8:te5", "fb610a6a:5sa"],
  "k8s-defaults": ["57029ef7:1d0j", "3d82ff74:dbb"],
  "k8s-apiserver-cut": ["7fedac7f:1n4j", "deabdb36:if6"],
  "k8s-clock-drift": ["fc7fcadf:20vz", "e80d4e89:lyj"],
  "k8s-long-pause": ["f6060cf9:1l44", "cbfa613e:gev"],
  "k8s-coordinated": ["5e41c032:31rk", "b16be427:qbm"],
  "renewal-cost-k8s": ["cb72f35c:1hlh", "5934f182:e74"],
  "bully-basic": ["f40c143a:tt2", "94a60dd8:4tz"],
  "bully-restart": ["82ba17b5:16g4", "e84900c9:69b"],
  "bully-partition": ["c8fb7eae:19hb", "a8fcc15c:5fs"],
  "ring-basic": ["f9fa287f:y37", "e522068f:53f"],
  "ring-partition": ["aea64d5e:28jv", "555a3527:5pz"],
  "zab-failover": ["1536936c:2leu", "68ce3786:p9k"],
  "zab-histories": ["177b4413:2242", "589f79e4:ewo"],
  "zk-recipe": ["648c0aab:1qtl", "25f9a45a:fa8"],
  "zk-herd-leader": ["29447725:787v", "0e9b229f:zcu"],
  "zk-herd-predecessor": ["acf2edd1:69n9", "698f8f20:hb7"],
  "zk-session-expiry": ["82721c1b:141u", "d847a726:b00"],
  "chubby-sequencer": ["3b614de7:175l", "de32b73a:9tz"],
  "database-lease": ["edd868df:zu0", "63c75bdf:a1c"],
  "database-stale-write": ["4be9e81e:yuj", "e7a9f92f:9c6"],
  "start-lease": ["48f4e084:di5", "5c83d7a1:1f2"],
  "shard-lease-crash": ["8db51808:1x98", "d64fa690:cim"],
  "heartbeat-pair-partition": ["8df48921:fvq", "9c0acdea:6sq"],
  "sre-file-server": ["8e47b1a4:xul", "a0e5410e:f6z"],
  "github-2012": ["d74ba5e6:znn", "727742da:h49"],
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
