// The challenges, in the order the practice page lists them.
import type { Challenge } from "../types.ts";
import { bullyCrash } from "./bully-crash.ts";
import { majority } from "./majority.ts";
import { raftTimeouts } from "./raft-timeouts.ts";
import { leaseFencing } from "./lease-fencing.ts";
import { noToken } from "./no-token.ts";

export const CHALLENGES: readonly Challenge[] = [bullyCrash, majority, raftTimeouts, leaseFencing, noToken];

export function challengeById(id: string): Challenge | undefined {
  return CHALLENGES.find((c) => c.id === id);
}
