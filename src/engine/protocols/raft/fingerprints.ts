// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
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
};
