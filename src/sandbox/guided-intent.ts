// A press on Play or Next event while /start's live run still loads is kept, not refused: the run
// plays or steps as soon as it can. A disabled Play refused the press, and a retried press (a
// double tap, a test's click) scrolled the page to find the button again, cutting the screen's
// title (review 10a #2, #3); a disabled Next event showed a not-allowed cursor for 0.5 to 1.5 s on
// every screen while the worker started (review 15a #7). The placeholder and the run are different
// modules, so the wish waits here between them.

type Wish = "play" | "step";
let wanted: { preset: string; wish: Wish } | null = null;

/** Remember that the learner pressed Play on `preset`'s run before it could play. */
export function askToPlay(preset: string): void {
  wanted = { preset, wish: "play" };
}

/** Remember that the learner pressed Next event on `preset`'s run before it could step. */
export function askToStep(preset: string): void {
  wanted = { preset, wish: "step" };
}

function take(preset: string, wish: Wish): boolean {
  const yes = wanted?.preset === preset && wanted.wish === wish;
  if (yes) wanted = null;
  return yes;
}

/** Whether Play was pressed early on `preset`'s run; forgets the wish once read. */
export function takePlayWish(preset: string): boolean {
  return take(preset, "play");
}

/** Whether Next event was pressed early on `preset`'s run; forgets the wish once read. */
export function takeStepWish(preset: string): boolean {
  return take(preset, "step");
}

/** Forget any early press on `preset`'s run (the learner left its screen). */
export function forgetWishes(preset: string): void {
  if (wanted?.preset === preset) wanted = null;
}
