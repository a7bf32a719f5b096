// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "raft-basic": ["7edfde0e:2f0k", "dec20e51:yc"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "raft-partition": ["d8a03baa:6ds9", "8b23d20a:20z"],
  "raft-prevote": ["78b45d61:3yjt", "1c3a18f6:1d0"],
  "stripe-2019": ["080eef28:fd70", "fd5e8ec2:ajy"],
  "raft-figure16": ["b838a6df:1eik", "40e4552f:15a"],
  "raft-even-split": ["ca0b6a47:2in1", "27051ab4:1mf"],
  "raft-odd-split": ["e0d503cd:43wf", "30d11e19:1vh"],
  "first-leader": ["45ad30cb:h6d", "e8078f00:ej"],
  "first-crash": ["494460cd:t21", "acf959e5:106"],
  "first-new-term": ["bd385b05:16mi", "9e916e6c:17m"],
  "billing-crash": ["36134ef6:oi3", "73e3cae4:39i"],
  "billing-blip": ["f6992379:wyd", "a9472adb:3pt"],
  "billing-gc-short-ttl": ["38a28894:19yq", "e38a3166:2mn"],
  "billing-gc-long-ttl": ["d79af110:gc6", "7109351c:1xa"],
  "fencing-diagram": ["cc3b3521:qg4", "27f5cd2f:3hq"],
  "fencing-off": ["4f284fd0:qyv", "2994bc8a:40h"],
  "etcd-store-outage": ["184caff7:1ipn", "05db9923:46o"],
  "suspend-monotonic": ["d50ab4bf:tcz", "b552d112:4pf"],
  "suspend-monotonic-fenced": ["17601bce:sku", "fcc859f7:3xa"],
  "renewal-cost-etcd": ["6f4fe6fc:jif", "a0e4bcca:f9"],
  "first-late-write": ["671df06c:pmr", "10f0b0b8:2cs"],
  "k8s-defaults": ["53a3996b:zbx", "3edaa4f9:4qc"],
  "k8s-apiserver-cut": ["d98f3a3f:15k3", "2db7af0a:6iw"],
  "k8s-clock-drift": ["d6159bd5:1fju", "d0fd8fa1:7v4"],
  "k8s-long-pause": ["67545073:1467", "5af88521:60i"],
  "k8s-coordinated": ["b29f8058:2ir2", "d13be271:9dv"],
  "renewal-cost-k8s": ["0568694b:11rb", "0dfe3acc:50p"],
  "bully-basic": ["9bc234a4:q9s", "9f7f7b92:1lv"],
  "bully-restart": ["df379a51:123b", "ec14f95b:27o"],
  "bully-partition": ["e604661a:15vr", "ae8cea98:1zt"],
  "ring-basic": ["5cd29875:uik", "0ef1027d:1ov"],
  "ring-partition": ["2e796e51:242x", "7db9cc76:239"],
  "zab-failover": ["ccb60b28:241s", "f6bfcf53:8tc"],
  "zab-histories": ["cbcf1cfb:1rew", "e82b25a8:521"],
  "zk-recipe": ["3d72f9e6:1hkg", "550a6a71:563"],
  "zk-herd-leader": ["80c17cb1:6sx4", "b3bb4232:a8z"],
  "zk-herd-predecessor": ["1e7f28f1:64sa", "c850ac59:5ju"],
  "zk-session-expiry": ["de99037a:x8c", "fea9751d:470"],
  "chubby-sequencer": ["8775befc:zmk", "045275a1:3y7"],
  "database-lease": ["e6a6be98:r1m", "22a6ef88:3s6"],
  "database-stale-write": ["f383efb2:qyy", "10b58b71:3t5"],
  "shard-lease-crash": ["0f611323:1jps", "cf9d59f3:4rw"],
  "heartbeat-pair-partition": ["b7645c2f:aph", "548a1c7e:2mh"],
  "sre-file-server": ["725b16d0:nar", "2ecc674a:5j1"],
  "github-2012": ["a8394a19:n94", "85433304:6cb"],
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
