// The coordination.k8s.io/v1 Lease as client-go's LeaseLock sees it (resourcelock/leaselock.go
// 73-166), mapped onto the store: the API server keeps the object in etcd, resourceVersion is the
// key's mod revision, Create is "put if absent", Update is "put if resourceVersion unchanged"
// (otherwise 409 Conflict).
import { K8S_KEY, type LeaseRecord } from "../../servers/index.ts";

export { K8S_KEY, type LeaseRecord };
/** leaderelection.go:71-73 */
export const JITTER_FACTOR = 1.2;

export function getReq(reqId: number) {
  return { reqId, compare: [], success: [{ op: "get", key: K8S_KEY }] };
}

export function createReq(reqId: number, rec: LeaseRecord) {
  return {
    reqId,
    compare: [{ key: K8S_KEY, target: "create", result: "=", value: 0 }],
    success: [{ op: "put", key: K8S_KEY, value: rec }],
    failure: [],
  };
}

export function updateReq(reqId: number, rec: LeaseRecord, resourceVersion: number) {
  return {
    reqId,
    compare: [{ key: K8S_KEY, target: "mod", result: "=", value: resourceVersion }],
    success: [{ op: "put", key: K8S_KEY, value: rec }],
    failure: [],
  };
}

/** Has the record changed? Exactly `JSON.stringify(a) !== JSON.stringify(b)` (client-go compares
 *  the raw record, leaderelection.go:487), without building the strings: flat records of strings,
 *  finite numbers, booleans and null compare field by field, in order; anything else falls back. */
export function recordChanged(a: object, b: object | null): boolean {
  if (a === b) return false;
  if (b === null) return true;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return JSON.stringify(a) !== JSON.stringify(b);
  const ra = a as Record<string, unknown>,
    rb = b as Record<string, unknown>;
  for (let i = 0; i < ka.length; i++) {
    const x = ra[ka[i]],
      y = rb[kb[i]];
    if (ka[i] !== kb[i] || !plain(x) || !plain(y)) return JSON.stringify(a) !== JSON.stringify(b);
    if (x !== y) return true;
  }
  return false;
}

/** A value JSON.stringify writes as itself, one to one: a string, a finite number, a boolean, null. */
function plain(x: unknown): boolean {
  return (
    typeof x === "string" ||
    typeof x === "boolean" ||
    x === null ||
    (typeof x === "number" && Number.isFinite(x))
  );
}
