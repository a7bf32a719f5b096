// The rules client-go's leader election decides by (issue 20), all judged on the candidate's
// own clock, plus the coordinated-election controller's pick.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const LE = "kubernetes client-go tools/leaderelection/leaderelection.go";

export const kubernetesRules: RuleTable = {
  "k8s.lease.observed": {
    says: "{node} saw the Lease record change (holder {holder}) and restarted its own clock on it: it will wait {leaseMs:s} before trying to take over",
    lesson: "kubernetes-leases#the-elector-step-by-step",
    source: `${LE} tryAcquireOrRenew, observedTime (v0.31.0)`,
    holds: (v) => num(v.leaseMs) && v.leaseMs >= 0,
  },
  "k8s.lease.expiredOnMyClock": {
    says: "the Lease record had not changed for {unchangedMs:s} on {node}'s clock, at least its lease duration of {leaseMs:s}, so {node} took it over from {holder}",
    lesson: "kubernetes-leases#three-durations-and-the-margin",
    source: `${LE} tryAcquireOrRenew, observedTime + leaseDuration (v0.31.0)`,
    holds: (v) => num(v.unchangedMs) && num(v.leaseMs) && v.unchangedMs >= v.leaseMs - 1,
  },
  "k8s.lease.noHolder": {
    says: "the Lease names no holder, so {node} took it",
    lesson: "kubernetes-leases#the-elector-step-by-step",
    source: `${LE} tryAcquireOrRenew (v0.31.0)`,
    holds: (v) => v.holder === null,
  },
  "k8s.lease.acquired": {
    says: "{node}'s update of the Lease record succeeded (the lease had changed hands {leaseTransitions} times before), so it started leading",
    lesson: "kubernetes-leases#the-elector-step-by-step",
    source: `${LE} acquire, OnStartedLeading (v0.31.0)`,
    holds: (v) => num(v.leaseTransitions),
  },
  "k8s.renewDeadline": {
    says: "{node} could not renew within its renew deadline ({renewDeadlineMs:s}) on its own clock, retrying every {retryPeriodMs:s}, so it stopped leading",
    lesson: "kubernetes-leases#three-durations-and-the-margin",
    source: `${LE} renew, PollUntilContextTimeout(RetryPeriod, RenewDeadline) (v0.31.0)`,
    holds: (v, ms) => num(v.roundDeadline) && num(ms) && ms >= v.roundDeadline - 1e-6,
  },
  "k8s.shutdown.workCancelled": {
    says: "{node} got SIGTERM: the context its leader's work runs on was cancelled, so it stopped working at once",
    lesson: "kubernetes-leases#the-elector-step-by-step",
    source: `${LE} Run: OnStartedLeading gets a child of Run's context (@32ce75a7d6bc)`,
    holds: (v) => typeof v.holder === "string",
  },
  "k8s.controller.ping": {
    says: "the election controller pinged {candidates} candidate(s) that had not renewed within {afterMs:s}",
    lesson: "kubernetes-leases#coordinated-leader-election",
    source: "kubernetes pkg/controlplane/controller/leaderelection/leaderelection_controller.go (v1.31.0)",
    holds: (v) => num(v.candidates) && v.candidates > 0,
  },
  "k8s.controller.pick": {
    says: "the election controller picked {holder}: the oldest emulation version ({emulationVersion}) among {among} candidate(s) that answered",
    lesson: "kubernetes-leases#coordinated-leader-election",
    source:
      "kubernetes pkg/controlplane/controller/leaderelection/election.go pickBestLeaderOldestEmulationVersion (v1.31.0)",
    holds: (v) => typeof v.holder === "string" && num(v.among) && v.among > 0,
  },
  "k8s.coordinated.endOfTerm": {
    says: "the Lease names {preferred} as preferred holder, so {node} stops renewing at the end of its term",
    lesson: "kubernetes-leases#coordinated-leader-election",
    source: `${LE} tryCoordinatedRenew, PreferredHolder (v0.31.0)`,
    holds: (v) => typeof v.preferred === "string" && v.preferred !== v.holder,
  },
  "k8s.coordinated.leaseDuration": {
    says: "the Lease record says the lease lasts {written} s, but {node}'s renewal writes its own {mine} s",
    lesson: "kubernetes-leases#coordinated-leader-election",
    source: `${LE} tryCoordinatedRenew (v0.31.0)`,
    holds: (v) => v.written !== v.mine,
  },
};
