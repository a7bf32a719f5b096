// The learner's acts in flight: sent to the worker, confirmed, and drawn (then no longer pending).
import type { FaultInput } from "../worker/protocol.ts";

export class ActLedger {
  private seq = 0;
  private readonly pending = new Map<number, FaultInput[]>();
  /** acts the worker confirmed whose frame has not arrived yet: still pending for the page */
  private readonly confirmed = new Set<number>();

  /** How many acts the page still waits on. */
  get size(): number {
    return this.pending.size;
  }

  /** Keep an act under a fresh id (the id goes in the message to the worker). */
  add(faults: FaultInput[]): number {
    const id = ++this.seq;
    this.pending.set(id, faults);
    return id;
  }

  /** The worker appended it; it stays pending until the frame that shows it arrives. */
  confirm(id: number): void {
    if (this.pending.has(id)) this.confirmed.add(id);
  }

  /** The worker refused it: nothing will show it. */
  refuse(id: number): void {
    this.pending.delete(id);
  }

  clear(): void {
    this.pending.clear();
    this.confirmed.clear();
  }

  /** A frame arrived: confirmed acts are drawn now. True when any settled. */
  settle(): boolean {
    if (this.confirmed.size === 0) return false;
    for (const id of this.confirmed) this.pending.delete(id);
    this.confirmed.clear();
    return true;
  }

  /** The acts not yet drawn, in the order they were made (replayed to a fresh worker). */
  waiting(): IterableIterator<[number, FaultInput[]]> {
    return this.pending.entries();
  }
}
