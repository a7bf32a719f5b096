/** How a repeated event's count is said in its chip, in words, never a bare number that reads on
 *  from the sentence's last number (review 16a #5): "twice", "3 times". */
export function timesShort(times: number): string {
  return times === 2 ? "twice" : `${times} times`;
}

/** How it is hovered and heard after the line (review 12a #2): "happened twice", apart from the
 *  event's sentence, never "(2 times)" at its end. */
export function timesWords(times: number): string {
  return `happened ${timesShort(times)}`;
}
