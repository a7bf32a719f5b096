// What a protocol's rules card holds (protocols/<name>/card.ts, reached through its spec): plain
// data, so the course draws it (course/rules/RulesCardView.tsx) and the engine stays free of UI.

export interface TimerDoc {
  label: string;
  meaning: string;
  unit?: "ms" | "ticks";
  /** the timer only makes a send fall due, and a loop of this period (ms) sends it on its first
   *  pass after that: the card shows the cadence that gives (etcd's clientv3 keepalive) */
  sentOnLoopMs?: number;
}

export interface RulesCard {
  /** the protocol it belongs to: its spec's name (a registry test keeps them equal) */
  protocol: string;
  title: string;
  /** the lesson that teaches it */
  lesson: string;
  /** a sandbox preset that runs it */
  preset: string;
  state: string[];
  messages: string[];
  rules: string[];
  /** one entry per timer the protocol's config normalises: its label and meaning, never its value */
  timers: Record<string, TimerDoc>;
  sources: string[];
}
