// The deterministic split of a search's index space. Schedules 0..N-1 are cut into chunks of
// consecutive indices and handed out in ascending order to whichever worker is free; a chunk
// reports the lowest index in it that broke the property. The answer is the lowest failing
// index overall, so the plan is complete only when every chunk below it has reported, never
// merely when some worker finds something first. One worker or eight: the same index.

export interface Chunk {
  from: number;
  to: number;
}

export const CHUNK = 20;

export class ChunkPlan {
  private nextFrom = 0;
  private readonly open = new Map<number, Chunk>();
  private readonly doneTo: number[] = [];
  /** lowest failing index reported so far */
  best: number | null = null;

  constructor(
    readonly total: number,
    readonly size = CHUNK,
  ) {}

  private limit(): number {
    return this.best === null ? this.total : this.best;
  }

  /** The next chunk to hand out, or null when none is needed (yet or at all). */
  next(): Chunk | null {
    if (this.nextFrom >= this.limit()) return null;
    const c = { from: this.nextFrom, to: Math.min(this.total, this.nextFrom + this.size) };
    this.nextFrom = c.to;
    this.open.set(c.from, c);
    return c;
  }

  /** A chunk finished: `fail` is the lowest failing index in it, or null. */
  report(c: Chunk, fail: number | null): void {
    if (!this.open.delete(c.from)) return;
    this.doneTo.push(c.from);
    if (fail !== null && (this.best === null || fail < this.best)) this.best = fail;
  }

  /** Chunks still running that can change the answer (those below the best failure). */
  pending(): number {
    let n = 0;
    for (const c of this.open.values()) if (c.from < this.limit()) n++;
    return n;
  }

  /** True when the answer is known: every schedule below the best (or all of them) has run. */
  finished(): boolean {
    return this.pending() === 0 && this.nextFrom >= this.limit();
  }

  /** How many schedules the answer rests on: up to and including the failure, or all. */
  tried(): number {
    return this.best === null ? this.total : this.best + 1;
  }
}
