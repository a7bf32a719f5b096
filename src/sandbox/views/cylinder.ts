// The store's cylinder as drawn: its outline and where its two lines of words sit. Pure and
// tiny, so /start's still picture (GuidedStill.tsx) draws the same cylinder before the sandbox
// has loaded.

/** The cylinder's height (px); its top and bottom faces are ellipses 7 px tall each way. */
export const STORE_H = 50;

/** The title's baseline (px from the middle): its ascenders stand 4 px or more under the top
 *  face's front rim (y -11); at -2, and then 1, "database" touched the rim (review 10a #9). */
export const STORE_TITLE_Y = 4;

/** The second line's baseline: under the title, above the bottom face's front edge (y 18). */
export const STORE_LINE_Y = 17;

/** The narrowest the cylinder is drawn (px). */
export function baseStoreWidth(width: number): number {
  return width < 560 ? 112 : 132;
}

/** The body with its whole top face (filled), and the front rim of the top face (a line only). */
export function cylinderPaths(w: number, h = STORE_H): { body: string; rim: string } {
  const top = -h / 2 + 7;
  return {
    body: `M${-w / 2},${top} a${w / 2},7 0 0,1 ${w},0 v${h - 14} a${w / 2},7 0 0,1 ${-w},0 z`,
    rim: `M${-w / 2},${top} a${w / 2},7 0 0,0 ${w},0`,
  };
}
