// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "database-lease": ["edd868df:zu0", "63c75bdf:a1c"],
  "database-stale-write": ["4be9e81e:yuj", "e7a9f92f:9c6"],
  "start-lease": ["48f4e084:di5", "5c83d7a1:1f2"],
  "shard-lease-crash": ["8db51808:1x98", "d64fa690:cim"],
};
