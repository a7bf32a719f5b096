// Every protocol the engine runs, one line each: adding a protocol is its folder and one line here.
// The registry (registry.ts) reads this list and puts it in the specs' own `order`.
export { raftSpec as raft } from "./raft/spec.ts";
export { etcdSpec as etcd } from "./etcd/spec.ts";
export { kubernetesSpec as kubernetes } from "./kubernetes/spec.ts";
export { bullySpec as bully } from "./bully/spec.ts";
export { ringSpec as ring } from "./ring/spec.ts";
export { zabSpec as zab } from "./zab/spec.ts";
export { zookeeperSpec as zookeeper } from "./zookeeper/spec.ts";
export { databaseSpec as database } from "./database/spec.ts";
export { heartbeatSpec as heartbeat } from "./heartbeat/spec.ts";
export { learnerSpec as learner } from "./learner/spec.ts";
