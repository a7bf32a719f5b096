import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../ui/ComingSoon";

export const Route = createFileRoute("/quiz")({
  head: () => ({ meta: [{ title: "Quiz · Election Lab" }] }),
  component: () => (
    <ComingSoon title="Quiz">
      <p>
        The quiz will hold questions for every lesson, each option with its own explanation, predictions checked by
        running the simulator, and spaced repetition that brings back what you are about to forget.
      </p>
    </ComingSoon>
  ),
});
