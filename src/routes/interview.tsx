import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../ui/ComingSoon";

export const Route = createFileRoute("/interview")({
  head: () => ({ meta: [{ title: "Interview practice · Election Lab" }] }),
  component: () => (
    <ComingSoon title="Interview practice">
      <p>
        Mock interviews will give you timed system-design prompts on leader election, follow-up questions you can test
        in the sandbox, a rubric of key points and a model answer, and a history of your attempts.
      </p>
    </ComingSoon>
  ),
});
