// Issue 40: a learner's progress is never stranded. Against a storage with a real quota (the
// browser's: about five million characters for the site), a 4.5 MB import is accepted only with
// its backup beside it, undo puts the original back exactly, two imports in a row keep both
// earlier states, and an import whose backup would not fit changes nothing and says why.
import { describe, expect, it } from "vitest";
import { createProgressStore } from "./store";
import { BACKUP_KEY, BACKUPS_KEY, MAX_BACKUPS } from "./backup";
import { PROGRESS_KEY, emptyProgress, type ProgressData } from "./schema";

class QuotaStorage {
  map = new Map<string, string>();
  constructor(readonly quota = 5_000_000) {}
  used(): number {
    let n = 0;
    for (const [k, v] of this.map) n += k.length + v.length;
    return n;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    const old = this.map.get(k);
    if (this.used() - (old === undefined ? 0 : k.length + old.length) + k.length + v.length > this.quota) {
      throw new DOMException("quota", "QuotaExceededError");
    }
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

let clock = Date.parse("2026-12-01T10:00:00.000Z");
const now = () => new Date((clock += 60_000));

/** Progress whose stored form is about `chars` characters (lessons with long ids). */
function bigProgress(chars: number, tag: string): ProgressData {
  const data = emptyProgress();
  const id = (i: number) => `${tag}-${i}-${"x".repeat(900)}`;
  for (let i = 0; i * 960 < chars; i++)
    data.lessons[id(i)] = { status: "done", updatedAt: "2026-11-01T00:00:00.000Z" };
  return data;
}

const savedData = (s: QuotaStorage) => {
  const d = JSON.parse(s.getItem(PROGRESS_KEY)!) as Record<string, unknown>;
  delete d.revisions;
  return d;
};

describe("backups", () => {
  it("a 4.5 MB import is kept with its backup, and undo restores the original exactly", () => {
    const storage = new QuotaStorage();
    const store = createProgressStore(storage, now, undefined, "tab");
    store.getState().setLessonStatus("why-a-leader", "done");
    store.getState().setLessonStatus("leases", "in-progress");
    const original = savedData(storage);
    const big = bigProgress(4_500_000, "import");
    expect(store.getState().importData(big, "replace")).toEqual({ saved: true });
    expect(Object.keys(store.getState().data.lessons).length).toBe(Object.keys(big.lessons).length);
    expect(store.getState().backups).toHaveLength(1);
    // Undo: a swap, which always fits even though the import filled most of the storage.
    expect(store.getState().restoreBackup()).toEqual({ saved: true });
    expect(savedData(storage)).toEqual(original);
    expect(store.getState().data).toEqual(original);
    // and the undo can be undone: the import is now the newest backup
    expect(store.getState().backups.map((b) => b.reason)).toEqual(["restore"]);
    expect(store.getState().restoreBackup()).toEqual({ saved: true });
    expect(Object.keys(store.getState().data.lessons).length).toBe(Object.keys(big.lessons).length);
    // clear after a big import works too
    expect(store.getState().clearAll()).toEqual({ saved: true });
    expect(store.getState().data.lessons).toEqual({});
  });

  it("refuses an import whose backup would not fit, changing nothing, and says why", () => {
    const storage = new QuotaStorage();
    const store = createProgressStore(storage, now, undefined, "tab");
    expect(store.getState().importData(bigProgress(2_600_000, "first"), "replace")).toEqual({ saved: true });
    const before = storage.getItem(PROGRESS_KEY);
    const backupsBefore = storage.getItem(BACKUPS_KEY);
    const r = store.getState().importData(bigProgress(2_600_000, "second"), "replace");
    expect(r).toMatchObject({
      saved: false,
      reason: expect.stringMatching(
        /no room to keep your current progress \(2\.\d MB\) as a backup beside the new progress \(2\.\d MB\)/,
      ),
    });
    expect(storage.getItem(PROGRESS_KEY)).toBe(before);
    expect(storage.getItem(BACKUPS_KEY)).toBe(backupsBefore);
    expect(Object.keys(store.getState().data.lessons)[0]).toMatch(/^first-/);
    // Deleting the older backup makes room, as the message says.
    store.getState().deleteBackup(store.getState().backups[0].id);
    expect(store.getState().importData(bigProgress(2_000_000, "second"), "replace")).toEqual({ saved: true });
  });

  it("two imports in a row keep both earlier states, listed newest first with dates, each restorable", () => {
    const storage = new QuotaStorage();
    const store = createProgressStore(storage, now, undefined, "tab");
    store.getState().setLessonStatus("original", "done");
    const original = store.getState().data;
    const a = emptyProgress();
    a.lessons.a = { status: "done", updatedAt: "2026-11-01T00:00:00.000Z" };
    const b = emptyProgress();
    b.lessons.b = { status: "done", updatedAt: "2026-11-01T00:00:00.000Z" };
    expect(store.getState().importData(a, "replace").saved).toBe(true);
    expect(store.getState().importData(b, "replace").saved).toBe(true);
    const list = store.getState().backups;
    expect(list).toHaveLength(2);
    expect(list[0].savedAt > list[1].savedAt).toBe(true);
    expect(store.getState().restoreBackup(list[1].id)).toEqual({ saved: true });
    expect(store.getState().data).toEqual(original);
    // b is now a backup too; a is still there
    expect(store.getState().backups).toHaveLength(2);
  });

  it(`keeps at most ${MAX_BACKUPS}, dropping the oldest`, () => {
    const storage = new QuotaStorage();
    const store = createProgressStore(storage, now, undefined, "tab");
    for (let i = 0; i < MAX_BACKUPS + 3; i++) {
      const d = emptyProgress();
      d.lessons[`l${i}`] = { status: "done", updatedAt: "2026-11-01T00:00:00.000Z" };
      expect(store.getState().importData(d, "replace").saved).toBe(true);
    }
    expect(store.getState().backups).toHaveLength(MAX_BACKUPS);
    const keys = [...storage.map.keys()].filter((k) => k.startsWith(`${BACKUP_KEY}:`));
    expect(keys).toHaveLength(MAX_BACKUPS);
  });

  it("lists and restores the single backup an older build kept", () => {
    const storage = new QuotaStorage();
    const old = emptyProgress();
    old.lessons.kept = { status: "done", updatedAt: "2026-10-01T00:00:00.000Z" };
    storage.setItem(
      BACKUP_KEY,
      JSON.stringify({ savedAt: "2026-10-02T00:00:00.000Z", reason: "import", progress: old }),
    );
    const store = createProgressStore(storage, now, undefined, "tab");
    expect(store.getState().backups).toMatchObject([{ id: "legacy", reason: "import" }]);
    expect(store.getState().restoreBackup("legacy")).toEqual({ saved: true });
    expect(store.getState().data.lessons.kept.status).toBe("done");
    expect(storage.getItem(BACKUP_KEY)).toBeNull();
  });
});
