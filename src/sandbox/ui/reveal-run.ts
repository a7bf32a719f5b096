// What starting a run from the settings does once the run is loaded: the settings sit at the
// foot of the full sandbox, two screens below the picture, so the learner would start a run and
// see none of it. The layout that holds the picture provides this; elsewhere it does nothing.
import { createContext, useContext } from "react";

export const RevealRunContext = createContext<() => void>(() => {});

export const useRevealRun = (): (() => void) => useContext(RevealRunContext);
