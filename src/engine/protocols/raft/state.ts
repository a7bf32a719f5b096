// A Raft server's state as plain data (Ongaro & Ousterhout 2014, Figure 2).

/** Persisted before replying (Fig. 2 "Persistent state on all servers"). */
export interface RaftDurable {
  term: number;
  votedFor: number;
  lastIndex: number;
  lastTerm: number;
}
export type RaftRole = "follower" | "precandidate" | "candidate" | "leader";
export interface RaftState {
  d: RaftDurable;
  role: RaftRole;
  leader: number;
  /** votes in the current (pre-)campaign: 1 granted, -1 rejected, 0 unknown */
  votes: number[];
  /** leader only: peers heard from since the last CheckQuorum (etcd recentActive) */
  active: boolean[];
  /** local time we last heard from a current leader (etcd's "in lease" guard) */
  heardAt: number;
  /** "etcd" variant: this server's ticker phase (ms, local clock) and its randomized election
   *  timeout in ticks (etcd-io/raft randomizedElectionTimeout), drawn anew only by reset() */
  phase: number;
  rto: number;
}
