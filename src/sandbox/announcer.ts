// Feeds a polite live region from narrated lines without flooding it.
import type { Line } from "./narration.ts";

/**
 * Feeds a polite live region without flooding it: at most one announcement every `gap` ms.
 * Lines that arrive in between are merged; when there are many, the important ones are kept
 * and the rest counted.
 */
export class Announcer {
  private pending: Line[] = [];
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly say: (text: string) => void;
  private readonly now: () => number;
  private readonly gap: number;

  constructor(say: (text: string) => void, opts: { gap?: number; now?: () => number } = {}) {
    this.say = say;
    this.now = opts.now ?? (() => Date.now());
    this.gap = opts.gap ?? 2500;
  }

  push(lines: readonly Line[]): void {
    if (!lines.length) return;
    this.pending.push(...lines);
    this.schedule();
  }

  clear(): void {
    this.pending = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** For tests and for a forced flush. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.length) return;
    const lines = this.pending;
    this.pending = [];
    this.last = this.now();
    this.say(Announcer.compose(lines));
  }

  static compose(lines: readonly Line[]): string {
    if (lines.length <= 2) return lines.map((l) => `${l.text}.`).join(" ");
    const key = lines.filter((l) => l.important).slice(-2);
    const shown = key.length ? key : lines.slice(-1);
    const rest = lines.length - shown.length;
    return `${shown.map((l) => `${l.text}.`).join(" ")} (${rest} more in the event log.)`;
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.last + this.gap - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }
}
