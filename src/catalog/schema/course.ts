import { z } from "zod";

export const coursePartSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(3),
  summary: z.string().min(10),
  lessons: z.array(z.string()).min(1),
});
export const courseSchema = z.object({ parts: z.array(coursePartSchema).min(1) });
export type CoursePart = z.infer<typeof coursePartSchema>;

/** Every lesson in exactly one part, parts naming only real lessons, in course order. */
export function checkCourseParts(
  parts: CoursePart[],
  lessons: Array<{ id: string; order: number }>,
): string[] {
  const problems: string[] = [];
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const placed = new Map<string, string>();
  let lastOrder = 0;
  for (const part of parts) {
    for (const id of part.lessons) {
      const lesson = byId.get(id);
      if (!lesson) problems.push(`course.json: part "${part.id}" names lesson "${id}", which does not exist`);
      else if (lesson.order < lastOrder)
        problems.push(
          `course.json: lesson "${id}" (order ${lesson.order}) comes after a lesson with a higher order`,
        );
      if (lesson) lastOrder = lesson.order;
      if (placed.has(id))
        problems.push(`course.json: lesson "${id}" is in both "${placed.get(id)}" and "${part.id}"`);
      placed.set(id, part.id);
    }
  }
  for (const l of lessons)
    if (!placed.has(l.id)) problems.push(`course.json: lesson "${l.id}" is in no part`);
  return problems;
}
