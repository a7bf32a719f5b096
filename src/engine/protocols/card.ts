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

/** One line of a card: plain words first, in the learner's vocabulary (leader, follower, token),
 *  and the real system's names (fields, calls, flags) as a secondary detail. `say` may name a
 *  timer in braces, "{retryPeriod}", or a sum, "{retryPeriod+renewDeadline}": the card fills in
 *  the run's value when opened from a run, else the default, so its numbers match the run. */
export interface CardLine {
  say: string;
  api?: string;
}

export interface RulesCard {
  /** the protocol it belongs to: its spec's name (a registry test keeps them equal) */
  protocol: string;
  title: string;
  /** the whole idea in one plain sentence, the card's first line, before any API name (review
   *  8b #13: etcd's card opened with "gRPC stream" and "create revision") */
  gist?: string;
  /** the lesson that teaches it */
  lesson: string;
  /** a sandbox preset that runs it */
  preset: string;
  state: (string | CardLine)[];
  messages: (string | CardLine)[];
  rules: (string | CardLine)[];
  /** the token in the course's one word for it, when the spec's own word differs from what the
   *  sandbox shows (Kubernetes' leaseTransitions, a znode's seq, an etcd key's rev: "token") */
  token?: CardLine;
  /** one entry per timer the protocol's config normalises: its label and meaning, never its value */
  timers: Record<string, TimerDoc>;
  sources: string[];
}
