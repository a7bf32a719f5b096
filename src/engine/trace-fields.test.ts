// The typed trace fields (issue 13, deliverable 3) only add facts: with every added field
// stripped, each preset's trace, full and lean, is byte-identical to its fingerprint from before
// the fields existed (no event added, removed, reordered or re-timed, no existing field changed).
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets, runScenario } from "./index.ts";
import type { TraceEvent } from "./index.ts";

/** The fingerprints of presets.fingerprint.test.ts at 193bb81, before the typed fields. */
const BEFORE: Record<string, [full: string, roles: string]> = {
  "raft-basic": ["33680a04:2ezl", "152a2a57:xd"],
  "raft-split-vote": ["90992158:43mg", "75571528:do"],
  "raft-partition": ["d85f245e:6dl0", "923feb2c:1tq"],
  "raft-prevote": ["4bb72f1e:3y8g", "8089ea1e:1ax"],
  "stripe-2019": ["6187a35c:fd25", "67851b26:ah9"],
  "raft-figure16": ["24ccc5cf:1gxr", "e3c40e3b:uy"],
  "raft-even-split": ["897591f5:2iim", "ff331f05:1jc"],
  "raft-odd-split": ["09dc8e85:43pn", "cb422d43:1q1"],
  "first-leader": ["45ad30cb:h6d", "e8078f00:ej"],
  "first-crash": ["66fd3889:t12", "2ee07c6b:z7"],
  "first-new-term": ["0bf299ef:16l0", "f5e962a0:164"],
  "billing-crash": ["358f25a6:m6k", "10152cd2:38j"],
  "billing-blip": ["1e76f7d4:qh3", "738cd555:3db"],
  "billing-gc-short-ttl": ["72d9e9c4:17lw", "723cd26d:2ih"],
  "billing-gc-long-ttl": ["fbb61942:elw", "48caeecc:1wf"],
  "fencing-diagram": ["df714cc2:ny5", "cfa368e2:3bi"],
  "fencing-off": ["eafbaa11:o64", "142b5dc3:3jh"],
  "etcd-store-outage": ["ad02e915:1ffx", "9e705b73:44m"],
  "suspend-monotonic": ["80b360ed:qf8", "413e6906:439"],
  "suspend-monotonic-fenced": ["6039bdb0:q39", "85400ef1:3ra"],
  "renewal-cost-etcd": ["73c02756:hwf", "7f43cefe:f8"],
  "first-late-write": ["32643117:n3d", "535e2c41:25c"],
  "k8s-defaults": ["aa193c04:xxy", "04bb79dd:4pd"],
  "k8s-apiserver-cut": ["c055c1db:15qd", "71288f7d:6fu"],
  "k8s-clock-drift": ["3479ec9a:1exp", "fda920be:7pt"],
  "k8s-long-pause": ["9722dac1:12yf", "7beafba0:5uc"],
  "k8s-coordinated": ["85a1b403:2etm", "70dd0642:98l"],
  "renewal-cost-k8s": ["cc3047c2:10w8", "0dfe3acc:50p"],
  "bully-basic": ["891e0ac8:q4f", "a4a05e1c:1kw"],
  "bully-restart": ["545f6ef3:11u1", "a23b3061:22s"],
  "bully-partition": ["8eb16f50:15p2", "f453007b:1vb"],
  "ring-basic": ["e181f6ec:uf4", "8dcd2f59:1nw"],
  "ring-partition": ["1f516e43:23m2", "f887383b:1yr"],
  "zab-failover": ["9100066c:1le0", "ebf9ce50:722"],
  "zab-histories": ["fc286680:1cpe", "1ec5a6d5:45v"],
  "zk-recipe": ["492165b2:1fwc", "4bc860ff:54l"],
  "zk-herd-leader": ["d8646161:6ona", "78af6c84:a71"],
  "zk-herd-predecessor": ["77690565:60nv", "df2a49af:5hw"],
  "zk-session-expiry": ["552a5df5:vb1", "6cb9e2cf:40t"],
  "chubby-sequencer": ["efd9d1f1:w68", "25e8f09a:3ig"],
  "database-lease": ["43fa8378:oaf", "e254adf2:3hy"],
  "database-stale-write": ["394e73bf:oea", "40e29cf5:3f8"],
  "shard-lease-crash": ["1692c643:1e94", "d06e6be3:48h"],
  "heartbeat-pair-partition": ["6bd51d1e:a54", "a2d36884:2fu"],
  "sre-file-server": ["7211cb6b:muv", "b8088796:5ca"],
  "github-2012": ["05db9776:mfx", "bd264eee:5zn"],
};

/** Every field the typed-trace change added, per event type. */
const ADDED: Partial<Record<TraceEvent["type"], readonly string[]>> = {
  fault: ["effect", "reason", "status", "for", "during", "drift", "step", "factor", "delay", "jitter", "loss", "groups", "oneWay", "leader", "token"],
  lease: ["requestedTtlMs", "holder", "reason", "clockMs", "prevExpiresAt", "renewedAt", "unchangedMs", "ackedAt", "silentMs", "error"],
  store: ["statement", "node", "rows", "watchers", "valid", "holder", "holderToken", "session"],
  write: ["rows", "sequencer", "lockHolder", "lockToken"],
  note: ["note"],
  "leader-end": ["cause", "to", "by"],
  violation: ["leaders", "node", "token", "than", "other", "candidate"],
};

function strip(trace: readonly TraceEvent[]): unknown[] {
  return trace.map((e) => {
    const drop = ADDED[e.type];
    if (!drop) return e;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) if (!drop.includes(k)) out[k] = v;
    return out;
  });
}

/** Added field names seen on some event of some preset, as "type.field". */
const seen = new Set<string>();

describe("typed trace fields", () => {
  it("cover every preset", () => {
    expect(Object.keys(BEFORE).sort()).toEqual(Object.keys(presets).sort());
  });
  for (const [name, [full, roles]] of Object.entries(BEFORE)) {
    it(`${name}: stripped of the added fields, full and lean traces match the old fingerprints`, () => {
      const f = createSimulation(structuredClone(presets[name].scenario), { trace: "full" }).run();
      const r = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" }).run();
      for (const e of f.trace) for (const k of ADDED[e.type] ?? []) if (k in e) seen.add(`${e.type}.${k}`);
      expect([digest(JSON.stringify(strip(f.trace))), digest(JSON.stringify(strip(r.trace)))]).toEqual([full, roles]);
    });
  }
  it("the exact traces pinned in protocol tests outside the presets match too (raft.test.ts, fixed seed)", () => {
    const { trace } = runScenario({ protocol: "raft", nodes: 5, seed: 1, until: "3s", faults: [{ at: "1s", do: "crash", node: "leader" }] });
    expect(digest(JSON.stringify(strip(trace)))).toBe("ba733976:1q05");
  });
  it("the presets do carry the added fields (so the strip above removes something)", () => {
    for (const k of ["fault.effect", "fault.groups", "fault.leader", "fault.for", "fault.during", "fault.token",
      "note.note", "write.rows", "write.sequencer", "write.lockHolder", "store.statement", "store.rows", "store.watchers",
      "store.valid", "leader-end.cause", "leader-end.to", "leader-end.by", "violation.leaders", "lease.reason", "lease.holder", "lease.clockMs", "lease.renewedAt"]) {
      expect([...seen], k).toContain(k);
    }
  });
});
