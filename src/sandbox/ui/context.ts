// The controller of the sandbox on screen, and a hook to select small slices of its store.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { SandboxController } from "../controller.ts";
import type { SandboxState } from "../store.ts";

export const SandboxContext = createContext<SandboxController | null>(null);

export function useController(): SandboxController {
  const c = useContext(SandboxContext);
  if (!c) throw new Error("useController outside a sandbox");
  return c;
}

/** Select a slice; keep selectors to primitives or stable references so frames do not re-render. */
export function useSandbox<T>(selector: (s: SandboxState) => T): T {
  return useStore(useController().store, selector);
}
