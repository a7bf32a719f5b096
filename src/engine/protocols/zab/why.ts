// The rules ZooKeeper's own election decides by (issue 20): Fast Leader Election's vote, then
// Zab's discovery and sync, and every way back to LOOKING.
import type { RuleSpec, RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const ZK = "apache/zookeeper zookeeper-server/src/main/java/org/apache/zookeeper/server/quorum";
const SRC = "release-3.9.2";

const looking = (says: string, file: string, holds: RuleSpec["holds"] = () => true): RuleSpec => ({
  says,
  lesson: "zab#winning-is-not-leading",
  source: `${ZK}/${file} (${SRC})`,
  holds,
});

export const zabRules: RuleTable = {
  "zab.fle.decided": {
    says: "Fast Leader Election settled on {leader} (epoch {epoch}, zxid {zxid}): a majority's votes agreed on the best history, so {node} {leading}",
    lesson: "zab#the-vote",
    source: `${ZK}/FastLeaderElection.java lookForLeader, totalOrderPredicate (${SRC})`,
    holds: (v) => typeof v.leader === "string" && typeof v.leading === "boolean",
  },
  "zab.newleader.quorum": {
    says: "{acks} servers, a majority of {quorum}, acknowledged NEWLEADER for epoch {epoch}, so once its server had started {node} was established as leader",
    lesson: "zab#winning-is-not-leading",
    source: `${ZK}/Leader.java waitForNewLeaderAck, startZkServer (${SRC})`,
    holds: (v) => num(v.acks) && num(v.quorum) && v.acks >= v.quorum,
  },
  "zab.looking.connection-closed": looking(
    "{peer} closed the connection (its process died), so {node} went back to LOOKING",
    "Follower.java followLeader",
  ),
  "zab.looking.connect-refused": looking(
    "{peer} refused the connection: it is not leading, so {node} went back to LOOKING",
    "Learner.java connectToLeader",
  ),
  "zab.looking.not-synced": looking(
    "fewer than a majority ({quorum}) of followers stayed synced, so leader {node} went back to LOOKING",
    "Leader.java lead, syncedAckSet",
    (v) => num(v.synced) && num(v.quorum) && v.synced < v.quorum,
  ),
  "zab.looking.epoch-below-accepted": looking(
    "the proposed epoch {epoch} is below the accepted epoch {accepted}, so {node} went back to LOOKING",
    "Learner.java registerWithLeader",
    (v) => num(v.epoch) && num(v.accepted) && v.epoch < v.accepted,
  ),
  "zab.looking.follower-ahead": looking(
    "follower {peer} is ahead (epoch {epoch}, zxid {zxid}), so {node} went back to LOOKING",
    "Leader.java getEpochToPropose",
  ),
  "zab.looking.epoch-timeout": looking(
    "no majority sent its epoch within initLimit, so {node} went back to LOOKING",
    "Leader.java getEpochToPropose, initLimit",
  ),
  "zab.looking.ackepoch-timeout": looking(
    "no quorum acknowledged the new epoch within initLimit, so {node} went back to LOOKING",
    "Leader.java waitForEpochAck, initLimit",
  ),
  "zab.looking.newleader-timeout": looking(
    "no quorum acknowledged NEWLEADER within initLimit, so {node} went back to LOOKING",
    "Leader.java waitForNewLeaderAck, initLimit",
  ),
  "zab.looking.read-timeout": looking(
    "nothing came from leader {peer} within the socket read timeout, so {node} went back to LOOKING",
    "Learner.java readPacket, syncLimit",
  ),
};
