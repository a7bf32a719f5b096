// The sandbox's props: the run it opens with and how it is shown (the /sandbox page or a lesson embed).
import type { ReactNode } from "react";
import type { RawScenario } from "./scenarios.ts";
import type { Source } from "./store.ts";
import type { BreakItSetup } from "./break-it-form.ts";
import type { SandboxController } from "./controller.ts";

export interface SandboxProps {
  scenario: RawScenario;
  source: Source;
  title: string;
  description?: string;
  at?: number;
  notices?: string[];
  variant?: "full" | "compact";
  /** a lesson's "Try to break it" link: the panel opens set up with this search */
  breakIt?: BreakItSetup;
  /** the preset whose tour (if any) is offered */
  preset?: string | null;
  /** link to the full sandbox, for the embed */
  fullLink?: ReactNode;
  /** the page shows its own cue for what to watch (a quiz's "Show me"): the run's watch line is
   *  left out so the learner does not read two slightly different instructions */
  hideWatch?: boolean;
  /** told the run's controller once it exists (and null when it goes), for a line outside the
   *  sandbox that follows the run (the quiz's "Show me" cue) */
  onController?: (c: SandboxController | null) => void;
  /** shown in the column left of the picture on a wide /sandbox page (three columns, 1181 px
   *  and up), under the node's actions: the quiz's question beside the run it asks about, where
   *  the column was blank under a 110 px card (review 17a #19) */
  besidePicture?: ReactNode;
  /** a lesson's words about its embed: shown under the picture, not above it */
  caption?: string;
  /** a newcomer's embed (lesson 1): no clock line, no network tools, only Crash and Restart, no
   *  tour, so nothing appears before the lesson has taught it (review 6a #3) */
  simple?: boolean;
}
