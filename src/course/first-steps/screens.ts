// The first ten minutes (/start): nine screens, one idea each, one live run each. The runs are
// engine presets (src/engine/protocols/*/presets.ts, the start-* ones); the words are ours.
// One word for the number throughout: the term (Raft's word). The token is introduced once, as
// the term a write carries, because the picture's resource box says "token".

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
  /** the engine preset the live run plays */
  preset: string;
  /** the fault the learner is asked to cause, on the screens that ask for one */
  fault?: StepFault;
}

export const FIRST_STEPS: readonly FirstStep[] = [
  {
    id: "a-leader",
    title: "One leader",
    sentence:
      "A group of computers, called nodes, agrees on one leader, so that one node makes the decisions and the others follow.",
    watch:
      "all three start as circles, the followers. About a second in, the first whose timer runs out asks the other two for their votes and becomes the star, the leader.",
    preset: "start-leader",
  },
  {
    id: "heartbeats",
    title: "Heartbeats",
    sentence:
      "The leader keeps sending short messages that say it is still there, and each one resets the followers' timers, so nobody else tries to lead.",
    watch:
      "the dots that leave the star, and the arc around each follower: it shrinks as its timer runs and fills again at every heartbeat.",
    preset: "start-heartbeats",
  },
  {
    id: "a-crash",
    title: "A crash, and a new leader",
    sentence:
      "When the leader stops, its heartbeats stop too, and the first follower whose timer runs out stands for election and takes over.",
    watch:
      "n2 crashes at 3 s and becomes an octagon. The arcs of n1 and n3 run down; n3's runs out first, it asks for votes and becomes the new star.",
    preset: "start-crash",
  },
  {
    id: "a-term",
    title: "A higher number: the term",
    sentence:
      "Every election starts a new term, one number higher than the last, so a node that comes back from an older term knows at once that it is out of date.",
    watch:
      "the term beside each node. n2 leads term 1 and crashes at 3 s; n3 wins term 2. At 6.5 s n2 restarts, still in term 1, hears term 2 from n3 and follows it.",
    preset: "start-term",
  },
  {
    id: "a-majority",
    title: "A majority decides",
    sentence:
      "A candidate needs votes from more than half of all the nodes, so a cut-off minority can never choose a leader of its own.",
    watch:
      "at 3 s the network cuts n4 and n5 off from the rest (dashed red links). They stand again and again, each time in a higher term, but two votes of five are never enough, while n2 keeps leading the other three.",
    preset: "start-majority",
  },
  {
    id: "a-split-vote",
    title: "A split vote, and why timers are random",
    sentence:
      "Two followers that stand at the same moment can split the votes so that nobody wins; every node then waits a new random time, so one of them almost always goes first the next time.",
    watch:
      "four nodes, so a leader needs three votes. At about 1.55 s n4 and n1 time out in the same tick, a quarter of a millisecond apart, and both stand for term 1; each gets two votes, and nobody wins. Every node draws a new random timer; n2's runs out first, and it wins term 2 at about 2.5 s.",
    preset: "start-split-vote",
  },
  {
    id: "a-late-write",
    title: "A late write is refused",
    sentence:
      "Every write carries its leader's term as a token, and the resource refuses a token lower than the highest it has seen, so a leader that froze cannot overwrite its successor.",
    watch:
      "n2 freezes at about 3 s (a square) in the middle of a write. n1 wins term 2 and writes with token 2 (the resource box's word for the term its writes carry). For a while n2 still believes it leads, as nobody could tell it otherwise, but when it wakes near 7 s its write carries token 1, and the resource box refuses it.",
    preset: "start-late-write",
  },
  {
    id: "a-lease",
    title: "A lease counts down",
    sentence:
      "Some systems give the leader a lease instead: permission to lead for a set time, which runs out unless the leader renews it.",
    watch:
      "the orange ring around n1: the time left on its lease as the database counts it, which jumps back at each renewal. n1 crashes at 4 s, nobody renews, and only when the ring has run out, near 9 s, does another node take the lease. This system calls its term the epoch, so the picture says epoch where the earlier screens said term; the resource box calls the same number a token.",
    preset: "start-lease",
  },
  {
    id: "your-turn",
    title: "Your turn",
    sentence:
      "Now cause it yourself: freeze the leader, as a long garbage-collection pause does, and watch the others replace it and refuse the write it sends when it wakes.",
    watch:
      "press Play and wait for the star, then press Freeze the leader. Look for a new term, a new star, and a refused write when the old leader wakes 4 s later.",
    preset: "start-your-turn",
    fault: "pause-leader",
  },
];
