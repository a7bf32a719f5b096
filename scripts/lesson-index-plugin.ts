// Serves lesson frontmatter as two virtual modules, so no lesson body is bundled with them:
// - "virtual:lesson-index": what the course map, sidebar and prev/next show (id, title, summary,
//   order, minutes), small enough for the main chunk;
// - "virtual:lesson-details": every lesson's objectives, sources and section headings, which quiz
//   feedback reads, so it loads with it (about six times the index's size).
// Each lesson's own module also exports its section headings (`headings`), next to the
// `frontmatter` the MDX plugin exports: a lesson page reads its objectives, sources and headings
// from the body it loads anyway, instead of waiting for every lesson's details.
// The ids start with "\0" because the MDX plugin would otherwise try to compile the request (see
// shared stack notes).
import { readFileSync } from "node:fs";
import { join, sep } from "node:path";
import type { Plugin } from "vite";
import { LESSON_DIR, lessonFiles, lessonHeadings, loadLessonIndex } from "./lesson-files.ts";
import { splitLessonMeta } from "../src/catalog/schema/lesson-meta.ts";

const MODULES: Record<string, (metas: ReturnType<typeof loadLessonIndex>) => unknown> = {
  "virtual:lesson-index": (metas) => metas.map((m) => splitLessonMeta(m).card),
  "virtual:lesson-details": (metas) =>
    Object.fromEntries(metas.map((m) => [m.id, splitLessonMeta(m).details])),
};

export function lessonIndexPlugin(): Plugin {
  return {
    name: "election-lab:lesson-index",
    resolveId(id) {
      return id in MODULES ? `\0${id}` : null;
    },
    load(id) {
      const make = id.startsWith("\0") ? MODULES[id.slice(1)] : undefined;
      if (!make) return null;
      // Each lesson file, not their folder: the dev server takes a watched path for an import of
      // the module, and a folder fails to resolve ("Failed to resolve import .../content/lessons").
      for (const f of lessonFiles()) this.addWatchFile(join(LESSON_DIR, f));
      return `export default ${JSON.stringify(make(loadLessonIndex()))};`;
    },
    // Runs after the MDX plugin (enforce "pre") compiled the lesson to JavaScript.
    transform(code, id) {
      const file = id.split("?")[0];
      if (!file.startsWith(LESSON_DIR + sep) || !file.endsWith(".mdx")) return null;
      const headings = lessonHeadings(readFileSync(file, "utf8"));
      return { code: `${code}\nexport const headings = ${JSON.stringify(headings)};\n`, map: null };
    },
    handleHotUpdate(ctx) {
      if (!ctx.file.startsWith(LESSON_DIR)) return;
      for (const id of Object.keys(MODULES)) {
        const mod = ctx.server.moduleGraph.getModuleById(`\0${id}`);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
