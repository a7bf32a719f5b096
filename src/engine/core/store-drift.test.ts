// A drift change of the store's clock mid-run moves every timer the store owns, not only etcd's
// lease expiry: here ZooKeeper's session tracker (a named store tick).
import { describe, expect, it } from "vitest";
import { runScenario } from "../index.ts";

describe("store clock drift changed mid-run", () => {
  it("re-times the ZooKeeper session expiry: due at server clock 14 000, it fires at 10.5 s once the clock runs 2x from 7 s", () => {
    const { trace } = runScenario({
      protocol: "zookeeper",
      nodes: 1,
      seed: 1,
      until: "30s",
      faults: [
        { at: "5s", do: "crash", node: "leader" },
        { at: "7s", do: "clock", node: "store", drift: 1_000_000 },
      ],
    });
    const expired = trace.filter((e) => e.type === "lease" && e.action === "expire");
    // The last ping (readTimeout/2 = 3.33 s after the last send) reached the server at about
    // 3.35 s, so the session is due on the tick after 13.35 s: 14 000 on the server's clock.
    expect(expired.map((e) => e.t)).toEqual([10500]);
    // 7 s of real time at rate 1, then 3.5 s at rate 2: 7 000 + 7 000 = 14 000 on the server's clock.
    expect(expired[0].type === "lease" && expired[0].detail).toMatch(/server clock 14000/);
  });
});
