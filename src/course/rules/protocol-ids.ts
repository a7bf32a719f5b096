// The protocols that have a rules card, as a plain list: route files read it without pulling the
// engine's scenario parser into the main bundle. A test keeps it equal to the engine's PROTOCOLS.
export const RULES_PROTOCOL_IDS = ["raft", "etcd", "kubernetes", "bully", "ring", "zab", "zookeeper", "database", "heartbeat"] as const;
export type RulesProtocol = (typeof RULES_PROTOCOL_IDS)[number];

export function isRulesProtocol(p: string): p is RulesProtocol {
  return (RULES_PROTOCOL_IDS as readonly string[]).includes(p);
}
