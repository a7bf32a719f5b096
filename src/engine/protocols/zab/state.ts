// A ZooKeeper server's election and discovery state as plain data (FastLeaderElection.java,
// Leader.java, Learner.java), and the votes and notifications it exchanges.

export interface Vote {
  leader: number;
  zxid: number;
  epoch: number;
}
export interface VoteRec extends Vote {
  round: number;
  state: ZState;
}
/** NOTIFICATION body (FLE.java:112-152): state, leader, zxid, electionEpoch (round), peerEpoch. */
export interface Notification {
  state: ZState;
  leader: number;
  zxid: number;
  round: number;
  peerEpoch: number;
}

export type ZState = "LOOKING" | "FOLLOWING" | "LEADING";
export interface ZabDurable {
  currentEpoch: number;
  acceptedEpoch: number;
  lastZxid: number;
}
export interface ZabState {
  d: ZabDurable;
  state: ZState;
  /** leader: a quorum ACKed NEWLEADER; follower: UPTODATE received */
  established: boolean;
  // Fast Leader Election
  logicalclock: number;
  proposal: Vote;
  recvset: Record<string, VoteRec>;
  outofelection: Record<string, VoteRec>;
  notTimeout: number;
  finalizing: boolean;
  /** the vote this server decided (answered to LOOKING peers while not looking) */
  current: Vote & { round: number };
  // Discovery, sync, broadcast
  leader: number;
  /** leader: loading (its snapshot), epoch, ackepoch, newleader, starting (its server), broadcast;
   *  follower: epoch, ackepoch (writing the accepted epoch), sync, broadcast */
  phase: "" | "loading" | "epoch" | "ackepoch" | "newleader" | "starting" | "sync" | "broadcast";
  newEpoch: number;
  proposed: number;
  connecting: Record<string, number>;
  /** leader: FOLLOWERINFOs that arrived while the snapshot was written (the listen queue) */
  queued?: Array<{ from: number; acceptedEpoch: number }>;
  /** leader: the new acceptedEpoch is on disk, so LEADERINFO may go out */
  epochWritten?: boolean;
  epochAcks: Record<string, boolean>;
  newLeaderAcks: Record<string, boolean>;
  /** per follower, the tick by which its next ack is due (tickOfNextAckDeadline) */
  ackDeadline: Record<string, number>;
  tick: number;
  tickSkip: boolean;
  /** follower: the leader's history its sync brings it to (NEWLEADER), committed at UPTODATE */
  synced?: number;
  /** learner: connect attempts to the current leader (Learner.connectToLeader, 5 at most) */
  connectTries?: number;
}
