// The rules of the ring election (Chang & Roberts 1979), for issue 20's causes.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const CR =
  "Chang & Roberts 1979, An improved algorithm for decentralized extrema-finding in circular configurations of processes";
const L = "bully-and-ring#the-ring-algorithm";

export const ringRules: RuleTable = {
  "ring.boot": {
    says: "{node} started and sent its own id round the ring",
    lesson: L,
    source: CR,
    holds: (v) => typeof v.id === "string",
  },
  "ring.forwardLarger": {
    says: "{carried} is larger than {node}, so it passed the ELECTION on and took part",
    lesson: L,
    source: CR,
    holds: (v) => num(v.carriedIdx) && num(v.ownIdx) && v.carriedIdx > v.ownIdx,
  },
  "ring.replaceSmaller": {
    says: "{carried} is smaller than {node}, so it sent its own id instead",
    lesson: L,
    source: CR,
    holds: (v) => num(v.carriedIdx) && num(v.ownIdx) && v.carriedIdx < v.ownIdx,
  },
  "ring.ownIdReturned": {
    says: "{node}'s own id came all the way round: it is the largest, so it leads",
    lesson: L,
    source: CR,
    holds: (v) => v.id === v.carried,
  },
  "ring.elected": {
    says: "the ELECTED message named {leader}, so {node} follows it",
    lesson: L,
    source: CR,
    holds: (v) => typeof v.leader === "string",
  },
  "ring.roundTimeout": {
    says: "no ELECTED came back within {waitedMs:s}, so {node} started over",
    lesson: L,
    source: CR,
    holds: (v) => num(v.waitedMs),
  },
  "ring.presumedDead": {
    says: "no PONG from successor {peer} within {waitedMs:s}: {node} presumed it dead and routes round it",
    lesson: "bully-and-ring#the-shared-flaw-a-timeout-is-a-guess",
    source: CR,
    holds: (v) => num(v.waitedMs),
  },
};
