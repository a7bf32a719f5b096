// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "zk-recipe": ["648c0aab:1qtl", "25f9a45a:fa8"],
  "zk-herd-leader": ["29447725:787v", "0e9b229f:zcu"],
  "zk-herd-predecessor": ["acf2edd1:69n9", "698f8f20:hb7"],
  "zk-session-expiry": ["82721c1b:141u", "d847a726:b00"],
  "chubby-sequencer": ["3b614de7:175l", "de32b73a:9tz"],
};
