// The coordination.k8s.io/v1 Lease as client-go's LeaseLock sees it (resourcelock/leaselock.go
// 73-166), mapped onto the store: the API server keeps the object in etcd, resourceVersion is the
// key's mod revision, Create is "put if absent", Update is "put if resourceVersion unchanged"
// (otherwise 409 Conflict).
export const K8S_KEY = "/registry/leases/default/election";
/** leaderelection.go:71-73 */
export const JITTER_FACTOR = 1.2;

/** LeaderElectionRecord (resourcelock/interface.go:46-59); times are the writer's wall clock (ms). */
export interface LeaseRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: number;
  renewTime: number;
  leaseTransitions: number;
}

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
