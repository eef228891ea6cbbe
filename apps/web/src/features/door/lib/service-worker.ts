/**
 * Registers the service worker the build generates (vite-plugin-pwa, docs/decisions/0015), which
 * caches the app shell so a door page reloads without a network. Registered from the door pages
 * only: no one else needs the app offline. Not in development, where no worker is built.
 */
export function registerDoorServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without it the door still works while the page stays open; only a reload needs the network.
  });
}
