// Requests to a worker that wait for its answer, by id. One table for every page-side client
// (the simulation's "Why?", trace and diagram requests; the lab's jobs): an answer settles its
// request once, and a crash, a cancel or a dispose fails every request still waiting, so no
// promise on the page is left hanging when the worker behind it is gone.

export interface Waiter<T> {
  resolve(value: T): void;
  reject(err: Error): void;
}

export class PendingRequests<T, W extends Waiter<T> = Waiter<T>> {
  private seq = 0;
  private readonly waiting = new Map<number, W>();

  /** Keep `w` under a fresh id (the id goes in the message to the worker). */
  add(w: W): number {
    const id = ++this.seq;
    this.waiting.set(id, w);
    return id;
  }

  get(id: number): W | undefined {
    return this.waiting.get(id);
  }

  get size(): number {
    return this.waiting.size;
  }

  resolve(id: number, value: T): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w.resolve(value);
  }

  reject(id: number, err: Error): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w.reject(err);
  }

  /** Fail everything still waiting (taken first, so a handler that sends again starts clean). */
  failAll(err: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of all) w.reject(err);
  }
}
