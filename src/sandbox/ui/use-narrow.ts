// The hook that tells a phone-sized screen, where panels open as sheets over the picture.
import { useEffect, useState } from "react";

/** True on a phone-sized screen, where the node's actions open as a sheet over the picture. */
export function useNarrow(query = "(max-width: 640px)"): boolean {
  const [narrow, setNarrow] = useState(
    () =>
      typeof window !== "undefined" &&
      typeof window.matchMedia === "function" &&
      window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const mq = window.matchMedia(query);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener?.("change", on);
    return () => mq.removeEventListener?.("change", on);
  }, [query]);
  return narrow;
}
