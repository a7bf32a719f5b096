// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "k8s-defaults": ["57029ef7:1d0j", "3d82ff74:dbb"],
  "k8s-apiserver-cut": ["3f9a8ff6:1ofw", "8f9c991d:if6"],
  "k8s-clock-drift": ["fc7fcadf:20vz", "e80d4e89:lyj"],
  "k8s-long-pause": ["f6060cf9:1l44", "cbfa613e:gev"],
  "k8s-coordinated": ["5e41c032:31rk", "b16be427:qbm"],
  "renewal-cost-k8s": ["cb72f35c:1hlh", "5934f182:e74"],
};
