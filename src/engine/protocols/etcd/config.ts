// etcd's election (concurrency.Election on a session lease): timing and options.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, type Raw } from "../../validate/check.ts";

export interface EtcdTiming {
  ttl: number;
  renew: number;
}
export interface EtcdOptions {
  /** self-demote this long before TTL elapses since the last acknowledged keepalive *send* */
  margin: number;
  /** check the remaining lease on the holder's clock right before each write */
  checkBeforeWrite: boolean;
  /** the application's own self-demotion timer (the course's rule, not clientv3's): stop leading
   *  at last acknowledged keepalive send + TTL - margin. Off, the library's default: only
   *  clientv3's Session.Done stops it (no keepalive answer for TTL since the last answer, seen by
   *  lease.go deadlineLoop's 1 s ticker), and concurrency.Election has no timer of its own (the
   *  etcd issue 19597 gap) */
  selfDemote: boolean;
  /** how long a client waits before retrying a request that got no answer (lease.go retryConnWait) */
  retry: number;
  /** the election key prefix */
  prefix: string;
  /** clientv3 Config DialKeepAliveTime / DialKeepAliveTimeout: gRPC's HTTP/2 keepalive, off by
   *  default. With it, a stream the server has been silent on for `time` is pinged, and closed
   *  when no answer comes within `timeout`; the client dials a new one and resumes its watches */
  keepAlive?: { time: number; timeout: number };
}

export const etcdConfig = {
  timing: z.strictObject({ ttl: dur.optional(), renew: dur.optional() }),
  options: z.strictObject({
    margin: dur.optional(),
    checkBeforeWrite: z.boolean().optional(),
    selfDemote: z.boolean().optional(),
    retry: dur.optional(),
    prefix: z.string().min(1).optional(),
    keepAlive: z.strictObject({ time: dur, timeout: dur.optional() }).optional(),
  }),
  normalise(ti: Raw, oi: Raw) {
    // etcd session.go:26 defaults the TTL to 60 s; lease.go keeps alive every TTL/3.
    const ttl = (ti.ttl as number | undefined) ?? 60_000;
    const renew = (ti.renew as number | undefined) ?? ttl / 3;
    if (ttl <= 0) throw new ScenarioError("timing.ttl", "must be greater than 0");
    // LeaseGrantRequest.TTL is an int64 of seconds, and clientv3's session passes int64(ttl)
    // (etcd-io/etcd @c34dc7ee0048fd2bcc44d50beff002e5e8069b69 api/etcdserverpb/rpc.proto
    // LeaseGrantRequest; client/v3/concurrency/session.go:50): a fraction cannot be asked for.
    if (ttl % 1000 !== 0)
      throw new ScenarioError(
        "timing.ttl",
        `etcd grants leases in whole seconds; ${ttl} ms is not one (use ${Math.max(1, Math.round(ttl / 1000))}s)`,
      );
    if (renew <= 0) throw new ScenarioError("timing.renew", "must be greater than 0");
    if (renew >= ttl)
      throw new ScenarioError(
        "timing.renew",
        `must be less than timing.ttl (${ttl} ms), or the lease expires between keepalives`,
      );
    const margin = (oi.margin as number | undefined) ?? 0;
    if (margin >= ttl) throw new ScenarioError("options.margin", `must be less than timing.ttl (${ttl} ms)`);
    if (margin > 0 && oi.selfDemote !== true)
      throw new ScenarioError(
        "options.margin",
        "only means something with options.selfDemote: true (clientv3 has no self-demotion timer to bring forward)",
      );
    const options: EtcdOptions = {
      margin,
      checkBeforeWrite: (oi.checkBeforeWrite as boolean | undefined) ?? false,
      // clientv3/concurrency has no self-demotion timer: off unless a scenario turns it on
      // (etcd-io/etcd @c34dc7ee0048fd2bcc44d50beff002e5e8069b69 client/v3/concurrency/session.go
      // has only Done(); client/v3/lease.go:526-590 recvKeepAlive, deadlineLoop).
      selfDemote: (oi.selfDemote as boolean | undefined) ?? false,
      retry: (oi.retry as number | undefined) ?? 500,
      prefix: (oi.prefix as string | undefined) ?? "/election",
    };
    if (options.retry <= 0) throw new ScenarioError("options.retry", "must be greater than 0");
    const ka = oi.keepAlive as { time: number; timeout?: number } | undefined;
    if (ka) {
      // clientv3 client.go dialSetupOpts passes them to grpc.WithKeepaliveParams (etcd-io/etcd
      // @7271adecc593412258698f402c9da78def5fe106). grpc-go raises a Time under 10 s to 10 s
      // (dialoptions.go WithKeepaliveParams, internal.KeepaliveMinPingTime) and reads a zero
      // Timeout as 20 s (http2_client.go defaultClientKeepaliveTimeout).
      if (ka.time <= 0)
        throw new ScenarioError(
          "options.keepAlive.time",
          "must be greater than 0 (leave keepAlive out to turn it off, clientv3's default)",
        );
      if (ka.timeout !== undefined && ka.timeout < 0)
        throw new ScenarioError("options.keepAlive.timeout", "must not be negative");
      options.keepAlive = { time: Math.max(10_000, ka.time), timeout: ka.timeout || 20_000 };
    }
    return { timing: { ttl, renew } as EtcdTiming, options };
  },
};
