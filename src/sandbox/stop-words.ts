// Crash and Shut down sit side by side in a node's actions; this line says how they differ, from
// what the engine does for each (src/engine/core/process.ts): a crash ends the process at once;
// a shutdown is SIGTERM, and a protocol with an onShutdown hook gives up what it holds first
// (etcd: Resign and LeaseRevoke; ZooKeeper: CloseSession; the database: Release; Kubernetes:
// release() only with ReleaseOnCancel). Raft, Zab and the classic algorithms have no such hook
// here, so their shutdown is a clean stop that the others notice only by silence (review 9a #15).

const HANDS_OVER: Record<string, string> = {
  etcd: "it deletes its key and revokes its lease first, so the next in line leads at once",
  zookeeper: "it closes its session first, so its znode goes at once and the next in line leads",
  database: "it releases its lock row first, so another node can take it at once",
  kubernetes:
    "it clears its name from the Lease first if ReleaseOnCancel is on, so another node takes it at once",
};

/** One line under the node's actions: what Crash does, and what Shut down does in this protocol. */
export function crashVsShutdown(protocol: string): string {
  const shut =
    HANDS_OVER[protocol] ??
    "a clean stop, but this protocol hands nothing over: the others notice only when it goes quiet, as after a crash";
  return `Crash: the process stops at once, mid-step. Shut down: ${shut}.`;
}
