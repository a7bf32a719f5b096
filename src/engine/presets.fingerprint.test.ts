// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "billing-blip": ["1e76f7d4:qh3", "738cd555:3db"],
  "billing-crash": ["358f25a6:m6k", "10152cd2:38j"],
  "billing-gc-long-ttl": ["fbb61942:elw", "48caeecc:1wf"],
  "billing-gc-short-ttl": ["38cde411:17mg", "9778ca94:2j1"],
  "bully-basic": ["891e0ac8:q4f", "a4a05e1c:1kw"],
  "bully-partition": ["b12c6965:15pm", "7044ba9a:1vv"],
  "bully-restart": ["a73644fe:11ul", "dedf9f3a:23c"],
  "chubby-sequencer": ["efd9d1f1:w68", "25e8f09a:3ig"],
  "database-lease": ["43fa8378:oaf", "e254adf2:3hy"],
  "database-stale-write": ["55d673dc:oeu", "51a0c70a:3fs"],
  "etcd-store-outage": ["ad02e915:1ffx", "9e705b73:44m"],
  "fencing-diagram": ["bbfae943:nyp", "22224471:3c2"],
  "fencing-off": ["0e6feba4:oeo", "3c1a3ee0:3s1"],
  "github-2012": ["bbf5e488:yc9", "387b92ba:8qn"],
  "heartbeat-pair-partition": ["07c35f34:a68", "37d2ec38:2gy"],
  "k8s-apiserver-cut": ["c055c1db:15qd", "71288f7d:6fu"],
  "k8s-clock-drift": ["bbc23f5f:1ey9", "1c00cea3:7qd"],
  "k8s-coordinated": ["85a1b403:2etm", "70dd0642:98l"],
  "k8s-defaults": ["aa193c04:xxy", "04bb79dd:4pd"],
  "k8s-long-pause": ["7b5d9aca:12yz", "5afd3847:5uw"],
  "raft-basic": ["33680a04:2ezl", "152a2a57:xd"],
  "raft-partition": ["b0e56080:6dm4", "c40101c6:1uu"],
  "raft-prevote": ["4c2c80d2:3ygj", "aa188c6b:1b4"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "ring-basic": ["e181f6ec:uf4", "8dcd2f59:1nw"],
  "ring-partition": ["9610f8a0:23mm", "5f2fe394:1zb"],
  "sre-file-server": ["09209733:mvz", "ee242002:5de"],
  "stripe-2019": ["6187a35c:fd25", "67851b26:ah9"],
  "zab-failover": ["01200fb5:1sb3", "4a676f65:8rm"],
  "zab-histories": ["179e6ec6:1n91", "6616ae3e:512"],
  "zk-herd-leader": ["d8646161:6ona", "78af6c84:a71"],
  "zk-herd-predecessor": ["77690565:60nv", "df2a49af:5hw"],
  "zk-recipe": ["492165b2:1fwc", "4bc860ff:54l"],
  "zk-session-expiry": ["623043a2:vbl", "723c9b06:41d"],
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
