import { Suspense, useLayoutEffect, useState } from 'react';
import type { ReactElement } from 'react';

/**
 * Hydration in turns (decision 0030). Preact hydrates a tree in one task, however large; on a
 * slow phone the home page's first screen took one task of about 270 ms, during which a tap
 * waits. A part wrapped in `HydrateInTurn` is left as the server drew it during that task and
 * hydrated later, one part per task, in the order the parts were met (the page's order), so
 * the browser can answer input and paint between them. A render that is not a hydration (the
 * server's, a page rendered anew, a later visit) renders the part at once.
 */

let isHydrating = false;
let isInTurn = false;
/** The parts waiting for their turn, in the page's order. */
let waiting: Array<() => void> = [];
/** The parts met while a part took its turn: they come next, before the parts after it. */
let metInTurn: Array<() => void> = [];

/** A task of its own (setTimeout's at least 4 ms are not needed: no timer is asked for). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Hydrates the parts left for later, one per task; each task starts after the last one's render
 * (a microtask) has met the parts inside it, which come next.
 */
async function takeTurns(): Promise<void> {
  for (;;) {
    await nextTask();
    isHydrating = false;
    isInTurn = false;
    waiting = [...metInTurn, ...waiting];
    metInTurn = [];
    const takeTurn = waiting.shift();
    if (!takeTurn) return;
    takeTurn();
  }
}

/** What a press lands on that does something once hydrated (not a text field: it keeps focus). */
const PRESSABLE =
  'a[href], button, summary, label, select, [role="button"], [role="link"], [role="tab"], ' +
  '[role="checkbox"], [role="switch"], [role="menuitem"], input[type="checkbox"], ' +
  'input[type="radio"], input[type="submit"], input[type="button"]';

/**
 * Keeps the presses (clicks, and Enter or Space on a focused button) made in `root` while parts
 * still wait for their turns, and gives them back once every part is hydrated: Preact, unlike
 * React, does not replay an event that reached markup not hydrated yet, so a tap there did
 * nothing (or followed a link with a full page load). Presses on parts already hydrated wait
 * too — the turns last a few hundred milliseconds on a slow phone — so that they keep their
 * order. Returns the function that ends the hold and replays them.
 */
function holdPresses(root: Element): () => void {
  const held: Element[] = [];
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const target of held) {
      if (target.isConnected && target instanceof HTMLElement) target.click();
    }
  };
}

/**
 * Runs `hydrate` (which hydrates the root) in a task of its own, apart from the work that led to
 * it; the parts left for later then take their turns, and presses made meanwhile are replayed.
 */
export async function hydrateInTurns(hydrate: () => void, root?: Element): Promise<void> {
  const release = root ? holdPresses(root) : () => undefined;
  await nextTask();
  isHydrating = true;
  try {
    hydrate();
  } catch (error) {
    release();
    throw error;
  } finally {
    isHydrating = false;
  }
  void takeTurns().finally(release);
}

/** Where a part is: kept by `HydrateInTurn`, which a suspending render does not reset. */
interface TurnState {
  phase: 'new' | 'waiting' | 'hydrated';
}

/* eslint-disable react-hooks/immutability, react-hooks/globals -- the one component whose
   render schedules on purpose: it suspends once while hydrating, and marks its turn as one. */
function Turn({ state, children }: { state: TurnState; children: ReactElement }): ReactElement {
  if (isHydrating && state.phase === 'new') {
    // Suspending while hydrating keeps the server's markup on screen until the turn comes.
    state.phase = 'waiting';
    const parts = isInTurn ? metInTurn : waiting;
    throw new Promise<void>((resolve) => parts.push(resolve));
  }
  if (state.phase === 'waiting') {
    // This part's turn: the parts inside it wait for turns of their own.
    state.phase = 'hydrated';
    isHydrating = true;
    isInTurn = true;
  }
  // After this part's children are hydrated (or left waiting), in the same task.
  useLayoutEffect(() => {
    isHydrating = false;
    isInTurn = false;
  }, []);
  return children;
}
/* eslint-enable react-hooks/immutability, react-hooks/globals */

/**
 * A part of a server-rendered page hydrated in its own task. Its child must render one element
 * (what a part keeps of the server's markup while it waits is one node).
 */
export function HydrateInTurn({ children }: { children: ReactElement }) {
  const [state] = useState<TurnState>(() => ({ phase: 'new' }));
  return (
    <Suspense fallback={null}>
      <Turn state={state}>{children}</Turn>
    </Suspense>
  );
}
