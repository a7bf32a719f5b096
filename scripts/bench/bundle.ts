// The home page's JavaScript, read from a production build in dist/ (run `npx vite build`
// first): the entry and its static imports, plus the home route's lazy chunk and the chunks
// the build preloads with it (vite's __vite__mapDeps list), each gzipped. Reports only.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface BundleFigure {
  dist: string;
  gzipKb: number;
  files: Array<{ file: string; gzipKb: number }>;
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

export function homeBundle(
  dist = join(import.meta.dirname, "..", "..", "dist"),
): BundleFigure | { skipped: string } {
  const html = join(dist, "index.html");
  if (!existsSync(html)) return { skipped: `no build in ${dist}; run \`npx vite build\` first` };
  const page = readFileSync(html, "utf8");
  const want = new Set<string>();
  for (const m of page.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)) want.add(m[1]);
  for (const m of page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) want.add(m[1]);
  const entry = [...want][0];
  // The home route: `...(\`/\`)({...component: ...import(\`./X.js\`),__vite__mapDeps([i, j])`.
  const entryText = readFileSync(join(dist, entry), "utf8");
  const deps = /m\.f\|\|\(m\.f=(\[[^\]]*\])/.exec(entryText);
  const depList: string[] = deps ? JSON.parse(deps[1]) : [];
  const home = /\(`\/`\)\(\{[\s\S]{0,400}?import\(`\.\/([^`]+)`\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/.exec(
    entryText,
  );
  if (home) {
    want.add(`assets/${home[1]}`);
    for (const i of (home[2] ?? "").split(",").filter(Boolean)) want.add(depList[Number(i)]);
  }
  // Follow static imports (`from"./x.js"`, `import"./x.js"`) of everything collected.
  const queue = [...want];
  while (queue.length) {
    const f = queue.pop() as string;
    const text = readFileSync(join(dist, f), "utf8");
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) {
      const dep = join(f, "..", m[1]);
      if (!want.has(dep)) {
        want.add(dep);
        queue.push(dep);
      }
    }
  }
  const files = [...want]
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, gzipKb: kb(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length) }));
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  return { dist, gzipKb: Math.round(files.reduce((a, f) => a + f.gzipKb, 0) * 10) / 10, files };
}
