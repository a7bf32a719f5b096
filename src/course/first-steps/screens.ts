// The first ten minutes (/start): one plain sentence and one live run per screen, no jargon.
// Each run is an engine preset (src/engine/scenario/presets-depth.ts); the words are ours.
export interface FirstStep {
  id: string;
  /** the one sentence the screen teaches */
  sentence: string;
  /** what to watch for, as an instruction */
  watch: string;
  /** the engine preset the live animation runs */
  preset: string;
}

export const FIRST_STEPS: readonly FirstStep[] = [
  {
    id: "a-leader",
    sentence: "A group of computers picks one of them to be the leader: the one that makes the decisions.",
    watch: "Press Play and watch one of the three circles become a star.",
    preset: "first-leader",
  },
  {
    id: "a-crash",
    sentence: "When the leader stops answering, the others notice the silence and pick a new one.",
    watch: "Press Play: the leader crashes at 1 second, and a few moments later another computer becomes the star.",
    preset: "first-crash",
  },
  {
    id: "a-new-number",
    sentence: "Every new choice gets a higher number, so a leader that comes back late can tell it has been replaced.",
    watch: "Press Play: the old leader restarts at 2.5 seconds, sees the higher number, and follows the new leader.",
    preset: "first-new-term",
  },
  {
    id: "a-late-write",
    sentence: "A leader that froze and wakes up late is turned away, because the number it carries is too old.",
    watch: "Press Play: the leader freezes at 3 seconds, another takes over with a higher number, and the frozen one's late write is refused.",
    preset: "first-late-write",
  },
];
