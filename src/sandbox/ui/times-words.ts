/** How a repeated event's count is said, heard and hovered (review 12a #2): "happened 2 times",
 *  apart from the event's sentence, never "(2 times)" at its end. */
export function timesWords(times: number): string {
  return `happened ${times} times`;
}
