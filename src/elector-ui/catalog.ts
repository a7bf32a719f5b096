// The "write your own elector" challenges as the pages list them (the engine side defines them
// in src/elector/challenges/, in the order the practice page lists them).
import type { Challenge } from "../elector/types.ts";
import { CHALLENGES, challengeById } from "../elector/challenges/index.ts";

export const ELECTOR_CHALLENGES: readonly Challenge[] = CHALLENGES;

export function findElectorChallenge(id: string): Challenge | undefined {
  return challengeById(id);
}
