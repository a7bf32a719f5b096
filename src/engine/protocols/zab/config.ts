// Zab's timing and options (zoo.cfg tickTime, initLimit, syncLimit; FastLeaderElection).
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, type NormCtx, type Raw } from "../../validate/check.ts";

/** ZooKeeper 3.9 FastLeaderElection.java, Leader.java, Learner.java, conf/zoo_sample.cfg. */
export interface ZabTiming {
  tickTime: number;
  initLimit: number;
  syncLimit: number;
  finalizeWait: number;
  maxNotificationInterval: number;
  /** the new leader's loadData snapshot before it accepts learners (ZooKeeperServer.loadData) */
  snapshotWrite: number;
  /** one durable epoch file write (QuorumPeer.setAcceptedEpoch / setCurrentEpoch) */
  epochWrite: number;
  /** starting the request processors (ZooKeeperServer.startup / startupWithoutServing) */
  serverStartup: number;
}
export interface ZabOptions {
  /** per node, the last logged zxid as [epoch, counter]; null: every node starts empty */
  histories: Array<[number, number]> | null;
  /** each leader write is a transaction: the leader's zxid counter grows and followers catch up */
  appendWrites: boolean;
}

const count = z.number().int("must be a whole number of ticks").min(1, "must be at least 1 tick");

export const zabConfig = {
  timing: z.strictObject({
    tickTime: dur.optional(),
    initLimit: count.optional(),
    syncLimit: count.optional(),
    finalizeWait: dur.optional(),
    maxNotificationInterval: dur.optional(),
    snapshotWrite: dur.optional(),
    epochWrite: dur.optional(),
    serverStartup: dur.optional(),
  }),
  options: z.strictObject({
    histories: z
      .array(z.tuple([z.number().int().min(0), z.number().int().min(0)]))
      .nullable()
      .optional(),
    appendWrites: z.boolean().optional(),
  }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    // zoo_sample.cfg: tickTime=2000, initLimit=10, syncLimit=5; FLE.java:62,76 finalizeWait 200 ms, max 60 s.
    const t: ZabTiming = {
      tickTime: (ti.tickTime as number) ?? 2000,
      initLimit: (ti.initLimit as number) ?? 10,
      syncLimit: (ti.syncLimit as number) ?? 5,
      finalizeWait: (ti.finalizeWait as number) ?? 200,
      maxNotificationInterval: (ti.maxNotificationInterval as number) ?? 60_000,
      // The source fixes the order of discovery's and sync's writes (discovery.ts), not their
      // cost: these are what ZooKeeper 3.8.0 spent on this course's machine, read from its own
      // state-change log lines over the recorded crashes (reality/recordings/*/zab-crash.json):
      // elected to "leading - discovery" to the follower's "synchronization" 120-280 ms
      // (median about 150), and from there to "leading - broadcast" 17-260 ms.
      snapshotWrite: (ti.snapshotWrite as number) ?? 120,
      epochWrite: (ti.epochWrite as number) ?? 10,
      serverStartup: (ti.serverStartup as number) ?? 40,
    };
    positive("timing.tickTime", t.tickTime);
    positive("timing.finalizeWait", t.finalizeWait);
    for (const k of ["snapshotWrite", "epochWrite", "serverStartup"] as const) {
      if (!(t[k] >= 0)) throw new ScenarioError(`timing.${k}`, "must be zero or more");
    }
    if (t.maxNotificationInterval < t.finalizeWait)
      throw new ScenarioError(
        "timing.maxNotificationInterval",
        `must be at least timing.finalizeWait (${t.finalizeWait} ms)`,
      );
    const histories = (oi.histories as Array<[number, number]> | undefined) ?? null;
    if (histories && histories.length !== c.ids.length)
      throw new ScenarioError(
        "options.histories",
        `needs one [epoch, counter] per node (${c.ids.length}), got ${histories.length}`,
      );
    histories?.forEach(([e], i) => {
      // zxid = epoch << 32 | counter must stay an exact number in JavaScript (below 2^53).
      if (e >= 2 ** 20) throw new ScenarioError(`options.histories[${i}][0]`, "epoch must be below 1048576");
    });
    histories?.forEach(([, n], i) => {
      if (n >= 2 ** 32) throw new ScenarioError(`options.histories[${i}][1]`, "counter must fit in 32 bits");
    });
    return {
      timing: t,
      options: { histories, appendWrites: (oi.appendWrites as boolean) ?? true } as ZabOptions,
    };
  },
};
