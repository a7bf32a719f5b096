// React binding of sandboxLink(): the link for a ref, once built (building one for a changed
// preset is asynchronous: the share-link codec compresses). null until then, or if the ref does
// not resolve (the content check makes sure every ref in content/ does).
import { useEffect, useState } from "react";
import type { ScenarioRef } from "../engine/scenario/ref.ts";
import { sandboxLink } from "./link.ts";

export function useSandboxLink(ref: ScenarioRef | null | undefined): string | null {
  const key = ref ? JSON.stringify(ref) : "";
  const [built, setBuilt] = useState<{ key: string; href: string | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    sandboxLink(JSON.parse(key) as ScenarioRef).then(
      (href) => live && setBuilt({ key, href }),
      () => live && setBuilt({ key, href: null }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return built && built.key === key ? built.href : null;
}
