// The rules ZooKeeper's election recipe decides by (issue 20): the server's session tracker on
// its own clock, the client's read timeout and local expiry on its own, the lowest sequence leads.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const ZK = "apache/zookeeper";

export const zookeeperRules: RuleTable = {
  "zk.session.negotiated": {
    says: "the server opened a session for {node} with timeout {timeoutMs:s} (asked {requestedMs:s}, allowed {minMs:s} to {maxMs:s})",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: `${ZK} ZooKeeperServer.java processConnectRequest, min/max session timeout (release-3.9.2)`,
    holds: (v) =>
      num(v.timeoutMs) &&
      num(v.requestedMs) &&
      num(v.minMs) &&
      num(v.maxMs) &&
      v.timeoutMs === Math.min(v.maxMs, Math.max(v.minMs, v.requestedMs)),
  },
  "zk.session.touched": {
    says: "a packet from {node} touched its session, which now expires at {expiresAt:s} on the server's clock",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: `${ZK} SessionTrackerImpl.java touchSession (release-3.9.2)`,
    holds: (v, ms) => num(v.expiresAt) && num(ms) && v.expiresAt >= ms,
  },
  "zk.session.expired": {
    says: "{holder}'s session expired at {expiresAt:s} on the server's clock: nothing arrived from it for the session timeout of {timeoutMs:s}, so its ephemeral znodes went",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: `${ZK} SessionTrackerImpl.java run, expiry buckets (release-3.9.2)`,
    holds: (v, ms) => num(v.expiresAt) && num(ms) && ms >= v.expiresAt - 1e-6,
  },
  "zk.znode.deleted": {
    says: "the server deleted {key}, which belonged to {owner}'s session",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: `${ZK} DataTree.java killSession (release-3.9.2)`,
    holds: (v) => typeof v.key === "string",
  },
  "zk.watch.nodeDeleted": {
    says: "the server deleted {key} and fired the one-shot watch of {watchers} client(s)",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: `${ZK} WatchManager.java triggerWatch, NodeDeleted (release-3.9.2)`,
    holds: (v) => num(v.watchers) && v.watchers > 0,
  },
  "zk.recipe.lowest": {
    says: "{node}'s znode has sequence {mySeq}, the lowest of {children}, so it leads",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: "ZooKeeper Recipes and Solutions, Leader Election (release-3.9.2 docs)",
    holds: (v) => num(v.mySeq) && v.mySeq === v.lowestSeq,
  },
  "zk.recipe.watch": {
    says: "{node}'s sequence {mySeq} is not the lowest, so it watches {watching} and waits",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: "ZooKeeper Recipes and Solutions, Leader Election (release-3.9.2 docs)",
    holds: (v) => num(v.mySeq) && num(v.watchingSeq) && v.watchingSeq < v.mySeq,
  },
  "zk.watch.fired": {
    says: "the znode {node} watched ({path}) was deleted, so it lists the children again",
    lesson: "leases-on-a-store#zookeeper-ephemeral-sequential-znodes",
    source: "ZooKeeper Recipes and Solutions, Leader Election (release-3.9.2 docs)",
    holds: (v) => v.path === v.watching,
  },
  "zk.client.disconnected": {
    says: "{node} heard nothing from the server for {silentMs:s}, past its read timeout of {readTimeoutMs:s} (2/3 of the session timeout): Disconnected, so it stops acting as leader",
    lesson: "election-libraries#suspended-and-lost",
    source: `${ZK} ClientCnxn.java SendThread run, readTimeout (release-3.9.2)`,
    holds: (v) => num(v.silentMs) && num(v.readTimeoutMs) && v.silentMs >= v.readTimeoutMs - 1,
  },
  "zk.client.sessionExpired": {
    says: "the server answered that the session had expired: {node}'s session {session} is gone, so it starts over",
    lesson: "election-libraries#suspended-and-lost",
    source: `${ZK} ClientCnxn.java onConnected, SESSIONEXPIRED (release-3.9.2)`,
    holds: (v) => typeof v.session === "string",
  },
  "zk.client.localExpiry": {
    says: "{node} heard nothing for {silentMs:s}, past 4/3 of the session timeout ({expiryMs:s}) on its own clock, so it treats the session as expired",
    lesson: "election-libraries#suspended-and-lost",
    source: "Apache Curator ConnectionState, session expiry on the client (apache-curator-5.7.0)",
    holds: (v) => num(v.silentMs) && num(v.expiryMs) && v.silentMs >= v.expiryMs - 1,
  },
};
