// Between /start's run buttons and its live run. The buttons (Play, Next event, the screen's
// fault) and the words under them are drawn by GuidedShell.tsx, outside the run's lazy chunk, so
// they are ONE set of elements from the first paint to the run's end: a Play replaced by the run's
// own as the chunk arrived lost the press landing on it, or Playwright's retried click scrolled
// the page 240 px to find the new one (a fresh-clone CI walk), and a focused Play lost its focus.
// The run (GuidedRun.tsx) tells the shell what the buttons say here, and takes their presses.
// No sandbox imports: the shell is in /start's first load.

/** One line of what just happened, newest first, as the run tells it. */
export interface GuidedLine {
  key: string;
  t: number;
  text: string;
  times: number;
}

/** What the shell draws from the run's state. */
export interface GuidedView {
  playing: boolean;
  /** Play, Pause, Play again or Start again */
  playText: string;
  /** Next event takes a press */
  canStep: boolean;
  /** the clock's words: "1.2 s of 6 s" */
  clock: string;
  fault: { off: boolean; label: string; detail: string };
  faultWhy: string;
  lines: readonly GuidedLine[];
  /** the run has played to its end once: "Then:" shows */
  playedOnce: boolean;
}

/** What the buttons do, once the run is here. */
export interface GuidedActs {
  play(): void;
  next(): void;
  pauseLeader(): void;
}

export interface GuidedBridge {
  /** the run's view, or null while the run has not arrived */
  get(): GuidedView | null;
  acts(): GuidedActs | null;
  /** the run's new view and presses (null: the run has gone) */
  set(view: GuidedView | null, acts: GuidedActs | null): void;
  subscribe(listener: () => void): () => void;
}

function sameView(a: GuidedView | null, b: GuidedView | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.playing === b.playing &&
    a.playText === b.playText &&
    a.canStep === b.canStep &&
    a.clock === b.clock &&
    a.fault.off === b.fault.off &&
    a.fault.label === b.fault.label &&
    a.fault.detail === b.fault.detail &&
    a.faultWhy === b.faultWhy &&
    a.lines === b.lines &&
    a.playedOnce === b.playedOnce
  );
}

export function createGuidedBridge(): GuidedBridge {
  let view: GuidedView | null = null;
  let acts: GuidedActs | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    acts: () => acts,
    set(v, a) {
      acts = a;
      if (sameView(view, v)) return;
      view = v;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
