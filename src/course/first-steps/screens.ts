// The first ten minutes (/start): nine screens, one idea each, one live run each. The runs are
// engine presets (src/engine/protocols/*/presets.ts, the start-* ones); the words are ours.
// One word for the number throughout: the term (Raft's word), for the number a leader holds and
// the number its writes carry alike; the guided run's picture and lines say "term" too, in every
// protocol (a lease's epoch included), so a newcomer meets one word, not term, token and epoch.
// Where a screen shows a resource or a database, its words say once what real systems call that
// number (a token, an epoch), so the lessons' words connect to this one. "Paused" is the one word
// for a node that stops and wakes later, as the picture's legend says; the fault the learner
// causes is "a GC pause", so its button ("GC pause the leader") never starts with the clock's own "Pause".

/** The one fault a screen hands the learner (the run widget draws it as one button). */
export type StepFault = "pause-leader";

export interface FirstStep {
  id: string;
  /** the screen's short title (its heading) */
  title: string;
  /** the one sentence the screen teaches */
  sentence: string;
  /** what to watch in the run, after "Watch:" */
  watch: string;
  /** the same in a few words: the one "Watch:" line at every width (the long words wait behind a
   *  press), above the picture on a phone, so it is read before Play (beside the picture on the
   *  last screen: its sentence already says what to do, and its phone screen needs the room) */
  glance: string;
  /** on a screen that shows a resource or a database: once, what real systems call the term
   *  there, so the lessons' words (token, epoch) connect to this screen's one word */
  bridge?: string;
  /** a second look at the same run: what to check when it is played or stepped again, so the
   *  screen's idea is seen twice, not read once */
  again: string;
  /** the engine preset the live run plays */
  preset: string;
  /** the fault the learner is asked to cause, on the screens that ask for one */
  fault?: StepFault;
  /** false on a screen before heartbeats are taught: its run's words list none, so its newest
   *  line is the screen's own idea (the leader), not the next screen's */
  heartbeats?: false;
}

export const FIRST_STEPS: readonly FirstStep[] = [
  {
    id: "a-leader",
    title: "One leader",
    sentence:
      "A group of computers, called nodes, agrees on one leader, so that one node makes the decisions and the others follow.",
    watch:
      "all three start as circles, the followers. About a second in, the first whose timer runs out asks the other two for their votes and becomes the star, the leader.",
    again:
      "press Play again and watch the dots when the first timer runs out: that node asks the other two for votes, and it becomes the star as soon as one answer comes back, because its own vote and one more make two of three.",
    glance: "which circle becomes the star, and when.",
    preset: "start-leader",
    heartbeats: false,
  },
  {
    id: "heartbeats",
    title: "Heartbeats",
    sentence:
      "The leader keeps sending short messages that say it is still there, and each one resets the followers' timers, so nobody else tries to lead.",
    watch:
      "now five nodes, starting with no leader: one wins in about a second. Then the dots that leave the star, and the arc around each follower: it shrinks as its timer runs and fills again at every heartbeat.",
    again:
      "press Play again, then Pause at any moment: no follower's arc has run out, because a heartbeat came first every time.",
    glance: "five nodes now, no leader yet; then each follower's arc refills at every heartbeat.",
    preset: "start-heartbeats",
  },
  {
    id: "a-crash",
    title: "A crash, and a new leader",
    sentence:
      "When the leader stops, its heartbeats stop too, and the first follower whose timer runs out stands for election and takes over.",
    watch:
      "n2 crashes at 3 s and becomes an octagon. The arcs of n1 and n3 run down; n3's runs out first, it asks for votes and becomes the new star.",
    again:
      "play it again and watch n1's arc beside n3's: both run down after 3 s, and the one that empties first stands.",
    glance: "n2 crashes at 3 s; whose arc empties first?",
    preset: "start-crash",
  },
  {
    id: "a-term",
    title: "A higher number: the term",
    sentence:
      "Every election starts a new term, one number higher than the last, so a node that comes back from an older term knows at once that it is out of date.",
    watch:
      "the term beside each node. n2 leads term 1 and crashes at 3 s; n3 wins term 2. At 6.5 s n2 restarts, still in term 1. n3's next heartbeat carries term 2: n2 adopts term 2 and follows n3.",
    again:
      "play it again and follow n2's label alone: term 1 before the crash, still term 1 when it restarts, then term 2.",
    glance: "n2's term when it comes back at 6.5 s.",
    preset: "start-term",
  },
  {
    id: "a-majority",
    title: "A majority decides",
    sentence:
      "A candidate needs votes from more than half of all the nodes, so a cut-off minority can never choose a leader of its own.",
    watch:
      "at 3 s the network cuts n4 and n5 off from the rest (the links turn to grey dashes with a cross). n5 stands first, near 4.6 s; then n5 and n4 take turns standing, each time in a higher term, but each can gather at most two votes of five (its own and the other's), never enough, while n2 keeps leading the other three.",
    // What a healed cut would do, checked on the engine (start-majority healed at 12 s: n4's
    // next vote request, in term 9, made n2 step down, and n4 won term 9), as in etcd-io/raft
    // raft.go Step: a vote request with a higher term turns a leader into a follower of that
    // term when CheckQuorum is off, the default.
    again:
      "at the end, compare the terms: n4's and n5's rose by one with each failed election, while the three on the other side stayed in term 1. That higher term elected nobody. If the cut healed, n4's or n5's next vote request would carry it: n2 would step down, and a new election would follow.",
    glance: "n4 and n5, cut off at 3 s, never win, though their terms climb.",
    preset: "start-majority",
  },
  {
    id: "a-split-vote",
    title: "A split vote, and why timers are random",
    sentence:
      "Two followers that stand at once can split the votes so nobody wins; each then waits a new random time, so one almost always goes first next time.",
    watch:
      "four nodes, so a leader needs three votes. At about 0.9 s n2 and n1 time out in the same tick, half a millisecond apart, and both stand for term 1; each gets two votes, and nobody wins. n1's new random timer runs out first, and it wins term 2 at about 2.3 s.",
    again:
      "step through it with Next event to the moment n2 and n1 both stand, then on to n1's second try, which nobody splits.",
    glance: "n2 and n1 both stand near 0.9 s.",
    preset: "start-split-vote",
  },
  {
    id: "a-late-write",
    title: "A late write is refused",
    sentence:
      "Every write carries its leader's term; the resource refuses any term lower than the highest it has seen, so a paused leader cannot overwrite its successor.",
    bridge: "Real systems call this number a fencing token, and the check fencing.",
    watch:
      "n2 pauses at about 3 s (a square) in the middle of a write. n1 wins term 2 and writes in term 2. For a while n2 still believes it leads, as nobody could tell it otherwise, so the resource box counts two leaders; but when n2 wakes near 7 s it sends two writes, the one it was making and the next, which fell due while it was paused. Both carry term 1, lower than the highest the resource box has seen (2), and the resource refuses both.",
    again:
      "play it again and follow n2's term: it stays at 1 the whole time n2 is paused, which is why both its writes are refused.",
    glance: "n2's late write when it wakes near 7 s.",
    preset: "start-late-write",
  },
  {
    id: "a-lease",
    title: "A lease counts down",
    sentence:
      "Some systems give the leader a lease instead: permission to lead for a set time, which runs out unless the leader renews it.",
    // The database protocol's acquire answers a node that did not win with no row and no epoch
    // (src/engine/servers/sql/sql-lease.ts, sqlHandle "Acquire": reply rows 0), so a node's term
    // changes only when it wins the lease: the picture's "term 0" beside a term-2 leader is true.
    bridge: "The database keeps the term (its epoch): a node learns it only by winning the lease.",
    watch:
      "the orange ring around n1: its lease time left as the database counts it, refilled at each renewal. n1 renews at 2 s and crashes at 4 s; the ring runs out at 8 s, and near 9 s another node takes the lease, in term 2. n3 still shows term 0, and rightly: with votes the term travelled from node to node, but here it lives only in the database's lease record, so a node learns it when it wins the lease.",
    again:
      "play it again and read the clock when the ring empties: 8 s, which is 6 s after n1's last renewal at 2 s, the lease's set time.",
    glance: "the ring around n1 after it crashes at 4 s.",
    preset: "start-lease",
  },
  {
    id: "your-turn",
    title: "Your turn",
    sentence:
      "Now cause it yourself: give the leader a GC pause, as garbage collection (GC) can freeze a program, and watch.",
    watch:
      "press Play and wait for the star, then press GC pause the leader. Look for a new term and a new star. The paused square still believes it leads, so the resource box says two leaders. When it wakes 4 s later, the box marks the write it sends as refused.",
    again:
      "press Start again and give the leader its pause at another moment: it always wakes in an older term, and a write it sends then is refused.",
    glance: "a new star, then the paused leader's late write, refused.",
    preset: "start-your-turn",
    fault: "pause-leader",
  },
];
