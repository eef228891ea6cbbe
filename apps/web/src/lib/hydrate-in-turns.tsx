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

/**
 * Runs `hydrate` (which hydrates the root) in a task of its own, apart from the work that led to
 * it; the parts left for later then take their turns.
 */
export async function hydrateInTurns(hydrate: () => void): Promise<void> {
  await nextTask();
  isHydrating = true;
  try {
    hydrate();
  } finally {
    isHydrating = false;
  }
  void takeTurns();
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
