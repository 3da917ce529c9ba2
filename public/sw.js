/*
 * MindFlow's offline shell. The map lives in this browser (IndexedDB); this keeps the app's own
 * files too, so that a reload without a network still opens the editor on it. Pages are fetched
 * from the network first (a new build is seen at once) and fall back to the last page kept; the
 * build's files (/assets/, named by their content's hash) are served from the cache once kept.
 * Nothing else is touched: the sync server's /api/ and /sync, and any other request, go to the
 * network as if this were not here.
 */
const CACHE = 'mindflow-shell-v1';
/** The app's page: every route serves the same index.html. */
const SHELL = '/';
/** Files kept at most; the oldest go first (a build's files pile up over releases). */
const MAX_FILES = 400;
/** A kept file answers any request for its address: the server's Vary (Accept-Encoding) would make it miss. */
const ANY = { ignoreVary: true };

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_FILES; i++) await cache.delete(keys[i]);
}

const kept = (url) => url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/api/')) return;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) event.waitUntil(keep(SHELL, response.clone()));
          return response;
        })
        .catch(async () => (await caches.match(SHELL, ANY)) ?? Response.error()),
    );
    return;
  }
  if (!kept(url)) return;
  event.respondWith(
    caches.match(request, ANY).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok) event.waitUntil(keep(request, response.clone()));
          return response;
        }),
    ),
  );
});

/** The page lists the files it loaded before this worker controlled it: they are kept now. */
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const u of urls) {
        const url = new URL(u, self.location.origin);
        if (url.pathname !== SHELL && !kept(url)) continue;
        if (await cache.match(url.pathname, ANY)) continue;
        try {
          const response = await fetch(url.pathname);
          if (response.ok) await keep(url.pathname, response);
        } catch {
          // Offline meanwhile: kept when next fetched.
        }
      }
    })(),
  );
});
