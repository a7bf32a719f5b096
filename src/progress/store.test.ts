import { describe, expect, it } from "vitest";
import { createProgressStore } from "./store";
import { loadProgress, upgrade } from "./load";
import { PROGRESS_KEY, SET_ASIDE_PREFIX } from "./schema";
import { readChallengeRecord, recordCheck } from "./sections/practice";

class MemoryStorage {
  map = new Map<string, string>();
  failWrites = false;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.failWrites) throw new DOMException("quota", "QuotaExceededError");
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}
const fixedNow = () => new Date("2026-11-29T12:00:00.000Z");

describe("progress store", () => {
  it("starts empty and persists an explicit status change", () => {
    const storage = new MemoryStorage();
    const store = createProgressStore(storage, fixedNow, undefined, "tab-1");
    expect(store.getState().data.lessons).toEqual({});
    store.getState().setLessonStatus("why-a-leader", "done");
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!)).toEqual({
      version: 3,
      lessons: { "why-a-leader": { status: "done", updatedAt: "2026-11-29T12:00:00.000Z" } },
      quiz: { items: {} },
      interview: { attempts: [] },
      elector: { challenges: {} },
      // the revision marker: this tab's one change, and when it saved
      revisions: { "tab-1": [1, fixedNow().getTime()] },
    });
    // The app never sees the marker (nor does an export).
    expect("revisions" in store.getState().data).toBe(false);
    const reloaded = createProgressStore(storage, fixedNow);
    expect(reloaded.getState().data.lessons["why-a-leader"].status).toBe("done");
    expect(reloaded.getState().notices).toEqual([]);
  });

  it.each([
    ["not JSON", "{oops", "not valid JSON"],
    ["a foreign object", JSON.stringify({ hello: "world" }), "no valid version"],
    ["a wrong shape", JSON.stringify({ version: 1, lessons: { a: { status: "finished" } } }), "do not match"],
    [
      "a wrong section",
      JSON.stringify({ version: 2, lessons: {}, quiz: [], interview: { attempts: [] } }),
      "(quiz)",
    ],
    ["an array", "[1,2]", "not a progress object"],
  ])("sets aside %s, keeps it under another key and explains why", (_label, blob, reason) => {
    const storage = new MemoryStorage();
    storage.setItem(PROGRESS_KEY, blob);
    const store = createProgressStore(storage, fixedNow);
    const notice = store.getState().notices[0];
    expect(notice.text).toContain(reason);
    const asideKey = `${SET_ASIDE_PREFIX}2026-11-29T12:00:00.000Z`;
    expect(notice.text).toContain(asideKey);
    expect(storage.getItem(asideKey)).toBe(blob);
    expect(storage.getItem(PROGRESS_KEY)).toBeNull();
    expect(store.getState().data.lessons).toEqual({});
  });

  it("does not overwrite an unreadable blob it could not set aside", () => {
    const storage = new MemoryStorage();
    storage.setItem(PROGRESS_KEY, "{broken");
    storage.failWrites = true;
    const store = createProgressStore(storage, fixedNow);
    storage.failWrites = false;
    store.getState().setLessonStatus("x", "done");
    expect(storage.getItem(PROGRESS_KEY)).toBe("{broken");
    expect(store.getState().notices[0].text).toContain("will not be saved");
  });

  it("reports a full quota as a notice and keeps what was saved before", () => {
    const storage = new MemoryStorage();
    const store = createProgressStore(storage, fixedNow);
    store.getState().setLessonStatus("a", "done");
    const before = storage.getItem(PROGRESS_KEY);
    storage.failWrites = true;
    store.getState().setLessonStatus("b", "in-progress");
    expect(storage.getItem(PROGRESS_KEY)).toBe(before);
    expect(store.getState().notices.map((n) => n.id)).toContain("progress-save");
  });

  it("lifts a version-1 blob to the current format without losing lesson status", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      PROGRESS_KEY,
      JSON.stringify({ version: 1, lessons: { a: { status: "done", updatedAt: "t" } } }),
    );
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notices).toEqual([]);
    expect(store.getState().data).toEqual({
      version: 3,
      lessons: { a: { status: "done", updatedAt: "t" } },
      quiz: { items: {} },
      interview: { attempts: [] },
      elector: { challenges: {} },
    });
  });

  it("updates one section without touching the others", () => {
    const storage = new MemoryStorage();
    const store = createProgressStore(storage, fixedNow);
    store.getState().setLessonStatus("a", "done");
    store.getState().updateSection("interview", (prev) => ({ attempts: [...prev.attempts, { id: 1 }] }));
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!).interview.attempts).toEqual([{ id: 1 }]);
    expect(store.getState().data.lessons.a.status).toBe("done");
  });

  it("migrates old formats step by step", () => {
    const table = {
      0: (old: Record<string, unknown>) => ({
        version: 1,
        lessons: old.done ? { [String(old.done)]: { status: "done", updatedAt: "t" } } : {},
      }),
    };
    expect(upgrade({ version: 0, done: "why-a-leader" }, table, 1)).toEqual({
      ok: true,
      value: { version: 1, lessons: { "why-a-leader": { status: "done", updatedAt: "t" } } },
    });
    expect(upgrade({ version: 0 }, {}, 1)).toEqual({
      ok: false,
      reason: "there is no upgrade from format 0",
    });
    const throwing = {
      0: () => {
        throw new Error("bad field");
      },
    };
    expect(upgrade({ version: 0 }, throwing, 1)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("bad field"),
    });
  });

  it("survives storage that refuses to be read", () => {
    const storage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
      removeItem: () => {},
    };
    const result = loadProgress(storage, fixedNow);
    expect(result.canSave).toBe(false);
    expect(result.problem).toContain("would not let us read");
  });
});

describe("practice section", () => {
  const at = "2026-11-29T12:00:00.000Z";

  it("is optional: a format-2 blob saved before it loads with nothing but the format-3 upgrade", () => {
    const storage = new MemoryStorage();
    const blob = { version: 2, lessons: {}, quiz: { items: {} }, interview: { attempts: [] } };
    storage.setItem(PROGRESS_KEY, JSON.stringify(blob));
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notices).toEqual([]);
    expect(store.getState().data).toEqual({ ...blob, version: 3, elector: { challenges: {} } });
    expect(readChallengeRecord(store.getState().data.practice, "lease-ttl")).toBeNull();
  });

  it("persists a solved challenge beside the other sections", () => {
    const storage = new MemoryStorage();
    const store = createProgressStore(storage, fixedNow);
    store.getState().setLessonStatus("a", "done");
    store
      .getState()
      .updateSection("practice", (prev) =>
        recordCheck(prev, "zombie-write", { passed: true, usedSolution: false, at }),
      );
    const reloaded = createProgressStore(storage, fixedNow);
    expect(reloaded.getState().data.lessons.a.status).toBe("done");
    expect(readChallengeRecord(reloaded.getState().data.practice, "zombie-write")).toEqual({
      attempts: 1,
      last: "passed",
      solvedAt: at,
      usedSolution: false,
    });
  });

  it("counts attempts, keeps a challenge solved, and clears the solution mark once solved alone", () => {
    let s = recordCheck(undefined, "x", { passed: false, usedSolution: false, at });
    expect(readChallengeRecord(s, "x")).toEqual({ attempts: 1, last: "failed" });
    s = recordCheck(s, "x", { passed: true, usedSolution: true, at });
    expect(readChallengeRecord(s, "x")).toEqual({
      attempts: 2,
      last: "passed",
      solvedAt: at,
      usedSolution: true,
    });
    s = recordCheck(s, "x", { passed: false, usedSolution: false, at: "later" });
    expect(readChallengeRecord(s, "x")).toMatchObject({ attempts: 3, last: "failed", solvedAt: at });
    s = recordCheck(s, "x", { passed: true, usedSolution: false, at: "later" });
    expect(readChallengeRecord(s, "x")).toMatchObject({ attempts: 4, solvedAt: at, usedSolution: false });
  });

  it("ignores one damaged record without setting the blob aside", () => {
    const storage = new MemoryStorage();
    const blob = {
      version: 2,
      lessons: {},
      quiz: { items: {} },
      interview: { attempts: [] },
      practice: { challenges: { a: { attempts: "many" }, b: { attempts: 1, last: "failed" } } },
    };
    storage.setItem(PROGRESS_KEY, JSON.stringify(blob));
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notices).toEqual([]);
    expect(readChallengeRecord(store.getState().data.practice, "a")).toBeNull();
    expect(readChallengeRecord(store.getState().data.practice, "b")).toEqual({ attempts: 1, last: "failed" });
  });

  it("sets aside a blob whose practice section is not a section at all", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      PROGRESS_KEY,
      JSON.stringify({
        version: 2,
        lessons: {},
        quiz: { items: {} },
        interview: { attempts: [] },
        practice: [],
      }),
    );
    const store = createProgressStore(storage, fixedNow);
    expect(store.getState().notices[0].text).toContain("(practice)");
  });
});
