// The "write your own elector" challenges as the pages list them (the engine side defines them
// in src/elector/challenges/).
import type { Challenge } from "../elector/types.ts";

export const ELECTOR_CHALLENGES: readonly Challenge[] = [];

export function findElectorChallenge(id: string): Challenge | undefined {
  return ELECTOR_CHALLENGES.find((c) => c.id === id);
}
