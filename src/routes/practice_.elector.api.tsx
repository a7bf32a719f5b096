import { createFileRoute } from "@tanstack/react-router";
import { ApiReference } from "../elector-ui/ApiReference.tsx";

// The elector API on one page (issue 37), read from src/elector/api.ts.
export const Route = createFileRoute("/practice_/elector/api")({
  head: () => ({ meta: [{ title: "The elector API · Election Lab" }] }),
  component: ApiReference,
});
