/**
 * What `react` resolves to in this app's builds and tests (decision 0030): Preact's
 * compatibility layer, plus the two React 19 pieces Mantine 9 uses that it lacks.
 */
import { createElement, use as compatUse, useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `<Activity>`: keeps hidden content mounted (state, scroll, inputs) without showing
 * it. One box that never changes type, so switching modes never remounts what is inside;
 * `display: contents` leaves the layout as if the box were not there.
 */
export function Activity({ mode = 'visible', children }) {
  return createElement(
    'div',
    { 'data-activity': mode, style: { display: mode === 'hidden' ? 'none' : 'contents' } },
    children,
  );
}

/**
 * React 19's `use`. Preact's reads a context through the rendering component's internals, which
 * preact-render-to-string (the server's render) does not set; reading it as a hook works in
 * both. Unlike React's, it must not be called conditionally — and no caller does: Mantine reads
 * each context once at the top of a component, and the app does not call `use` itself.
 */
export function use(resource) {
  return typeof resource.then === 'function' ? compatUse(resource) : useContext(resource);
}
