// The elector editor's code in the progress (issue 37, "nothing lost"): format 3's upgrade keeps
// everything a format-2 blob held, the code survives a reload and two tabs, travels in an export,
// and a merge keeps the later code and the earlier pass.
import { describe, expect, it } from "vitest";
import { createProgressStore, type Watch } from "./store";
import { PROGRESS_KEY, emptyProgress, type ProgressData } from "./schema";
import { exportProgress, parseProgressFile } from "./transfer";
import { mergeProgress } from "./merge";
import { electorState, readElectorRecord, recordHints, recordVerdict, saveCode } from "./sections/elector";

const T1 = "2026-12-01T10:00:00.000Z";
const T2 = "2026-12-01T11:00:00.000Z";

class Shared {
  map = new Map<string, string>();
  private listeners: Array<{ tab: number; fn: () => void }> = [];
  tab(n: number) {
    const view = {
      getItem: (k: string) => this.map.get(k) ?? null,
      setItem: (k: string, v: string) => {
        this.map.set(k, v);
        for (const l of this.listeners) if (l.tab !== n) l.fn();
      },
      removeItem: (k: string) => void this.map.delete(k),
    };
    const watch: Watch = (fn) => {
      this.listeners.push({ tab: n, fn });
      return () => {};
    };
    return createProgressStore(view, () => new Date(T1), watch, `tab-${n}`);
  }
}

describe("the elector section", () => {
  it("a format-2 blob is lifted to format 3 with every lesson, answer and practice record kept", () => {
    const s = new Shared();
    const v2 = {
      version: 2,
      lessons: { "bully-and-ring": { status: "done", updatedAt: T1 } },
      quiz: { items: {} },
      interview: { attempts: [{ id: "a1" }] },
      practice: { challenges: { "lease-ttl": { attempts: 2, last: "failed" } } },
    };
    s.map.set(PROGRESS_KEY, JSON.stringify(v2));
    const tab = s.tab(1);
    expect(tab.getState().notices).toEqual([]);
    expect(tab.getState().data).toEqual({ ...v2, version: 3, elector: { challenges: {} } });
  });

  it("keeps the code through a reload, and the state follows it", () => {
    const s = new Shared();
    const a = s.tab(1);
    expect(electorState(readElectorRecord(a.getState().data.elector, "bully"))).toBe("not-started");
    a.getState().updateSection("elector", (prev) => saveCode(prev, "bully", "export function init() {}", T1));
    const reloaded = s.tab(2);
    const rec = readElectorRecord(reloaded.getState().data.elector, "bully");
    expect(rec?.code).toBe("export function init() {}");
    expect(electorState(rec)).toBe("in-progress");
    reloaded
      .getState()
      .updateSection("elector", (prev) =>
        recordVerdict(prev, "bully", "export function init() {}", true, T2),
      );
    expect(electorState(readElectorRecord(s.tab(3).getState().data.elector, "bully"))).toBe("passed");
  });

  it("two tabs saving code for different challenges lose neither", () => {
    const s = new Shared();
    const a = s.tab(1);
    const b = s.tab(2);
    a.getState().updateSection("elector", (prev) => saveCode(prev, "bully", "// A", T1));
    b.getState().updateSection("elector", (prev) => saveCode(prev, "majority", "// B", T1));
    const after = s.tab(3).getState().data.elector;
    expect(readElectorRecord(after, "bully")?.code).toBe("// A");
    expect(readElectorRecord(after, "majority")?.code).toBe("// B");
    // the first tab shows the second tab's save without a reload
    expect(readElectorRecord(a.getState().data.elector, "majority")?.code).toBe("// B");
  });

  it("a pass stays passed after a later failing judge; hints only grow", () => {
    let sec = recordVerdict(undefined, "lease", "v1", true, T1);
    sec = recordVerdict(sec, "lease", "v2", false, T2);
    expect(readElectorRecord(sec, "lease")).toMatchObject({ code: "v2", passedAt: T1, last: "failed" });
    sec = recordHints(sec, "lease", 2, "starter", T2);
    sec = recordHints(sec, "lease", 1, "starter", T2);
    expect(readElectorRecord(sec, "lease")?.hints).toBe(2);
  });

  it("a damaged record reads as none without touching the others", () => {
    const sec = { challenges: { bully: { code: 42 }, raft: { code: "ok", updatedAt: T1 } } };
    expect(readElectorRecord(sec, "bully")).toBeNull();
    expect(readElectorRecord(sec, "raft")?.code).toBe("ok");
  });

  it("travels in an export and comes back on import", () => {
    const data: ProgressData = {
      ...emptyProgress(),
      elector: saveCode(undefined, "raft", "export function onTimer() {}", T1),
    };
    const file = exportProgress(data, new Date(T2));
    const back = parseProgressFile(file.json);
    expect(back.ok && readElectorRecord(back.data.elector, "raft")?.code).toBe(
      "export function onTimer() {}",
    );
  });

  it("a merge keeps the later code and the earlier pass", () => {
    const ours: ProgressData = {
      ...emptyProgress(),
      elector: recordVerdict(undefined, "raft", "old", true, T1),
    };
    const theirs: ProgressData = {
      ...emptyProgress(),
      elector: saveCode(saveCode(undefined, "raft", "new", T2), "bully", "b", T1),
    };
    const m = mergeProgress(ours, theirs);
    expect(readElectorRecord(m.elector, "raft")).toMatchObject({ code: "new", passedAt: T1 });
    expect(readElectorRecord(m.elector, "bully")?.code).toBe("b");
  });
});
