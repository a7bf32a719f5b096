// One rules card per protocol, in the spirit of the Raft paper's Figure 2: the state a node
// keeps, the messages, the rules, the timers and the fencing token on one printable page.
// Timer values are never written here: each card names its timers and what they mean, and the
// values come from the engine (engine-defaults.ts). A test fails if the engine has a timer a
// card does not explain, or a card explains a timer the engine does not have.
import type { BuiltInProtocol as ProtocolName } from "../../engine/scenario/schema.ts";

export interface TimerDoc {
  label: string;
  meaning: string;
  unit?: "ms" | "ticks";
}

export interface RulesCard {
  protocol: ProtocolName;
  title: string;
  /** the lesson that teaches it */
  lesson: string;
  /** a sandbox preset that runs it */
  preset: string;
  state: string[];
  messages: string[];
  rules: string[];
  timers: Record<string, TimerDoc>;
  sources: string[];
}

export const RULES_CARDS: Record<ProtocolName, RulesCard> = {
  raft: {
    protocol: "raft",
    title: "Raft leader election",
    lesson: "raft-election",
    preset: "raft-basic",
    state: [
      "Saved to disk before replying: currentTerm, votedFor (for this term), the log.",
      "In memory: role (follower, candidate, leader), commitIndex, the current leader's id.",
    ],
    messages: [
      "RequestVote(term, candidateId, lastLogIndex, lastLogTerm) → (term, voteGranted).",
      "AppendEntries(term, leaderId, prevLogIndex, prevLogTerm, entries, leaderCommit) → (term, success); with no entries it is the heartbeat.",
    ],
    rules: [
      "Any message with a higher term: adopt the term, clear votedFor, become follower.",
      "Follower: no AppendEntries from the current leader and no vote granted for one election timeout → candidate.",
      "Candidate: increment the term, vote for yourself, draw a new timeout, send RequestVote to all.",
      "Grant a vote only if the request's term is current, you have not voted for someone else in it, and the candidate's log is at least as up to date (higher last term, or the same last term and at least as long).",
      "Votes from a majority of the whole cluster → leader; send heartbeats at once and every heartbeat interval.",
      "AppendEntries from a leader of the current term → back to follower. Timeout without a winner → a new election in a higher term.",
      "Options: Pre-Vote asks for would-be votes before raising the term; CheckQuorum makes a leader that has not heard from a majority within an election timeout step down.",
    ],
    timers: {
      electionTimeout: { label: "Election timeout", meaning: "drawn at random from this range, fresh for every election" },
      heartbeat: { label: "Heartbeat interval", meaning: "the leader's empty AppendEntries" },
    },
    sources: ["Ongaro and Ousterhout 2014, Figure 2 and sections 5.2, 5.4.1, 9.3", "Ongaro 2014 dissertation, sections 6.2 and 9.6"],
  },
  zab: {
    protocol: "zab",
    title: "ZooKeeper's own election (Zab, fast leader election)",
    lesson: "zab",
    preset: "zab-failover",
    state: [
      "Saved: the last logged zxid (epoch in the high 32 bits, counter in the low 32), acceptedEpoch, currentEpoch.",
      "In memory: state (LOOKING, FOLLOWING, LEADING), the current vote (proposed leader's epoch, zxid, server id), the logical clock of this election round.",
    ],
    messages: [
      "Notification(vote: leader id, zxid, epoch; election round; sender state), sent to every server.",
      "Then discovery and sync: FOLLOWERINFO → LEADERINFO(new epoch) → ACKEPOCH, NEWLEADER → ACK, UPTODATE.",
    ],
    rules: [
      "LOOKING: vote for yourself and send the vote to everyone.",
      "A received vote beats yours if its (epoch, zxid, server id) is larger, compared in that order: adopt it and send it on.",
      "When a quorum holds the same vote, wait finalizeWait for a better one; if none comes, the named server leads and the rest follow.",
      "The leader proposes an epoch higher than any follower has accepted, and leads only once a quorum has acknowledged it and synchronised.",
      "A follower whose leader's TCP connection closes goes LOOKING at once; a silent leader is dropped after syncLimit ticks.",
    ],
    timers: {
      tickTime: { label: "tickTime", meaning: "ZooKeeper's basic unit of time" },
      initLimit: { label: "initLimit", meaning: "ticks a follower may take to connect to and sync with a new leader", unit: "ticks" },
      syncLimit: { label: "syncLimit", meaning: "ticks of silence before a follower and its leader give up on each other", unit: "ticks" },
      finalizeWait: { label: "finalizeWait", meaning: "wait after a quorum agrees, in case a better vote arrives" },
      maxNotificationInterval: { label: "Maximum notification interval", meaning: "cap on the back-off between rounds of notifications" },
      snapshotWrite: { label: "Snapshot write", meaning: "time the winner spends saving a snapshot of its data before it lets followers connect" },
      epochWrite: { label: "Epoch write", meaning: "time to put an accepted or current epoch on disk, before it is announced or acknowledged" },
      serverStartup: { label: "Server start", meaning: "time a server takes to start handling requests once it is synchronised" },
    },
    sources: ["apache/zookeeper FastLeaderElection.java, Leader.java, Learner.java, ZooKeeperServer.java; conf/zoo_sample.cfg"],
  },
  bully: {
    protocol: "bully",
    title: "The bully algorithm",
    lesson: "bully-and-ring",
    preset: "bully-basic",
    state: ["The coordinator's id, whether an election is running, whether an ANSWER or COORDINATOR is awaited."],
    messages: ["ELECTION to every higher id; ANSWER back to a lower id; COORDINATOR to every lower id; PING and PONG to watch the coordinator."],
    rules: [
      "No PONG from the coordinator in time → start an election: send ELECTION to every higher id.",
      "No ANSWER within the answer wait → you are the highest live id: send COORDINATOR to all.",
      "An ANSWER arrived → wait for a COORDINATOR; if none comes in time, start again.",
      "ELECTION from a lower id → reply ANSWER and start your own election.",
      "A higher id that comes back starts an election and takes over, even from a working coordinator.",
    ],
    timers: {
      answer: { label: "Answer wait (Tanswer)", meaning: "how long to wait for an ANSWER or a PONG" },
      coordinator: { label: "Coordinator wait (Tcoord)", meaning: "how long to wait for COORDINATOR after an ANSWER" },
      ping: { label: "Ping interval", meaning: "how often each node pings the coordinator" },
    },
    sources: ["Garcia-Molina 1982, \"Elections in a distributed computing system\""],
  },
  ring: {
    protocol: "ring",
    title: "Ring election (Chang and Roberts)",
    lesson: "bully-and-ring",
    preset: "ring-basic",
    state: ["Your successor on the ring, whether you are taking part in an election, the leader's id."],
    messages: ["ELECTION(id) to the successor; ELECTED(id) once around the ring; PING and PONG to the successor."],
    rules: [
      "An initiator marks itself participating and sends ELECTION(own id).",
      "ELECTION(j) with j larger than your id: forward it and mark yourself participating.",
      "ELECTION(j) with j smaller: if not yet participating, send ELECTION(own id) instead; otherwise drop it.",
      "ELECTION(own id) comes back: you lead; send ELECTED(own id) around the ring.",
      "No PONG from the successor in time: skip it and send to the next one.",
    ],
    timers: {
      answer: { label: "Answer wait", meaning: "how long to wait for the successor's PONG before skipping it" },
      round: { label: "Round wait", meaning: "how long an initiator waits for its election to finish before starting again" },
      ping: { label: "Ping interval", meaning: "how often each node pings its successor" },
    },
    sources: ["Chang and Roberts 1979, \"An improved algorithm for decentralized extrema-finding in circular configurations of processes\""],
  },
  etcd: {
    protocol: "etcd",
    title: "etcd's concurrency.Election",
    lesson: "leases-on-a-store",
    preset: "billing-crash",
    state: ["A session: one lease with a TTL, kept alive over a gRPC stream.", "Your key under the election prefix (named after the lease id) and its create revision."],
    messages: [
      "LeaseGrant, then LeaseKeepAlive after each reply, a third of the TTL later.",
      "Txn: if the key's create revision is 0, put it with the lease; else read it.",
      "Get the key with the highest create revision below yours; Watch it until it is deleted.",
    ],
    rules: [
      "The key with the lowest create revision under the prefix leads.",
      "Wait on your immediate predecessor only; when it is deleted, look again until nobody is ahead.",
      "Stop leading on your own clock: at the send time of the last keepalive that was answered, plus the TTL, minus a margin for pauses and drift. Do not wait for the session to report that it has ended (its Done channel closes): the client notices only a full TTL after the last keepalive answer arrived, and checks just once a second, by which time the server may already have expired the lease.",
      "Proclaim and Resign act only if your key still has your create revision; fence every write with that revision.",
      "The etcd server leading Raft judges expiry: one TTL after the last keepalive it received. Its lessor looks for expired leases every 500 ms and revokes them through Raft, so the key is deleted, and watchers hear, up to about half a second after the TTL.",
    ],
    timers: {
      ttl: { label: "Session TTL", meaning: "the lease's time to live, judged by the etcd leader" },
      renew: { label: "Keepalive interval", meaning: "the client sends the next keepalive this long after each reply" },
    },
    sources: ["etcd-io/etcd client/v3/concurrency election.go, session.go; client/v3/lease.go; server/lease/lessor.go"],
  },
  zookeeper: {
    protocol: "zookeeper",
    title: "ZooKeeper's election recipe",
    lesson: "leases-on-a-store",
    preset: "zk-recipe",
    state: ["A session, kept alive by pings.", "Your ephemeral sequential znode under the election parent, and its sequence number."],
    messages: ["create (ephemeral, sequential); getChildren without a watch; exists (or getData) with a watch on the next-lower znode; pings."],
    rules: [
      "The lowest sequence number leads.",
      "Otherwise watch only the znode just below yours; when the watch fires, list the children again: the vanished node may have been a candidate, not the leader.",
      "The server expires a silent session after its timeout, rounded up to the next tick, and deletes its ephemeral znodes.",
      "Disconnected is not Expired: a disconnected client cannot know whether its session still lives.",
    ],
    timers: {
      tickTime: { label: "tickTime", meaning: "the server's unit; session timeouts are clamped to 2–20 ticks" },
      sessionTimeout: { label: "Session timeout", meaning: "the lease: how long the server waits for a silent session" },
    },
    sources: ["ZooKeeper Recipes and Solutions, \"Leader Election\"; Programmer's and Administrator's Guides"],
  },
  kubernetes: {
    protocol: "kubernetes",
    title: "Kubernetes Lease election (client-go)",
    lesson: "kubernetes-leases",
    preset: "k8s-defaults",
    state: [
      "The Lease object: holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaseTransitions, and its resourceVersion.",
      "Each candidate: the record it last observed and the time, on its own clock, at which it observed a change.",
    ],
    messages: ["Get the Lease; Create it if missing; Update it with the resourceVersion last read (a conflict means someone else wrote first)."],
    rules: [
      "Every retry period, try to acquire or renew.",
      "A follower takes over only when leaseDuration has passed on its own clock since it last saw the record change; taking over increments leaseTransitions.",
      "The leader renews every retry period; a round that has not succeeded within renewDeadline gives up. The round starts a retry period after the last success, so a cut-off leader stops about retryPeriod + renewDeadline (12 s with the defaults) after its last renewal.",
      "Release on cancel, clean shutdown: the caller cancels Run's context, the work's context (its child) is cancelled at once, and the leader empties holderIdentity so a follower can take over at its next try.",
      "Release on cancel, renewals failing: renew() cancels only its own context, then release() tries a Get and an Update for up to renewDeadline more; the work's context stays live until Run returns, up to about 22 s after the last renewal, while a follower may take over from 15 s. Without release on cancel the work stops at about 12 s.",
    ],
    timers: {
      leaseDuration: { label: "Lease duration", meaning: "how long followers wait, on their own clocks, before taking over" },
      renewDeadline: { label: "Renew deadline", meaning: "how long the leader keeps trying to renew before it gives up" },
      retryPeriod: { label: "Retry period", meaning: "how often every candidate tries to acquire or renew" },
    },
    sources: ["kubernetes/client-go tools/leaderelection/leaderelection.go; kube-controller-manager --leader-elect-* flags"],
  },
  database: {
    protocol: "database",
    title: "A leader lease in a database row",
    lesson: "database-and-chubby",
    preset: "database-lease",
    state: ["One row: holder, expires_at (on the database's clock), epoch."],
    messages: ["UPDATE ... SET holder = me, expires_at = now() + ttl, epoch = epoch + 1 WHERE holder IS NULL OR expires_at < now(); the holder's renewal UPDATE ... SET expires_at = now() + ttl WHERE holder = me AND epoch = my epoch AND expires_at >= now(); the fenced write carries the epoch."],
    rules: [
      "Standbys poll with the acquire UPDATE; the one that changes a row leads, with the new epoch.",
      "The holder renews before expiry, and only while the row still names it with its own epoch and has not expired: a renewal that changes zero rows means the lease is lost. The database's now() judges every lease.",
      "Writes to the protected table include WHERE fence <= my epoch and raise the fence; a stale holder's write changes zero rows.",
    ],
    timers: {
      ttl: { label: "Row lease TTL", meaning: "expires_at is set this far ahead of the database's now()" },
      renew: { label: "Renewal interval", meaning: "how often the holder extends expires_at" },
      poll: { label: "Standby poll", meaning: "how often standbys try to take an expired row (jittered up to 2.2 times)" },
    },
    sources: ["PostgreSQL documentation: now() and UPDATE; the leader_lease table of the course's database lesson"],
  },
  heartbeat: {
    protocol: "heartbeat",
    title: "A heartbeat failover pair with STONITH",
    lesson: "bully-and-ring",
    preset: "heartbeat-pair-partition",
    state: ["Which node is active; when the peer was last heard; whether a fence is in progress."],
    messages: ["Heartbeats to the peer; a fence request to the power switch and its confirmation."],
    rules: [
      "The active node sends heartbeats; the standby watches for them.",
      "Nothing from the peer for the deadtime: declare it dead and fence it (shoot the other node in the head).",
      "Take over: at once (fire), only after the fence device confirms (confirm), or with no fence at all (off).",
      "A cut network with fire: both nodes shoot each other, and both go down or both end up active.",
    ],
    timers: {
      heartbeat: { label: "Heartbeat (keepalive)", meaning: "how often each node sends a heartbeat" },
      timeout: { label: "Deadtime", meaning: "silence after which the peer is declared dead" },
      fence: { label: "Fence time", meaning: "how long the fence device takes to power the peer off" },
    },
    sources: ["Linux-HA heartbeat ha.cf (keepalive, deadtime); Google SRE book, chapter 23"],
  },
};

/** A rules card for a mechanism the lessons teach beyond the simulated protocols: it has no
 *  engine timers and no preset, so it names the lesson section that teaches it and its fence. */
export interface PatternCard {
  id: string;
  title: string;
  /** the lesson that teaches it, and the heading anchor of that section */
  lesson: string;
  section: string;
  state: string[];
  messages: string[];
  rules: string[];
  /** what a resource can check to refuse a former holder, or why it cannot */
  fence: string;
  sources: string[];
}

export const PATTERN_CARDS: Record<string, PatternCard> = {
  chubby: {
    id: "chubby",
    title: "Chubby locks: sequencers and lock-delay",
    lesson: "database-and-chubby",
    section: "chubby-locks-with-a-sequence-number",
    state: [
      "In the cell: each lock's holder, its mode (exclusive or shared) and its generation number, which rises each time the lock goes from free to held.",
      "In each client: a session kept alive by KeepAlives, the locks it holds, and the sequencers it was given.",
    ],
    messages: [
      "Acquire and release a lock on a node of the namespace; KeepAlive for the session.",
      "GetSequencer() for a held lock: an opaque string naming the lock, the mode and the generation. CheckSequencer() asks the cell whether one is still current; SetSequencer() binds a handle to one.",
    ],
    rules: [
      "The holder attaches its sequencer to every request it sends to a protected server.",
      "A protected server refuses a request whose sequencer is not current: by asking the cell, or by comparing with the newest sequencer it has seen for that lock.",
      "A lock released normally is free at once. A lock whose holder failed or became unreachable is refused to everyone for the lock-delay the client chose, up to a bound the paper gives as currently one minute.",
      "Lock-delay protects servers that cannot check sequencers against everyday delays and restarts; a request delayed longer, or a holder paused longer, still gets through.",
    ],
    fence: "The lock generation number, carried in the sequencer. Comparing with the newest sequencer seen has a window before the new holder's first request; asking the cell closes it.",
    sources: ["Burrows, \"The Chubby lock service for loosely-coupled distributed systems\", OSDI 2006, section 2.4"],
  },
  consul: {
    id: "consul",
    title: "Consul sessions and locks",
    lesson: "election-libraries",
    section: "consul-sessions",
    state: [
      "A session: a node, a list of health checks (the node's gossip check unless you say otherwise), a behaviour (release or delete), an optional TTL and a lock-delay (15 s unless set, at most 60 s).",
      "Each key: the session holding it, if any, and its LockIndex, the number of times it has been acquired.",
    ],
    messages: [
      "Create a session; renew it within its TTL; destroy it.",
      "A KV write with ?acquire=<session> takes the key if no session holds it; ?release=<session> lets it go.",
    ],
    rules: [
      "The session is invalidated when its node or any of its checks is deregistered, a check goes critical, it is destroyed, or its TTL runs out without a renewal.",
      "On invalidation its keys are released (the default) or deleted, and nobody may acquire them for the lock-delay.",
      "The TTL is a lower bound: Consul never expires a session earlier but may expire it later, and restarts the TTL when a server takes over as leader.",
      "A gossip check can release the lock of a holder that is alive (a false positive); a session with no checks never releases on its own and needs an operator.",
    ],
    fence: "The key's LockIndex, which only grows; a resource that keeps the highest it has seen refuses a former holder. Lock-delay alone is a pause, not a fence.",
    sources: ["Consul documentation, \"Sessions and distributed locks overview\""],
  },
  "curator-leaderlatch": {
    id: "curator-leaderlatch",
    title: "Curator's LeaderLatch on ZooKeeper",
    lesson: "election-libraries",
    section: "leaderlatch",
    state: [
      "A protected ephemeral sequential znode under the latch path, kept by the ZooKeeper session.",
      "A local leadership flag, read by hasLeadership(); the client's connection state: CONNECTED, SUSPENDED, RECONNECTED, LOST.",
    ],
    messages: [
      "start(): create the znode; list the children; getData with a watch on the node just ahead.",
      "close(): delete the znode, the only way to give leadership up on purpose.",
    ],
    rules: [
      "The lowest sequence number leads: set the flag and call isLeader().",
      "Otherwise watch only the predecessor, and list the children again when the watch fires.",
      "Under the default error policy, SUSPENDED clears the flag and calls notLeader(); on RECONNECTED the latch lists again and may lead again if its node survived.",
      "Under the session policy only LOST counts: leadership is kept through a short disconnection, while the server may already have expired the session.",
    ],
    fence: "The znode's sequence number or creation zxid, carried on every write and checked by the resource; hasLeadership() is a local flag and proves nothing to anyone else.",
    sources: ["Apache Curator, LeaderLatch and the connection-state tech notes (TN12, TN14); ZooKeeper Recipes, \"Leader Election\""],
  },
  redlock: {
    id: "redlock",
    title: "Redlock, and why it is not a fence",
    lesson: "redlock-debate",
    section: "redlock-in-five-steps",
    state: [
      "N independent Redis masters (five in the example), none replicating to another.",
      "On each, the lock key with a random value unique to one attempt and an expiry.",
    ],
    messages: [
      "SET key value NX PX ttl on every master in turn, with a short timeout per master.",
      "Release: a script that deletes the key only if it still holds this attempt's value.",
    ],
    rules: [
      "Read the clock; try every master; the lock is held if a majority accepted it and the time spent is less than the expiry.",
      "The validity time is the expiry minus the time spent acquiring, minus an allowance for clock drift.",
      "Without a majority in time, delete the key everywhere.",
      "Safety rests on timing: bounded pauses, bounded delays and clocks that advance at about the same rate on every master.",
    ],
    fence: "None. The random value identifies one attempt but cannot be ordered, so a resource cannot tell a former holder from the current one; a paused holder whose validity ran out still writes. Use a lock service that issues a number that only grows, and check it at the resource.",
    sources: ["Redis documentation, \"Distributed Locks with Redis\"", "Kleppmann, \"How to do distributed locking\" (2016), and antirez's reply"],
  },
};
