// Serves lesson frontmatter alone as a virtual module, so the course map and sidebar know every
// lesson's title without pulling lesson bodies into the main chunk. The id starts with "\0"
// because the MDX plugin would otherwise try to compile the request (see shared stack notes).
import type { Plugin } from "vite";
import { LESSON_DIR, loadLessonIndex } from "./lesson-files.ts";

const PUBLIC_ID = "virtual:lesson-index";
const RESOLVED_ID = "\0virtual:lesson-index";

export function lessonIndexPlugin(): Plugin {
  return {
    name: "election-lab:lesson-index",
    resolveId(id) {
      return id === PUBLIC_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      this.addWatchFile(LESSON_DIR);
      return `export default ${JSON.stringify(loadLessonIndex())};`;
    },
    handleHotUpdate(ctx) {
      if (ctx.file.startsWith(LESSON_DIR)) {
        const mod = ctx.server.moduleGraph.getModuleById(RESOLVED_ID);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
