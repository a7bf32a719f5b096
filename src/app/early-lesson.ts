// Opened straight on a lesson (a link, a reload), the page needs the lesson's own chunk before
// its text can show. The router asks for it only once the whole entry has run and React has
// built its first pass; asked here, first among the entry's modules, the chunk and its imports
// download while the rest of the entry runs. The router's loader later gets the same module
// from the browser's module map, so nothing is fetched twice.
import { findLesson } from "../catalog/manifest";
import { loadLessonBody } from "../course/lesson-loader";

/** The id of the lesson a path opens (/learn/<id>), when there is such a lesson. */
export function lessonOpenedAt(pathname: string): string | null {
  const m = /^\/learn\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return null; // a malformed escape: the router shows its not-found page
  }
  return findLesson(id)?.id ?? null;
}

const opened = typeof location === "undefined" ? null : lessonOpenedAt(location.pathname);
// A failed fetch here is the loader's to report, on its own attempt.
if (opened) loadLessonBody(opened).catch(() => undefined);
