// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "bully-basic": ["f40c143a:tt2", "94a60dd8:4tz"],
  "bully-restart": ["82ba17b5:16g4", "e84900c9:69b"],
  "bully-partition": ["c8fb7eae:19hb", "a8fcc15c:5fs"],
};
