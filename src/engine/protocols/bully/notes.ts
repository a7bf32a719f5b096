// How the sandbox narrates the bully algorithm, in the picture's words: the role is "leader" (the
// paper's coordinator, glossed once in the course), and the token, which the algorithm lacks and
// this course adds (epoch-token.ts), is said with the epoch it comes from, so "token 105" never
// stands alone beside nodes that show "epoch 1" (review 4b #6).
import type { NarrationSpec } from "../spec.ts";
import { presumedDeadNotes } from "../notes-common.ts";

export const bullyNarration: NarrationSpec = {
  notes: presumedDeadNotes,
  // The sum with its numbers (review 8b #10: "epoch × 100 + its number" left the learner to
  // work out the token the node label's epoch gives).
  // A lead-in before the formula (review 9b #16: "its token is 105 (1 × 100 + 5)" came with no
  // word on what a token is for): the token is what its writes carry.
  leaderStart: (e) =>
    `${e.node} became leader in epoch ${e.term}, so its writes carry token ${e.token} (epoch × 100 + its number: ${e.term} × 100 + ${e.token - e.term * 100})`,
  event(e) {
    // Garcia-Molina 1982: a process that comes up calls an election, and a boot is a coming up
    // (protocol.ts start), so every node is a candidate at 0 s until the highest id announces.
    if (e.type === "start")
      return {
        text: `${e.nodes} nodes start (Bully, fencing ${e.fencing === "token" ? "on" : "off"}); each calls an election as it boots, and the highest id, with nobody above it to ask, leads at once`,
        tone: "info",
      };
    if (e.type === "leader-start")
      return {
        text: bullyNarration.leaderStart!(e),
        tone: "leader",
        important: true,
      };
    return undefined;
  },
};
