import { createFileRoute, notFound } from "@tanstack/react-router";
import { findLesson } from "../catalog/manifest";
import { lessonMeta, loadLessonBody } from "../course/lesson-loader";
import { LessonPage } from "../course/LessonPage";
import { lessonComponents } from "../app/lesson-components";
import { NotFound } from "../ui/NotFound";

export const Route = createFileRoute("/learn/$lesson")({
  loader: async ({ params }) => {
    const card = findLesson(params.lesson);
    if (!card) throw notFound();
    // One chunk: the body with the lesson's objectives, sources and headings.
    const body = await loadLessonBody(card.id);
    return { meta: lessonMeta(card, body), Body: body.default };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.meta.title} · Election Lab` : "Lesson · Election Lab" }],
  }),
  component: LessonRoute,
  notFoundComponent: NotFound,
  pendingComponent: () => <p className="page narrow">Loading the lesson…</p>,
  errorComponent: ({ error }) => (
    <div className="page narrow" role="alert">
      <h1>This lesson could not be loaded</h1>
      <p>
        {error instanceof Error ? error.message : "Unknown error"}. Check your connection and reload the page.
      </p>
    </div>
  ),
});

function LessonRoute() {
  const { meta, Body } = Route.useLoaderData();
  return <LessonPage meta={meta} Body={Body} components={lessonComponents} />;
}
