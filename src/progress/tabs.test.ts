// Two tabs over one saved blob, unknown fields kept, a newer build's blob left alone, and import
// with a backup: the cases of issue 17 ("Nothing lost"), each against the real store.
import { describe, expect, it } from "vitest";
import { createProgressStore, type Watch } from "./store";
import { BACKUP_KEY } from "./backup";
import { mergeProgress } from "./merge";
import { PROGRESS_KEY, emptyProgress, type ProgressData } from "./schema";

class SharedStorage {
  map = new Map<string, string>();
  failWritesTo: string | null = null;
  private listeners: Array<{ tab: number; fn: () => void }> = [];
  private writer = 0;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    // A key refuses writes, and so does every key under it ("backup" and "backup:<id>").
    if (
      this.failWritesTo === k ||
      this.failWritesTo === "*" ||
      (this.failWritesTo !== null && k.startsWith(`${this.failWritesTo}:`))
    )
      throw new DOMException("quota", "QuotaExceededError");
    this.map.set(k, v);
    // Like the storage event: every OTHER tab hears of the write.
    for (const l of this.listeners) if (l.tab !== this.writer) l.fn();
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  /** One tab's view: its writes are attributed to it, its watch hears the others. */
  tab(n: number) {
    const view = {
      getItem: (k: string) => this.getItem(k),
      setItem: (k: string, v: string) => {
        this.writer = n;
        this.setItem(k, v);
      },
      removeItem: (k: string) => this.removeItem(k),
    };
    const watch: Watch = (fn) => {
      this.listeners.push({ tab: n, fn });
      return () => {};
    };
    return createProgressStore(view, () => new Date(`2026-11-29T12:00:0${n}.000Z`), watch);
  }
}

const saved = (s: SharedStorage) => JSON.parse(s.getItem(PROGRESS_KEY)!) as ProgressData;

describe("two tabs", () => {
  it("never overwrite each other: each change applies to what the other tab saved", () => {
    const storage = new SharedStorage();
    const a = storage.tab(1);
    const b = storage.tab(2);
    a.getState().setLessonStatus("why-a-leader", "done");
    b.getState().setLessonStatus("role-state-machine", "done");
    expect(Object.keys(saved(storage).lessons).sort()).toEqual(["role-state-machine", "why-a-leader"]);
    // the first tab shows the second tab's lesson without a reload
    expect(a.getState().data.lessons["role-state-machine"]?.status).toBe("done");
    const reloaded = storage.tab(3);
    expect(reloaded.getState().data.lessons["why-a-leader"].status).toBe("done");
  });

  it("keep a change made in a tab that missed the other tab's event", () => {
    const storage = new SharedStorage();
    const a = storage.tab(1);
    // no watch: this tab never hears of the other's write, and must still not overwrite it
    const b = createProgressStore({
      getItem: (k) => storage.getItem(k),
      setItem: (k, v) => void storage.map.set(k, v),
      removeItem: (k) => storage.removeItem(k),
    });
    a.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "a1" }] }));
    b.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "b1" }] }));
    expect(saved(storage).interview.attempts).toEqual([{ id: "a1" }, { id: "b1" }]);
  });

  it("a reset in one tab is not undone by the other tab's older copy", () => {
    const storage = new SharedStorage();
    const a = storage.tab(1);
    const b = storage.tab(2);
    a.getState().setLessonStatus("x", "done");
    b.getState().setLessonStatus("x", "not-started");
    a.getState().setLessonStatus("y", "in-progress");
    expect(saved(storage).lessons.x.status).toBe("not-started");
    expect(a.getState().data.lessons.x.status).toBe("not-started");
  });
});

/** Tabs as Chromium runs them: each has its own copy of localStorage, and hears of another tab's
 *  write (the copy updated, then the storage event) only when `deliver` runs. The last write to
 *  reach the shared copy wins, as in the browser. */
class LaggyStorage {
  shared = new Map<string, string>();
  private tabs: Array<{ cache: Map<string, string>; fire: Array<() => void> }> = [];
  private queue: Array<{ to: number; k: string; v: string }> = [];
  tab(n: number, at = `2026-11-29T12:00:0${n}.000Z`) {
    const me = { cache: new Map(this.shared), fire: [] as Array<() => void> };
    const i = this.tabs.push(me) - 1;
    const view = {
      getItem: (k: string) => me.cache.get(k) ?? null,
      setItem: (k: string, v: string) => {
        me.cache.set(k, v);
        this.shared.set(k, v);
        this.tabs.forEach((_, j) => j !== i && this.queue.push({ to: j, k, v }));
      },
      removeItem: (k: string) => void me.cache.delete(k),
    };
    const watch: Watch = (fn) => {
      me.fire.push(fn);
      return () => {};
    };
    return createProgressStore(view, () => new Date(at), watch, `tab-${n}`);
  }
  /** Hand every queued write to its tab, until none is left (a tab may write again on hearing). */
  deliver() {
    for (let rounds = 0; this.queue.length > 0; rounds++) {
      if (rounds > 100) throw new Error("the tabs never settle");
      const { to, k, v } = this.queue.shift()!;
      this.tabs[to].cache.set(k, v);
      for (const f of this.tabs[to].fire) f();
    }
  }
}

describe("two tabs saving within milliseconds", () => {
  it("lose nothing: the tab whose change was saved over puts it back", () => {
    const storage = new LaggyStorage();
    const a = storage.tab(1);
    const b = storage.tab(2);
    // Both save before either has heard of the other's write: b's save lands over a's.
    a.getState().setLessonStatus("why-a-leader", "done");
    b.getState().setLessonStatus("role-state-machine", "done");
    expect(Object.keys(JSON.parse(storage.shared.get(PROGRESS_KEY)!).lessons)).toEqual([
      "role-state-machine",
    ]);
    storage.deliver();
    const final = JSON.parse(storage.shared.get(PROGRESS_KEY)!) as ProgressData;
    expect(Object.keys(final.lessons).sort()).toEqual(["role-state-machine", "why-a-leader"]);
    for (const tab of [a, b])
      expect(Object.keys(tab.getState().data.lessons).sort()).toEqual(["role-state-machine", "why-a-leader"]);
    expect(Object.keys(storage.tab(3).getState().data.lessons).sort()).toEqual([
      "role-state-machine",
      "why-a-leader",
    ]);
  });

  it("apply a counted change once: interview attempts and challenge checks are not doubled", () => {
    const storage = new LaggyStorage();
    const a = storage.tab(1);
    const b = storage.tab(2);
    a.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "a1" }] }));
    b.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "b1" }] }));
    a.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "a2" }] }));
    storage.deliver();
    b.getState().updateSection("interview", (s) => ({ ...s, attempts: [...s.attempts, { id: "b2" }] }));
    storage.deliver();
    const ids = (JSON.parse(storage.shared.get(PROGRESS_KEY)!) as ProgressData).interview.attempts.map(
      (x) => (x as { id: string }).id,
    );
    expect(ids.sort()).toEqual(["a1", "a2", "b1", "b2"]);
  });

  it("a reset saved at the same moment as another tab's change keeps both", () => {
    const storage = new LaggyStorage();
    const a = storage.tab(1);
    a.getState().setLessonStatus("x", "done");
    const b = storage.tab(2);
    storage.deliver();
    b.getState().setLessonStatus("x", "not-started");
    a.getState().setLessonStatus("y", "done");
    storage.deliver();
    const final = JSON.parse(storage.shared.get(PROGRESS_KEY)!) as ProgressData;
    expect(final.lessons.x.status).toBe("not-started");
    expect(final.lessons.y.status).toBe("done");
  });
});

describe("what this build does not understand", () => {
  it("keeps an unknown section and unknown fields through a save", () => {
    const storage = new SharedStorage();
    const blob = {
      version: 2,
      lessons: { a: { status: "done", updatedAt: "t", note: "from a newer build" } },
      quiz: { items: {}, streak: 3 },
      interview: { attempts: [] },
      badges: { earned: ["first-election"] },
    };
    storage.map.set(PROGRESS_KEY, JSON.stringify(blob));
    const tab = storage.tab(1);
    tab.getState().setLessonStatus("a", "in-progress");
    tab.getState().setLessonStatus("b", "done");
    const after = saved(storage) as unknown as typeof blob;
    expect(after.badges).toEqual({ earned: ["first-election"] });
    expect(after.lessons.a).toMatchObject({ status: "in-progress", note: "from a newer build" });
    expect(after.quiz.streak).toBe(3);
  });

  it("leaves a newer format where it is and saves nothing over it", () => {
    const storage = new SharedStorage();
    const blob = JSON.stringify({ version: 4, lessons: {}, future: true });
    storage.map.set(PROGRESS_KEY, blob);
    const tab = storage.tab(1);
    expect(tab.getState().canSave).toBe(false);
    expect(tab.getState().notices[0].text).toContain("Reload this page");
    tab.getState().setLessonStatus("a", "done");
    expect(storage.getItem(PROGRESS_KEY)).toBe(blob);
    expect([...storage.map.keys()]).toEqual([PROGRESS_KEY]);
  });

  it("stops saving when a newer build in another tab writes its format", () => {
    const storage = new SharedStorage();
    const old = storage.tab(1);
    old.getState().setLessonStatus("a", "done");
    const newer = JSON.stringify({ version: 3, lessons: { a: { status: "done" } }, more: 1 });
    storage.map.set(PROGRESS_KEY, newer);
    old.getState().setLessonStatus("b", "done");
    expect(storage.getItem(PROGRESS_KEY)).toBe(newer);
    expect(old.getState().canSave).toBe(false);
    expect(old.getState().notices.map((n) => n.id)).toContain("progress-newer");
  });
});

describe("import, clear and the backup", () => {
  const file: ProgressData = {
    ...emptyProgress(),
    lessons: { imported: { status: "done", updatedAt: "2026-01-01T00:00:00.000Z" } },
  };

  it("replace keeps a backup that one call restores", () => {
    const storage = new SharedStorage();
    const tab = storage.tab(1);
    tab.getState().setLessonStatus("mine", "done");
    expect(tab.getState().importData(file, "replace")).toEqual({ saved: true });
    expect(Object.keys(saved(storage).lessons)).toEqual(["imported"]);
    expect(tab.getState().backup).toMatchObject({ reason: "import" });
    expect(tab.getState().restoreBackup()).toEqual({ saved: true });
    expect(Object.keys(saved(storage).lessons)).toEqual(["mine"]);
    // restoring is itself undoable
    expect(tab.getState().backup).toMatchObject({ reason: "restore" });
  });

  it("merge keeps both sides", () => {
    const storage = new SharedStorage();
    const tab = storage.tab(1);
    tab.getState().setLessonStatus("mine", "done");
    expect(tab.getState().importData(file, { merge: mergeProgress })).toEqual({ saved: true });
    expect(Object.keys(saved(storage).lessons).sort()).toEqual(["imported", "mine"]);
  });

  it("changes nothing when the backup cannot be kept, and says it did not save", () => {
    const storage = new SharedStorage();
    const tab = storage.tab(1);
    tab.getState().setLessonStatus("mine", "done");
    storage.failWritesTo = BACKUP_KEY;
    const r = tab.getState().importData(emptyProgress(), "replace");
    expect(r.saved).toBe(false);
    expect(Object.keys(saved(storage).lessons)).toEqual(["mine"]);
    expect(Object.keys(tab.getState().data.lessons)).toEqual(["mine"]);
  });

  it("never reports an import as saved when saving is off", () => {
    const storage = new SharedStorage();
    storage.map.set(PROGRESS_KEY, "{broken");
    storage.failWritesTo = "*";
    const tab = storage.tab(1);
    storage.failWritesTo = null;
    const r = tab.getState().importData(file, "replace");
    expect(r).toMatchObject({ saved: false, reason: expect.stringContaining("saving is switched off") });
    expect(storage.getItem(PROGRESS_KEY)).toBe("{broken");
  });

  it("clear all keeps a backup too", () => {
    const storage = new SharedStorage();
    const tab = storage.tab(1);
    tab.getState().setLessonStatus("mine", "done");
    expect(tab.getState().clearAll()).toEqual({ saved: true });
    expect(saved(storage).lessons).toEqual({});
    tab.getState().restoreBackup();
    expect(saved(storage).lessons.mine.status).toBe("done");
  });

  it("another tab sees the backup made by an import", () => {
    const storage = new SharedStorage();
    const a = storage.tab(1);
    const b = storage.tab(2);
    a.getState().importData(file, "replace");
    expect(b.getState().backup).toMatchObject({ reason: "import" });
    expect(b.getState().data.lessons.imported.status).toBe("done");
  });
});
