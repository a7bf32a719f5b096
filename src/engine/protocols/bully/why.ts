// The rules of the bully algorithm (Garcia-Molina 1982), for issue 20's causes.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const GM = "Garcia-Molina 1982, Elections in a Distributed Computing System, section 4";
const L = "bully-and-ring#the-bully-algorithm";

export const bullyRules: RuleTable = {
  "bully.boot": {
    says: "{node} started and called an election, as every (re)started node does",
    lesson: L,
    source: GM,
    holds: (v) => typeof v.id === "string",
  },
  "bully.highestId": {
    says: "{node} has the highest id, so nobody outranks it: it announced itself coordinator",
    lesson: L,
    source: GM,
    holds: (v) => v.higher === 0,
  },
  "bully.noAnswer": {
    says: "no higher id answered within {waitedMs:s}, so {node} announced itself coordinator",
    lesson: L,
    source: GM,
    holds: (v) => num(v.waitedMs) && v.waitedMs > 0,
  },
  "bully.answered": {
    says: "{from}, a higher id, answered, so {node} waits for its COORDINATOR",
    lesson: L,
    source: GM,
    holds: (v) => v.higher === true,
  },
  "bully.noCoordinator": {
    says: "the promised COORDINATOR did not come within {waitedMs:s}, so {node} called a new election",
    lesson: L,
    source: GM,
    holds: (v) => num(v.waitedMs),
  },
  "bully.electionFromLower": {
    says: "{from}, a lower id, called an election, so {node} answered and took it over",
    lesson: L,
    source: GM,
    holds: (v) => v.lower === true,
  },
  "bully.coordinatorFromLower": {
    says: "{from}, a lower id, announced itself, so {node} bullied it with an election of its own",
    lesson: L,
    source: GM,
    holds: (v) => v.lower === true,
  },
  "bully.coordinator": {
    says: "{from}, a higher id, announced itself coordinator (epoch {epoch}), so {node} follows it",
    lesson: L,
    source: GM,
    holds: (v) => v.higher === true,
  },
  "bully.noCoordinatorKnown": {
    says: "{node} knows no coordinator, so it called an election",
    lesson: L,
    source: GM,
    holds: (v) => v.coordinator === null,
  },
  "bully.presumedDead": {
    says: "no PONG from coordinator {peer} within {waitedMs:s}: {node} presumed it dead and called an election",
    lesson: "bully-and-ring#the-shared-flaw-a-timeout-is-a-guess",
    source: GM,
    holds: (v) => num(v.waitedMs),
  },
};
