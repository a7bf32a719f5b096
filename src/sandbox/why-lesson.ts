// The lesson a "Why?" rule points to, by its real title and section heading from the lesson
// index (issue 33): a title rebuilt from the link's slug read "etcd concurrencyelection".
import { findLesson } from "../catalog/manifest";
import { lessonDetails } from "../catalog/details";

/** "Leases on a coordination store: etcd and ZooKeeper, section “etcd: concurrency.Election”". */
export function lessonLabel(lesson: string): string {
  const [id, anchor] = lesson.split("#");
  const title = findLesson(id)?.title ?? "the lesson";
  const heading = anchor ? lessonDetails(id)?.headings.find((h) => h.id === anchor)?.text : undefined;
  return heading ? `${title}, section “${heading}”` : title;
}
