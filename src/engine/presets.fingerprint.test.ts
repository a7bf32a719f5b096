// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "raft-basic": ["9a627c01:2ixe", "68cace5e:2rc"],
  "raft-split-vote": ["eb6f77e2:7b07", "099db7fe:17t"],
  "raft-partition": ["4c8c533b:6iqz", "2f0edeb1:559"],
  "raft-prevote": ["ca1fe823:46lv", "91f20466:443"],
  "stripe-2019": ["0dd95978:japf", "44301b6d:10nj"],
  "raft-figure16": ["e981710f:1nfn", "47ff8f29:3qc"],
  "raft-even-split": ["a963466e:32fm", "ba089786:4wa"],
  "raft-odd-split": ["02571dd7:4gwl", "a51e222b:58s"],
  "first-leader": ["2d0006d8:ime", "3a542e27:16r"],
  "first-crash": ["6346e1be:wyw", "877f1a24:309"],
  "first-new-term": ["a076e71f:1ase", "ad0501cc:3gq"],
  "billing-crash": ["038c8c2f:z1v", "97a33abb:942"],
  "billing-blip": ["708e8df5:143q", "5369d491:9gc"],
  "billing-gc-short-ttl": ["60125e0e:1rpr", "3256b322:76c"],
  "billing-gc-long-ttl": ["24a4fb3d:mzq", "299f11b1:5bz"],
  "fencing-diagram": ["da9a6e04:11ol", "c9ede7f6:97r"],
  "fencing-off": ["60beed71:120e", "3d650e2b:9jk"],
  "etcd-store-outage": ["0b6d066b:1yvm", "98bca3d4:bxr"],
  "suspend-monotonic": ["0b972f42:15n6", "3a5b1ec6:b1c"],
  "suspend-monotonic-fenced": ["c7a948df:153g", "b4f494e5:ahm"],
  "renewal-cost-etcd": ["e9052abb:py1", "4e22ab9c:16z"],
  "first-late-write": ["323cc5e4:zcm", "a3312624:60l"],
  "k8s-defaults": ["8ef5716a:1bzw", "d8436911:dbb"],
  "k8s-apiserver-cut": ["36a2f448:1ocq", "6d3b05f4:if7"],
  "k8s-clock-drift": ["17eef455:2141", "0f395c83:lyj"],
  "k8s-long-pause": ["7dcc4ed9:1kjc", "cbfa613e:gev"],
  "k8s-coordinated": ["4de0a30f:30tv", "5e2a9d06:q3c"],
  "renewal-cost-k8s": ["79a9467f:1h56", "5934f182:e74"],
  "bully-basic": ["f40c143a:tt2", "94a60dd8:4tz"],
  "bully-restart": ["82ba17b5:16g4", "e84900c9:69b"],
  "bully-partition": ["c8fb7eae:19hb", "a8fcc15c:5fs"],
  "ring-basic": ["f9fa287f:y37", "e522068f:53f"],
  "ring-partition": ["aea64d5e:28jv", "555a3527:5pz"],
  "zab-failover": ["2010f934:29ua", "f6ee0e2f:p8i"],
  "zab-histories": ["1f638587:1y65", "d0cd3c42:evo"],
  "zk-recipe": ["d407ebb0:24nn", "fc040558:eu5"],
  "zk-herd-leader": ["37e7243e:9cfn", "7f7f09ab:yxi"],
  "zk-herd-predecessor": ["98adf73c:8dj5", "636e4632:gv0"],
  "zk-session-expiry": ["62f1505e:1bbm", "a1bdf706:bgq"],
  "chubby-sequencer": ["49df948f:195a", "3b94ac5e:97z"],
  "database-lease": ["fe3cecc8:ytc", "d0d1b062:a1b"],
  "database-stale-write": ["022bddd8:y9s", "e7a9f92f:9c6"],
  "shard-lease-crash": ["364c1138:1v0j", "2f17e38e:c1o"],
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
