import { describe, expect, it } from "vitest";
import { afterColon, markBody } from "./LatestPanel.tsx";

describe("an event line after its colon", () => {
  it("starts in lower case, as every other event line does (review 15b #11)", () => {
    expect(markBody({ title: "Repair", text: "Every cut link was healed" })).toBe(
      "every cut link was healed",
    );
    expect(markBody({ title: "Fault", text: "Fault: The leader n2 paused" })).toBe("the leader n2 paused");
  });
  it("keeps a name's capital: a node, ZooKeeper, an acronym, a protocol", () => {
    for (const t of [
      "n3 crashed",
      "ZooKeeper is back up",
      "API server cut off",
      "Raft elects",
      "GC pause on n2",
    ])
      expect(afterColon(t)).toBe(t);
  });
});
