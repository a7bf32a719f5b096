import "./app/early-lesson";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import "./ui/theme.css";
import { registerServiceWorker } from "./app/service-worker";

const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  scrollRestoration: true,
  defaultPendingMs: 150,
  // Once a "Loading…" placeholder shows, the router keeps it up for at least 500 ms by default, so
  // a lesson whose chunks arrive just after 150 ms waited about half a second more for its text.
  // The content replaces the placeholder as soon as it is ready.
  defaultPendingMinMs: 0,
});

// Opened directly on a page (a link, a reload), its routes' component chunks are asked for now,
// while React builds its first pass, rather than once that pass starts the router's load. A
// failure here is the router's to report when it loads the same chunk itself.
for (const route of router.getMatchedRoutes(location.pathname)[0])
  router.loadRouteChunk(route)?.catch(() => undefined);

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

registerServiceWorker();
