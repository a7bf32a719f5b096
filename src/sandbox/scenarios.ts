// Where a sandbox run comes from: the default scenario, a preset, a share link or a file. A
// run is always a scenario (plain JSON, as a learner would write it) plus a time.
import { parseScenario, presets, resolveRef, type RawScenario, type Scenario } from "../engine/index.ts";

export type { RawScenario };

/** The billing job of the seeds, with nothing scripted: three replicas on an etcd lease
 *  (TTL 10 s, renewed every 3 s), writing to a fenced resource every second. */
export const DEFAULT_SCENARIO: RawScenario = {
  protocol: "etcd",
  nodes: 3,
  seed: 1,
  until: "60s",
  boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl: "10s", renew: "3s" },
  fencing: "token",
  work: { every: "1s" },
  faults: [],
};

export const DEFAULT_TITLE = "Billing job on an etcd lease";

/** A preset's scenario (a fresh copy), or null when there is no such preset: the scenario
 *  reference { preset, withoutFaults } resolved. */
export function presetScenario(name: string, opts: { withoutFaults?: boolean } = {}): RawScenario | null {
  if (!Object.prototype.hasOwnProperty.call(presets, name)) return null;
  return resolveRef({ preset: name, withoutFaults: opts.withoutFaults }, { presets }).scenario;
}

export function presetTitle(name: string): string | null {
  return Object.prototype.hasOwnProperty.call(presets, name) ? presets[name].title : null;
}

/** Lease length, when the protocol has one, for drawing countdown arcs: the etcd TTL, the
 *  Kubernetes leaseDuration, the database row's ttl, or the ZooKeeper session timeout the server
 *  negotiates (the requested one clamped to 2..20 ticks), not the one requested. */
export function leaseLength(sc: Scenario | null): number | null {
  if (!sc) return null;
  const t = sc.timing as unknown as Record<string, unknown>;
  if (sc.protocol === "zookeeper") {
    const tick = t.tickTime as number;
    return Math.min(Math.max(t.sessionTimeout as number, 2 * tick), 20 * tick);
  }
  const v = t.ttl ?? t.leaseDuration ?? null;
  return typeof v === "number" ? v : null;
}

/** parseScenario that never throws: the normalised scenario, or the engine's message. */
export function checkScenario(raw: unknown): { ok: true; scenario: Scenario } | { ok: false; message: string; path: string } {
  try {
    return { ok: true, scenario: parseScenario(raw) };
  } catch (err) {
    const e = err as Error & { path?: string };
    return { ok: false, message: e.message, path: e.path ?? "" };
  }
}

export function nodeIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `n${i + 1}`);
}
