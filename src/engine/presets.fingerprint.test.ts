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
  "billing-gc-short-ttl": ["3502dd3b:17ri", "c8648f8f:2kz"],
  "bully-basic": ["85e9f3e2:q9c", "59ae65c8:1lf"],
  "bully-partition": ["ebdb0df5:15v7", "60d023fb:1z9"],
  "bully-restart": ["60b8e065:1219", "900910bd:25m"],
  "chubby-sequencer": ["aa05f62e:xpw", "6a72c969:3x5"],
  "database-lease": ["d78f0f3b:q0j", "97ab8bd6:3rq"],
  "database-stale-write": ["05617022:qcl", "2be748ad:3rj"],
  "etcd-store-outage": ["9fe4e777:1fls", "1fb48a88:45h"],
  "fencing-diagram": ["0013e8bb:o5t", "5514e78d:3g2"],
  "fencing-off": ["f0ff3e96:ofi", "b399abda:3pr"],
  "github-2012": ["4c2eb4dc:z41", "1bcdef72:8y9"],
  "heartbeat-pair-partition": ["d2e3bd18:amt", "c2a54291:2jt"],
  "k8s-apiserver-cut": ["db9afa22:1688", "34c88b16:6hv"],
  "k8s-clock-drift": ["8e19adf9:1fjy", "d4333693:7ti"],
  "k8s-coordinated": ["ac5caa7b:2gey", "e3c7dd8e:9br"],
  "k8s-defaults": ["e7197ccb:yau", "2f67b04f:4pw"],
  "k8s-long-pause": ["90d0c665:13jt", "6e9e16ed:5yw"],
  "raft-basic": ["f4aed96c:2f04", "ff974c3f:xw"],
  "raft-partition": ["77238c07:6dq3", "6fc3388f:1yt"],
  "raft-prevote": ["dd2a35dc:3y9a", "1c3e0258:1br"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "ring-basic": ["24b0b1d3:ui4", "00f77def:1of"],
  "ring-partition": ["c434dbe8:242d", "6d56c00f:22p"],
  "sre-file-server": ["53f2062d:n8l", "2261caaf:5gv"],
  "stripe-2019": ["2d5eeff6:fd6k", "7c1e8534:aji"],
  "zab-failover": ["bf9b1a32:1lma", "6fed5904:73g"],
  "zab-histories": ["0b438324:1cwt", "1b423a7d:46e"],
  "zk-herd-leader": ["991201fc:6pd6", "2a3e374a:a83"],
  "zk-herd-predecessor": ["2c825c7a:618d", "0c004459:5iy"],
  "zk-recipe": ["a5340a7c:1g3l", "7db5d6d3:55n"],
  "zk-session-expiry": ["927bee19:voc", "22b7e1d2:45d"],
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
