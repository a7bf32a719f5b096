// The objects the Kubernetes API server keeps for leader election: the coordination.k8s.io/v1
// Lease (client-go resourcelock/leaselock.go, interface.go LeaderElectionRecord) and, under
// Coordinated Leader Election (KEP-4355), the LeaseCandidates its election controller reads.

/** Where the API server keeps the Lease object in etcd. */
export const K8S_KEY = "/registry/leases/default/election";
export const CANDIDATES = "/registry/leasecandidates/default/";

/** LeaderElectionRecord (resourcelock/interface.go:46-59); times are the writer's wall clock (ms). */
export interface LeaseRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: number;
  renewTime: number;
  leaseTransitions: number;
}

/** coordination.k8s.io LeaseCandidateSpec, plus the metadata the controller reads. */
export interface LeaseCandidate {
  leaseName: string;
  binaryVersion: string;
  emulationVersion: string;
  strategy: "OldestEmulationVersion";
  pingTime: number | null;
  renewTime: number;
  /** metadata.creationTimestamp, set by the API server: here the key's create revision, which
   *  orders candidates exactly as their creation times do */
  creationTimestamp: number;
  node: number;
}
export interface CleState {
  due: number | null;
}
