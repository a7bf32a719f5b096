// A ZooKeeper ensemble's state as the recipes see it: sessions with their negotiated timeouts,
// znodes (ephemeral sequential under the election parent) and one-shot exists() watches.
export interface ZkSession {
  id: number;
  owner: string;
  node: number;
  timeout: number;
  expiry: number;
}
export interface Znode {
  name: string;
  owner: string;
  session: number;
  seq: number;
  czxid: number;
}
export interface ZkServer {
  zxid: number;
  /** the election parent's cversion: the next sequence number */
  cversion: number;
  sessions: Record<string, ZkSession>;
  nextSession: number;
  znodes: Record<string, Znode>;
  /** one-shot exists() watches: client node, its session, the watched path */
  watches: Array<{ node: number; session: number; path: string }>;
}

/** ZooKeeperServer.java:1518-1527 (3.9): the server clamps a requested session timeout to
 *  [minSessionTimeout, maxSessionTimeout], by default [2, 20] × tickTime. */
export function negotiatedTimeout(tickTime: number, requested: number): number {
  return Math.min(Math.max(requested, 2 * tickTime), 20 * tickTime);
}
