/* Election Lab service worker: the whole course, sandbox and quiz work offline after the first
 * visit. Generated at build time: VERSION and ASSETS are filled in by scripts/sw-plugin.ts.
 * A new deployment installs beside the old one and waits; the page offers "Reload to update",
 * which tells the waiting worker to take over, so a learner is never switched mid-lesson. */
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = `election-lab-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("election-lab-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Every route is the same single-page app: serve the cached shell for navigations.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/index.html", { cacheName: CACHE })));
    return;
  }
  event.respondWith(
    // ignoreVary: servers send "Vary: Origin", and module scripts carry an Origin header that
    // the precache requests did not, which would otherwise make every lookup miss.
    caches.match(request, { cacheName: CACHE, ignoreVary: true }).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith("/assets/")) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
