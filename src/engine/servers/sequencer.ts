// Chubby's CheckSequencer (Burrows, "The Chubby lock service", OSDI 2006, section 2.4): a
// resource asks the lock service whether a sequencer (lock, mode, generation) is still current
// before it acts on a request. Every lock service answers it the same way; each says what
// "current" means for it (the etcd key's holder, the lowest znode, the lease row).
import { reply } from "./common.ts";
import type { ServerWorld as World } from "./world.ts";
import type { Msg } from "../core/types.ts";

export function answerSequencer(
  w: World,
  m: Msg,
  valid: (node: string, token: number) => boolean,
  holder: string | null,
): void {
  const st = w.s.store;
  const { node, token } = m.body as { node: string; token: number };
  const ok = valid(node, token);
  const why = ok
    ? `${node} holds the lock at generation ${token}`
    : holder
      ? `the lock is held by ${holder} at generation ${st.holderToken}, not ${node} at ${token}`
      : `nobody holds the lock (${node}'s generation ${token} is gone)`;
  if (w.s.traceLevel === "full")
    w.s.trace.push({
      t: w.s.now,
      type: "store",
      op: "check-sequencer",
      key: node,
      rev: token,
      detail: `${ok ? "valid" : "not current"}: ${why}`,
      valid: ok,
      holder,
      ...(holder ? { holderToken: st.holderToken } : {}),
    });
  reply(w, m, { valid: ok, why, token, confirm: !!m.body.confirm, holder, holderToken: st.holderToken });
}

export const r3 = (x: number) => Math.round(x * 1000) / 1000;
