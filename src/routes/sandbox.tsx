import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../ui/ComingSoon";

export const Route = createFileRoute("/sandbox")({
  head: () => ({ meta: [{ title: "Sandbox · Election Lab" }] }),
  component: () => (
    <ComingSoon title="Sandbox">
      <p>
        The sandbox will run the election simulator live in your browser: pause the leader in a GC pause, partition the
        network, crash a node or drift a clock, and watch terms, leases and fencing rejections unfold on a timeline you
        can rewind and share as a link.
      </p>
      <p>
        The simulator itself already runs headless: <code>npm run sim -- presets</code> lists the scenarios the lessons
        use.
      </p>
    </ComingSoon>
  ),
});
