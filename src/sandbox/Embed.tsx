// The lesson embed's live part, loaded only when the embed comes into view: the compact sandbox
// on the named preset, with its guided tour when it has one, and the lesson's caption under it.
import { Link } from "@tanstack/react-router";
import { presets } from "../engine/index.ts";
import { Sandbox } from "./Sandbox.tsx";
import { DEFAULT_SCENARIO, DEFAULT_TITLE, presetScenario } from "./scenarios.ts";

/** What a lesson's <Sandbox> tag passes: the preset, the lesson's caption, its own run length. */
export interface EmbedProps {
  preset: string;
  caption?: string;
  until?: string;
  /** a newcomer's embed: see SandboxProps.simple */
  simple?: boolean;
}

export default function Embed({ preset, caption, until, simple }: EmbedProps) {
  const sc = presetScenario(preset);
  // The lesson's own run length, when it sets one: the same run, with room left to act in.
  if (sc && until) sc.until = until;
  const fullLink = (
    <Link to="/sandbox" search={{ preset }} className="sb-full-link">
      Open in the full sandbox
    </Link>
  );
  if (!sc) {
    return (
      <Sandbox
        variant="compact"
        scenario={structuredClone(DEFAULT_SCENARIO)}
        source={{ kind: "default" }}
        title={DEFAULT_TITLE}
        notices={[`There is no preset called "${preset}"; showing the default scenario.`]}
        fullLink={fullLink}
        caption={caption}
      />
    );
  }
  return (
    <Sandbox
      variant="compact"
      scenario={sc}
      source={{ kind: "preset", name: preset }}
      title={presets[preset].title}
      preset={preset}
      fullLink={fullLink}
      caption={caption}
      simple={simple === true}
    />
  );
}
