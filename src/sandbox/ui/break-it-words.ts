// The properties "Try to break it" offers, in the learner's words. Kept apart from the panel so a
// lesson's link can name a property without loading the engine.
export type PropertyGroup = { group: string; items: Array<[string, string]> };

export const BREAK_IT_PROPERTIES: PropertyGroup[] = [
  {
    group: "Safety",
    items: [
      ["one-leader-per-term", "Two leaders in the same term or epoch"],
      ["one-vote-per-term", "A node votes twice in one term"],
      ["term-monotonic", "A node's term goes backwards"],
      ["token-monotonic", "The store hands out a token that does not grow"],
      ["fencing-monotonic", "The resource applies a lower token after a higher one"],
    ],
  },
  {
    group: "Hazards",
    items: [
      // One name for it across the sandbox: Latest and the metrics say "Two leaders" (review 9b #14).
      ["overlap", "Two leaders at once"],
      ["stale-write", "A stale write is accepted"],
      ["leaderless", "Nobody leads for longer than a limit"],
    ],
  },
];

/** "Two leaders at once" for "overlap"; leaderless:S names its limit. */
export function propertyWords(property: string): string {
  const [name, limit] = property.split(":");
  const words = BREAK_IT_PROPERTIES.flatMap((g) => g.items).find(([v]) => v === name)?.[1] ?? name;
  return name === "leaderless" && limit ? `Nobody leads for longer than ${limit} s` : words;
}
