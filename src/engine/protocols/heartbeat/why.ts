// The rules of a two-node heartbeat pair with STONITH (Linux-HA heartbeat, Pacemaker fencing),
// for issue 20's causes.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const HB = "Linux-HA heartbeat ha.cf deadtime; ClusterLabs Pacemaker Explained, Fencing";
const L = "in-the-wild#the-sre-books-file-server-pair";

export const heartbeatRules: RuleTable = {
  "hb.deadtime": {
    says: "{node} heard no heartbeat from {peer} for {silentMs:s}, at least the deadtime of {timeoutMs:s}: the health check failed and it declared the peer dead",
    lesson: "bully-and-ring#the-file-server-pair",
    source: HB,
    holds: (v) => num(v.silentMs) && num(v.timeoutMs) && v.silentMs >= v.timeoutMs - 1,
  },
  "hb.active.primary": {
    says: "{node} is the configured primary, so it started active (epoch {epoch})",
    lesson: L,
    source: HB,
    holds: (v) => num(v.epoch),
  },
  "hb.active.no-stonith": {
    says: "{peer} fell silent and no STONITH is configured, so {node} took the active role at once (epoch {epoch})",
    lesson: "bully-and-ring#the-file-server-pair",
    source: HB,
    holds: (v) => v.stonith === "off",
  },
  "hb.active.stonith-fired": {
    says: "{peer} fell silent; {node} fired STONITH and took the active role without waiting for the fence device (epoch {epoch})",
    lesson: "bully-and-ring#the-file-server-pair",
    source: HB,
    holds: (v) => v.stonith === "fire",
  },
  "hb.active.stonith-confirmed": {
    says: "the fence device confirmed {peer} is off, so {node} took the active role (epoch {epoch})",
    lesson: "bully-and-ring#the-file-server-pair",
    source: HB,
    holds: (v) => v.stonith === "confirm",
  },
  "hb.standDown": {
    says: "both were active; the peer's epoch {theirEpoch} beats {node}'s {myEpoch}, so {node} stood down",
    lesson: L,
    source: HB,
    holds: (v) =>
      num(v.theirEpoch) &&
      num(v.myEpoch) &&
      num(v.theirIdx) &&
      num(v.myIdx) &&
      (v.theirEpoch > v.myEpoch || (v.theirEpoch === v.myEpoch && v.theirIdx > v.myIdx)),
  },
  "hb.peerHeard": {
    says: "a heartbeat came from {peer} after all, so {node} stopped fencing it",
    lesson: L,
    source: HB,
    holds: (v) => typeof v.peer === "string",
  },
};
