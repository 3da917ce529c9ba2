/**
 * Registers the offline shell (public/sw.js) once the page has loaded, and hands it the app's
 * files the page loads, so that the very next reload without a network opens the app. Why tell
 * it: the files loaded before the worker took control of the page (the whole first visit, and a
 * big chunk still downloading when the page's load event fired) never passed through it.
 */
export function registerOfflineShell(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const tell = (urls: string[]) => {
          if (urls.length > 0) registration.active?.postMessage({ keep: urls });
        };
        tell(['/']);
        const assets = window.location.origin + '/assets/';
        new PerformanceObserver((list) => tell(list.getEntries().map((e) => e.name).filter((name) => name.startsWith(assets)))).observe({
          type: 'resource',
          buffered: true,
        });
      })
      .catch(() => {
        // No offline shell (storage refused, a private window): the app works online as before.
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
