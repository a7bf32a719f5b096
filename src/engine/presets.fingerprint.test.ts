// Every preset's exact trace, full and lean, as a fingerprint (FNV-1a of its JSON). A change to
// the engine that moves any event of any preset fails here: update a fingerprint only for a
// behaviour change you mean, and say which in the commit.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "./index.ts";

const EXPECTED: Record<string, [full: string, roles: string]> = {
  "billing-blip": ["6cedd05a:rov", "d173e272:3dc"],
  "billing-crash": ["14731ec6:nem", "7476d9c6:38j"],
  "billing-gc-long-ttl": ["572702d9:ft8", "d26ea1f6:1wg"],
  "billing-gc-short-ttl": ["2d042aa0:196f", "ae7ef96c:2j2"],
  "bully-basic": ["891e0ac8:q4f", "a4a05e1c:1kw"],
  "bully-partition": ["b12c6965:15pm", "7044ba9a:1vv"],
  "bully-restart": ["a73644fe:11ul", "dedf9f3a:23c"],
  "chubby-sequencer": ["efd9d1f1:w68", "25e8f09a:3ig"],
  "database-lease": ["43fa8378:oaf", "e254adf2:3hy"],
  "database-stale-write": ["55d673dc:oeu", "51a0c70a:3fs"],
  "etcd-store-outage": ["cff10da0:1hx4", "ec883bb6:44q"],
  "fencing-diagram": ["47323c5c:pls", "57b00718:3c3"],
  "fencing-off": ["daec1085:q1r", "5d32a30b:3s2"],
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
