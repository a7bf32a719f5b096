// A Play pressed while /start's live run still loads is kept, not refused: the run starts as soon
// as it can. A disabled Play refused the press, and a retried press (a double tap, a test's
// click) scrolled the page to find the button again, cutting the screen's title (review 10a #2,
// #3). The placeholder and the run are different modules, so the wish waits here between them.

let wanted: string | null = null;

/** Remember that the learner pressed Play on `preset`'s run before it could play. */
export function askToPlay(preset: string): void {
  wanted = preset;
}

/** Whether Play was pressed early on `preset`'s run; forgets the wish once read. */
export function takePlayWish(preset: string): boolean {
  const yes = wanted === preset;
  if (yes) wanted = null;
  return yes;
}
