import en from '../../apps/web/src/locales/en/organizer.json' with { type: 'json' };
import ar from '../../apps/web/src/locales/ar/organizer.json' with { type: 'json' };
import { signIn } from './account-steps';
import { expectAccessible } from './axe';
import { ATTENDEE, bookAndPay, logIn, publishEvent } from './api-steps';
import { expect, test } from './mailbox';
import { ORGANIZER_PASSWORD, registerOrganizer } from './organizer-steps';

/**
 * Issue 19's organizer items: an event is duplicated into a new draft (its categories with it),
 * the copy loses a category and then goes itself, each after a confirmation; a category that
 * sold is kept, and the dialog says why and what to do instead — in English and Arabic.
 */

const STRINGS = { en, ar } as const;
/** The server's refusal of a booked category, in each language (apps/api/src/lib/messages.ts). */
const IN_USE = { en: /End its sales instead/, ar: /أوقف بيعها بدلًا من ذلك/ } as const;
const COPY = { en: ' (copy)', ar: ' (نسخة)' } as const;

/** An i18next template with its values in (names isolated as the app isolates them). */
function fill(template: string, values: Record<string, string>, isolated = false): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    isolated ? `\u2068${values[name]}\u2069` : (values[name] ?? ''),
  );
}

for (const language of ['en', 'ar'] as const) {
  test(`an organizer duplicates an event, deletes what nothing was sold against, and is told why a sold category stays (${language})`, async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const t = STRINGS[language];
    const organizer = await registerOrganizer(request, mailbox, `drafts-${language}`);
    const event = await publishEvent(request, organizer.token, {
      journey: 'Drafts',
      days: 12,
      price: 4000,
      refundPercentage: 100,
    });
    await bookAndPay(request, await logIn(request, ATTENDEE), event, 1);

    await signIn(page, organizer.email, ORGANIZER_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    if (language === 'ar') {
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
    }
    await page.goto('/organizer/events');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const main = page.getByRole('main');

    // Duplicate: a new draft with the same details opens in the editor.
    await main
      .getByRole('button', { name: fill(t.list.duplicateNamed, { title: event.title }) })
      .click();
    const copyTitle = `${event.title}${COPY[language]}`;
    await expect(page).toHaveURL(/\/organizer\/events\/\d+\/edit/);
    await expect(main.getByRole('textbox', { name: new RegExp(t.details.title) })).toHaveValue(
      copyTitle,
    );
    const copyId = Number(/\/events\/(\d+)\//.exec(page.url())![1]);

    // The copy's category goes after a confirmation.
    await page.goto(`/organizer/events/${copyId}/edit?step=tickets`);
    await expect(main.getByRole('button', { name: t.tickets.addButton })).toBeVisible();
    await expectAccessible(page, `the tickets step (${language})`);
    await main
      .getByRole('button', { name: fill(t.tickets.deleteNamed, { name: 'General' }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(t.tickets.deleteTitle, { name: 'General' }, true),
    });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `delete a category (${language})`, { within: '[role="dialog"]' });
    await dialog.getByRole('button', { name: t.delete.confirm }).click();
    await expect(main.getByText(fill(t.tickets.deleted, { name: 'General' }, true))).toBeVisible();
    await expect(main.getByRole('button', { name: t.tickets.addButton })).toBeFocused();

    // Then the draft itself, from My events.
    await page.goto('/organizer/events');
    await main
      .getByRole('button', { name: fill(t.list.deleteNamed, { title: copyTitle }) })
      .click();
    const deleteDraft = page.getByRole('dialog', { name: t.list.deleteTitle });
    await deleteDraft.getByRole('button', { name: t.delete.confirm }).click();
    await expect(main.getByText(fill(t.list.deleted, { title: copyTitle }, true))).toBeVisible();
    await expect(main.getByRole('article', { name: copyTitle })).toHaveCount(0);
    await expectAccessible(page, `my events (${language})`);
    // The published original has no delete (it is cancelled instead).
    await expect(
      main.getByRole('button', { name: fill(t.list.deleteNamed, { title: event.title }) }),
    ).toHaveCount(0);

    // The sold category of the original is kept, and the dialog says why.
    await page.goto(`/organizer/events/${event.id}/edit?step=tickets`);
    await main
      .getByRole('button', { name: fill(t.tickets.deleteNamed, { name: 'General' }) })
      .click();
    const refused = page.getByRole('dialog');
    await refused.getByRole('button', { name: t.delete.confirm }).click();
    await expect(refused.getByRole('alert')).toHaveText(IN_USE[language]);
    await expectAccessible(page, `a refused delete (${language})`, { within: '[role="dialog"]' });
    await refused.getByRole('button', { name: t.delete.keep }).click();
    await expect(
      main.getByRole('button', { name: fill(t.tickets.deleteNamed, { name: 'General' }) }),
    ).toBeVisible();
  });
}
