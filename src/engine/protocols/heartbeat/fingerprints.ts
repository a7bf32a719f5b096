// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "heartbeat-pair-partition": ["8df48921:fvq", "9c0acdea:6sq"],
  "sre-file-server": ["8e47b1a4:xul", "a0e5410e:f6z"],
  "github-2012": ["d74ba5e6:znn", "727742da:h49"],
};
