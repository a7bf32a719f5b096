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
  "billing-crash": ["1f87719c:ngn", "73e3cae4:39i"],
  "billing-blip": ["b1d39b1b:rpp", "6c0cb267:3e6"],
  "billing-gc-short-ttl": ["005553e0:19d4", "e38a3166:2mn"],
  "billing-gc-long-ttl": ["6c7e37fd:fv3", "7109351c:1xa"],
  "fencing-diagram": ["64264fcd:puj", "27f5cd2f:3hq"],
  "fencing-off": ["2f8fad82:qda", "2994bc8a:40h"],
  "etcd-store-outage": ["de25805a:1i42", "05db9923:46o"],
  "suspend-monotonic": ["674f5287:sre", "b552d112:4pf"],
  "suspend-monotonic-fenced": ["b6a8a810:rz9", "fcc859f7:3xa"],
  "renewal-cost-etcd": ["33d7eab3:j5q", "a0e4bcca:f9"],
  "first-late-write": ["a4ac9065:p1c", "10f0b0b8:2cs"],
  "k8s-defaults": ["86b3a84d:yba", "3edaa4f9:4qc"],
  "k8s-apiserver-cut": ["c5fbb5e5:169a", "d2d25167:6ix"],
  "k8s-clock-drift": ["1c0d00ef:1flk", "d39c32b7:7v4"],
  "k8s-long-pause": ["26f77755:13lf", "5af88521:60i"],
  "k8s-coordinated": ["c0187fca:2gh2", "d13be271:9dv"],
  "renewal-cost-k8s": ["a0b9eba8:11b0", "0dfe3acc:50p"],
  "bully-basic": ["9bc234a4:q9s", "9f7f7b92:1lv"],
  "bully-restart": ["df379a51:123b", "ec14f95b:27o"],
  "bully-partition": ["e604661a:15vr", "ae8cea98:1zt"],
  "ring-basic": ["5cd29875:uik", "0ef1027d:1ov"],
  "ring-partition": ["2e796e51:242x", "7db9cc76:239"],
  "zab-failover": ["55e780ca:1sk8", "f20fdfbb:8tg"],
  "zab-histories": ["99731892:1nhg", "e82b25a8:521"],
  "zk-recipe": ["b799fcb6:1g41", "550a6a71:563"],
  "zk-herd-leader": ["e29ded6c:6pe2", "b3bb4232:a8z"],
  "zk-herd-predecessor": ["d6b4fce6:6199", "c850ac59:5ju"],
  "zk-session-expiry": ["fc0861c8:vpz", "fea9751d:470"],
  "chubby-sequencer": ["3e0c086c:xqz", "e62c0809:3y8"],
  "database-lease": ["88c1afa5:q0z", "22a6ef88:3s6"],
  "database-stale-write": ["6a15b3a4:qe7", "10b58b71:3t5"],
  "shard-lease-crash": ["9b61bddd:1hya", "1d31bafc:4lj"],
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
