// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "ring-basic": ["f9fa287f:y37", "e522068f:53f"],
  "ring-partition": ["aea64d5e:28jv", "555a3527:5pz"],
};
