// The exact trace of each of this protocol's presets (presets.ts), full and lean, as a fingerprint
// (FNV-1a of its JSON). presets.fingerprint.test.ts runs every registered preset and fails when
// one lacks a fingerprint here or its trace moves: update a value only for a behaviour change you
// mean, and say which in the commit.
import type { Fingerprints } from "../spec.ts";

export const fingerprints: Fingerprints = {
  "billing-crash": ["5a323a1c:xig", "3f671dfd:9c2"],
  "billing-blip": ["5b8fb09e:12rd", "cc16fed2:acy"],
  "billing-gc-short-ttl": ["91423acd:1d0b", "2716a747:765"],
  "billing-gc-long-ttl": ["6af149f8:lsd", "e6b594d1:5by"],
  "fencing-diagram": ["82a06430:zgh", "ef7576a2:9nx"],
  "fencing-off": ["63a840e1:zrs", "f5b28e61:9z8"],
  "etcd-store-outage": ["309bfd18:2zlm", "a358f086:c5x"],
  "suspend-monotonic": ["2212867f:132j", "309f5d2c:at3"],
  "suspend-monotonic-fenced": ["bdcf94e3:12im", "4bb7ddc6:a96"],
  "renewal-cost-etcd": ["991d6fd6:om2", "4e22ab9c:16z"],
  "first-late-write": ["b1dda4e8:te5", "fb610a6a:5sa"],
};
