// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit. The typed fields of issue 13 changed
// every fingerprint and nothing else: trace-fields.test.ts strips them and matches the old ones.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "billing-blip": ["75da5829:qhx", "f0dc5a84:3e5"],
  "billing-crash": ["952ef689:m85", "ed38010a:392"],
  "billing-gc-long-ttl": ["f00332fa:enr", "a20841de:1x9"],
  "billing-gc-short-ttl": ["ea4c6497:17pu", "d086285b:2jb"],
  "bully-basic": ["85e9f3e2:q9c", "59ae65c8:1lf"],
  "bully-partition": ["8e26bf3c:15tf", "302dfc96:1xh"],
  "bully-restart": ["7ed8acb1:11zh", "c44fe0d1:23u"],
  "chubby-sequencer": ["aa05f62e:xpw", "6a72c969:3x5"],
  "database-lease": ["d78f0f3b:q0j", "97ab8bd6:3rq"],
  "database-stale-write": ["211c4438:qax", "661dcb1b:3pv"],
  "etcd-store-outage": ["9fe4e777:1fls", "1fb48a88:45h"],
  "fencing-diagram": ["ae870287:o45", "cbdbaea1:3ee"],
  "fencing-off": ["204c22c4:oc4", "d5c671f8:3md"],
  "github-2012": ["0abefc55:yyp", "b9b53af9:8sx"],
  "heartbeat-pair-partition": ["55c12c7a:ak2", "55d93859:2h2"],
  "k8s-apiserver-cut": ["db9afa22:1688", "34c88b16:6hv"],
  "k8s-clock-drift": ["6f7305b0:1fia", "bce533fc:7ru"],
  "k8s-coordinated": ["ac5caa7b:2gey", "e3c7dd8e:9br"],
  "k8s-defaults": ["e7197ccb:yau", "2f67b04f:4pw"],
  "k8s-long-pause": ["e3d9b463:13i5", "ab6658b7:5x8"],
  "raft-basic": ["f4aed96c:2f04", "ff974c3f:xw"],
  "raft-partition": ["069c10f2:6dnk", "e3739046:1wa"],
  "raft-prevote": ["dd2a35dc:3y9a", "1c3e0258:1br"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "ring-basic": ["24b0b1d3:ui4", "00f77def:1of"],
  "ring-partition": ["b7bb49fb:240l", "945bf0ac:20x"],
  "sre-file-server": ["fac9d607:n5u", "18cd8ae1:5e4"],
  "stripe-2019": ["2d5eeff6:fd6k", "7c1e8534:aji"],
  "zab-failover": ["bf9b1a32:1lma", "6fed5904:73g"],
  "zab-histories": ["0b438324:1cwt", "1b423a7d:46e"],
  "zk-herd-leader": ["991201fc:6pd6", "2a3e374a:a83"],
  "zk-herd-predecessor": ["2c825c7a:618d", "0c004459:5iy"],
  "zk-recipe": ["a5340a7c:1g3l", "7db5d6d3:55n"],
  "zk-session-expiry": ["3f4ea527:vmo", "d22c7504:43p"],
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
