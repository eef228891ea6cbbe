import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateInTurn, hydrateInTurns } from './hydrate-in-turns';

let log: string[] = [];

/**
 * Counts its clicks, which it answers once hydrated. It logs its hydration, and what runs
 * after it in the same task (a microtask) says whether the next part waited for a task of its
 * own.
 */
function Counter({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  useLayoutEffect(() => {
    log.push(name);
    queueMicrotask(() => log.push(`end of ${name}'s task`));
  }, [name]);
  return (
    <button type="button" data-name={name} onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  );
}

function Page() {
  return (
    <main>
      <Counter name="root" />
      <HydrateInTurn>
        <section>
          <Counter name="first" />
          <HydrateInTurn>
            <Counter name="inner" />
          </HydrateInTurn>
        </section>
      </HydrateInTurn>
      <HydrateInTurn>
        <Counter name="second" />
      </HydrateInTurn>
    </main>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hydration in turns', () => {
  it('keeps the server’s markup and hydrates each part in a later task, in the page’s order', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const buttons = () => [...container.querySelectorAll('button')];
    const serverNodes = buttons();
    const clickAll = () => {
      for (const button of buttons()) button.click();
    };
    const labels = () => buttons().map((button) => button.textContent);
    expect(labels()).toEqual(['root 0', 'first 0', 'inner 0', 'second 0']);

    log = [];
    await hydrateInTurns(() => hydrateRoot(container, <Page />), container);
    // The root is hydrated; the parts wait, drawn as the server drew them. Presses meanwhile
    // are kept, on the hydrated root too (so that they keep their order).
    expect(log).toEqual(['root', "end of root's task"]);
    clickAll();
    await Promise.resolve();
    expect(labels()).toEqual(['root 0', 'first 0', 'inner 0', 'second 0']);

    // Then one part per task, in the page's order; the part inside a part takes a turn of its own.
    await waitFor(() => expect(log).toContain("end of second's task"));
    expect(log).toEqual([
      'root',
      "end of root's task",
      'first',
      "end of first's task",
      'inner',
      "end of inner's task",
      'second',
      "end of second's task",
    ]);
    // Once every part is hydrated, the kept presses are given back, once each.
    await waitFor(() => expect(labels()).toEqual(['root 1', 'first 1', 'inner 1', 'second 1']));
    clickAll();
    await Promise.resolve();
    expect(labels()).toEqual(['root 2', 'first 2', 'inner 2', 'second 2']);
    // Nothing was drawn anew.
    expect(buttons().every((button, index) => button === serverNodes[index])).toBe(true);
    container.remove();
  });

  it('renders the parts at once when nothing is hydrated', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    createRoot(container).render(<Page />);
    await nextTask();
    expect([...container.querySelectorAll('button')].map((button) => button.dataset.name)).toEqual([
      'root',
      'first',
      'inner',
      'second',
    ]);
    container.remove();
  });
});
