// The sandbox's requests to the simulation worker that wait for an answer (trace, window, "Why?").
import type { Step, TraceEvent } from "../engine/index.ts";
import type { FromWorker, ToWorker } from "../worker/protocol.ts";
import { PendingRequests } from "../worker/pending-requests.ts";

export class SimRequests {
  private readonly requests = new PendingRequests<FromWorker>();
  private readonly post: (msg: ToWorker) => void;

  constructor(post: (msg: ToWorker) => void) {
    this.post = post;
  }

  /** The whole trace as JSON (built in the worker). */
  traceJson(): Promise<string> {
    return this.ask((reqId) => ({ type: "trace", reqId, format: "json" })).then((m) =>
      m.type === "trace" ? m.json : "[]",
    );
  }

  traceWindow(
    from: number,
    to: number,
    limit: number,
  ): Promise<{ events: TraceEvent[]; truncated: boolean }> {
    return this.ask((reqId) => ({ type: "window", reqId, from, to, limit })).then((m) =>
      m.type === "window" ? { events: m.events, truncated: m.truncated } : { events: [], truncated: false },
    );
  }

  fingerprint(): Promise<{ t: number; digest: string }> {
    return this.ask((reqId) => ({ type: "fingerprint", reqId })).then((m) =>
      m.type === "fingerprint" ? { t: m.t, digest: m.digest } : { t: 0, digest: "" },
    );
  }

  /** "Why?" (issue 20): the causal chain of an event, from the worker's full trace */
  explain(event: TraceEvent): Promise<Step[] | null> {
    return this.ask((reqId) => ({ type: "explain", reqId, event })).then((m) =>
      m.type === "explain" ? m.chain : null,
    );
  }

  private ask(make: (reqId: number) => ToWorker): Promise<FromWorker> {
    return new Promise((resolve, reject) => {
      const reqId = this.requests.add({ resolve, reject });
      this.post(make(reqId));
    });
  }

  /** The worker's answer to a request settles it. */
  resolve(reqId: number, msg: FromWorker): void {
    this.requests.resolve(reqId, msg);
  }

  /** Fail every request still waiting (a crash, a dispose): none is left hanging. */
  failAll(err: Error): void {
    this.requests.failAll(err);
  }
}
