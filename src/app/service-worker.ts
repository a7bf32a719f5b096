// Registers the offline service worker in production builds and tells the learner when a new
// version is waiting, instead of swapping code under them mid-lesson.
import { progressStore } from "../progress/react";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => {
        const offer = (worker: ServiceWorker) =>
          progressStore.getState().addNotice({
            id: "update",
            tone: "warning",
            text: "A new version of Election Lab is ready. Reload the page to use it; your progress is kept.",
            action: { label: "Reload to update", run: () => worker.postMessage({ type: "SKIP_WAITING" }) },
          });
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const incoming = registration.installing;
          incoming?.addEventListener("statechange", () => {
            if (incoming.state === "installed" && navigator.serviceWorker.controller) offer(incoming);
          });
        });
        // The first install also fires controllerchange (clients.claim); only an update reloads.
        const hadController = !!navigator.serviceWorker.controller;
        let reloading = false;
        navigator.serviceWorker.addEventListener("controllerchange", () => {
          if (reloading || !hadController) return;
          reloading = true;
          window.location.reload();
        });
      })
      .catch(() => {
        // Offline support is an extra: the app works without it, so a failure stays quiet.
      });
  });
}
