// The network actions: store outage, heal, partition, cut a link, delay and loss, drop a message.
import type { SandboxState } from "./store.ts";
import { partitionGroups } from "./store.ts";
import { storeLabelCap } from "./labels.ts";
import { linkFaults } from "./views/cluster-links.ts";
import { act, canAct, withFor, type SandboxAction } from "./action-base.ts";

const hasStore = (s: SandboxState) => s.frame?.store !== null && s.frame?.store !== undefined;

export const NETWORK_ACTIONS: SandboxAction[] = [
  {
    name: "store-outage",
    group: "network",
    shortcut: "O",
    keys: ["o"],
    does: ["store-outage"],
    label: (s) =>
      `${storeLabelCap(s.frame?.store?.kind)} down${s.params.outageSeconds ? ` ${s.params.outageSeconds} s` : ""}`,
    enabled: (s) => canAct(s) && hasStore(s) && s.frame?.store?.up === true,
    command: (s) => act({ do: "store-outage", ...withFor(s.params.outageSeconds) }),
    help: "Take the coordination store down (for the chosen time)",
  },
  {
    name: "heal",
    group: "network",
    shortcut: "H",
    keys: ["h"],
    does: ["heal"],
    label: () => "Heal network",
    enabled: (s) => canAct(s) && (s.frame?.cuts.length ?? 0) > 0,
    command: () => act({ do: "heal" }),
    help: "Restore every cut link",
  },
  {
    name: "partition",
    group: "network",
    shortcut: "G",
    keys: ["g"],
    does: ["partition"],
    label: (s) => {
      const k = partitionGroups(s).length;
      return k >= 2 ? `Split into ${k} groups` : "Split (put nodes in two groups)";
    },
    enabled: (s, t) => canAct(s) && (t?.groups ?? partitionGroups(s)).length >= 2,
    command: (s, t) =>
      t?.groups
        ? act({ do: "partition", groups: t.groups })
        : act({
            do: "partition",
            groups: partitionGroups(s),
            ...(s.params.partitionOneWay ? { oneWay: true } : {}),
            ...withFor(s.params.partitionSeconds),
          }),
    help: "Split the network into the groups chosen in the partition editor (one-way if ticked)",
  },
  {
    name: "cut-link",
    group: "network",
    shortcut: "U",
    keys: ["u"],
    label: (s) => `Cut ${s.params.cutFrom} ${s.params.cutOneWay ? "→" : "↔"} ${s.params.cutTo}`,
    enabled: (s) => canAct(s) && s.params.cutFrom !== s.params.cutTo,
    command: (s) =>
      act({
        do: "partition",
        groups: [[s.params.cutFrom], [s.params.cutTo]],
        ...(s.params.cutOneWay ? { oneWay: true } : {}),
      }),
    help: "Cut the one link chosen in the editor (one direction only if ticked)",
  },
  {
    name: "network",
    group: "network",
    shortcut: "N",
    keys: ["n"],
    does: ["network"],
    label: (s) =>
      `Apply delay ${s.params.delayMs} ms, jitter ${s.params.jitterMs} ms, loss ${s.params.lossPercent}%`,
    enabled: canAct,
    command: (s) =>
      act({
        do: "network",
        delay: s.params.delayMs,
        jitter: s.params.jitterMs,
        loss: Math.min(0.99, s.params.lossPercent / 100),
      }),
    help: "Change network delay, jitter and message loss from now on",
  },
  {
    // A click on a link in the picture (no key: the picture's own keys reach it).
    name: "link",
    group: "network",
    shortcut: "",
    keys: [],
    label: () => "Cut or heal a link",
    enabled: (s, t) => canAct(s) && t?.link !== undefined,
    command: (_s, t) => (t?.link ? act(...linkFaults(t.link, t.oneWay === true, t.from ?? t.link.a)) : null),
    help: "Cut the clicked link, or heal it when it is cut (one direction only with Shift or Cut one way)",
  },
  {
    name: "drop",
    group: "network",
    shortcut: "",
    keys: [],
    does: ["drop"],
    label: () => "Drop this message",
    enabled: (s, t) =>
      canAct(s) && t?.message !== undefined && (s.frame?.messages.some((m) => m.id === t.message) ?? false),
    command: (_s, t) => (t?.message !== undefined ? act({ do: "drop", message: t.message }) : null),
    help: "Lose the inspected message in flight, as if the network had",
  },
];
