// Raft's pure decision rules, separated from message plumbing so each reads like the paper.
// Ongaro & Ousterhout 2014, Fig. 2; etcd-io/raft raft.go (v3.6).

export interface LogSummary {
  lastIndex: number;
  lastTerm: number;
}

/** §5.4.1 election restriction: the candidate's log is at least as up-to-date as mine
 *  (etcd log.go:442-445; hashicorp raft.go:1732-1746). */
export function upToDate(cand: LogSummary, mine: LogSummary): boolean {
  return (
    cand.lastTerm > mine.lastTerm || (cand.lastTerm === mine.lastTerm && cand.lastIndex >= mine.lastIndex)
  );
}

/** etcd raft.go:1214-1218: canVote = Vote==from || (Vote==None && lead==None) || (PreVote && m.Term > Term) */
export function canVote(
  votedFor: number,
  leader: number,
  from: number,
  pre: boolean,
  reqTerm: number,
  myTerm: number,
): boolean {
  return votedFor === from || (votedFor === -1 && leader === -1) || (pre && reqTerm > myTerm);
}

export function quorum(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** §5.2: a fresh timeout drawn uniformly from [min, max] at the start of every election. */
export function electionTimeout(range: [number, number], r: number): number {
  return range[0] + (range[1] - range[0]) * r;
}
