// The fencing token this course gives the classic algorithms (bully, ring, the heartbeat pair),
// which have none of their own: (epoch, id) in lexicographic order, written epoch × 100 + the
// node's number. An extension, and labelled as one wherever the learner sees it.
import type { TokenSpec } from "./spec.ts";

export const bullyToken = (epoch: number, idx: number) => epoch * 100 + idx + 1;

export const epochToken: TokenSpec = {
  word: "epoch",
  tokenWord: "token",
  meaning:
    "epoch: an election counter this course adds (an extension: the classic algorithm has none); the token is epoch × 100 + the node's number",
};
