// Raft's timing and options: the config schema, its defaults and its checks.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, unknownNode, type NormCtx, type Raw } from "../../validate/check.ts";

export interface RaftTiming {
  electionTimeout: [number, number];
  heartbeat: number;
}
/** Whose rules the servers follow where the paper and etcd-io/raft differ:
 *  "etcd" (the default; etcd-io/raft raft.go at cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2):
 *    time counts in whole ticks of each server's own ticker (the heartbeat interval), every
 *    becomeFollower draws a fresh randomized timeout (reset()), a stale-term RequestVote is
 *    ignored and a stale AppendEntries answered only with CheckQuorum or Pre-Vote on (Step).
 *  "paper" (Ongaro & Ousterhout 2014, Fig. 2; LogCabin): continuous timers, a candidate that
 *    steps back keeps its running timer, and every stale-term request is answered. */
export type RaftVariant = "etcd" | "paper";
export interface RaftOptions {
  variant: RaftVariant;
  preVote: boolean;
  checkQuorum: boolean;
  /** initial log length per node (entries of term 1); unequal logs make the up-to-date check matter */
  logs: number[] | null;
  /** start with this node already leading term 1 (used by the Figure 16 experiment) */
  initialLeader: string | null;
  /** append one log entry per leader write, so followers that miss replication fall behind */
  appendWrites: boolean;
  /** AppendEntries bring a follower's log up to the leader's; false keeps logs as they are
   *  (the Figure 16 set-up: followers hold logs of different lengths when the leader dies) */
  replicate: boolean;
  /** time to persist term/vote to stable storage before replying (Raft Fig. 2: "updated on
   *  stable storage before responding to RPCs"), e.g. an fsync */
  persist: number;
  /** a (pre-)candidate that a majority refused steps back to follower with a fresh timeout
   *  (etcd-io/raft stepCandidate, quorum.VoteLost); false: it keeps campaigning until its timer
   *  fires (the paper's Fig. 2 rules, LogCabin, which the Figure 16 experiment reproduces) */
  voteLost: boolean;
}

export const raftConfig = {
  timing: z.strictObject({ electionTimeout: z.tuple([dur, dur]).optional(), heartbeat: dur.optional() }),
  options: z.strictObject({
    variant: z.enum(["etcd", "paper"]).optional(),
    preVote: z.boolean().optional(),
    checkQuorum: z.boolean().optional(),
    logs: z.array(z.number().int().min(0)).nullable().optional(),
    initialLeader: z.string().nullable().optional(),
    appendWrites: z.boolean().optional(),
    replicate: z.boolean().optional(),
    persist: dur.optional(),
    voteLost: z.boolean().optional(),
  }),
  normalise(ti: Raw, oi: Raw, { ids }: NormCtx) {
    const et = (ti.electionTimeout as [number, number] | undefined) ?? [150, 300];
    const hb = (ti.heartbeat as number | undefined) ?? 50;
    if (et[0] <= 0) throw new ScenarioError("timing.electionTimeout[0]", "must be greater than 0");
    if (et[1] < et[0])
      throw new ScenarioError(
        "timing.electionTimeout[1]",
        `maximum (${et[1]} ms) is below minimum (${et[0]} ms)`,
      );
    if (hb <= 0) throw new ScenarioError("timing.heartbeat", "must be greater than 0");
    // etcd raft.go:302-304 refuses ElectionTick <= HeartbeatTick.
    if (hb >= et[0])
      throw new ScenarioError(
        "timing.heartbeat",
        `must be less than the minimum election timeout (${et[0]} ms)`,
      );
    const logs = (oi.logs as number[] | undefined) ?? null;
    if (logs && logs.length !== ids.length)
      throw new ScenarioError(
        "options.logs",
        `needs one log length per node (${ids.length}), got ${logs.length}`,
      );
    const il = (oi.initialLeader as string | undefined) ?? null;
    if (il !== null && !ids.includes(il))
      throw new ScenarioError(
        "options.initialLeader",
        unknownNode(il, ids, false).replace(' or "leader"', ""),
      );
    const options: RaftOptions = {
      variant: (oi.variant as RaftVariant | undefined) ?? "etcd",
      preVote: (oi.preVote as boolean | undefined) ?? false,
      checkQuorum: (oi.checkQuorum as boolean | undefined) ?? false,
      logs,
      initialLeader: il,
      appendWrites: (oi.appendWrites as boolean | undefined) ?? true,
      replicate: (oi.replicate as boolean | undefined) ?? true,
      persist: (oi.persist as number | undefined) ?? 0,
      voteLost: (oi.voteLost as boolean | undefined) ?? true,
    };
    return { timing: { electionTimeout: [et[0], et[1]], heartbeat: hb } as RaftTiming, options };
  },
};
