import type { Page } from '@playwright/test';
import chartsEn from '../../apps/web/src/locales/en/charts.json' with { type: 'json' };
import chartsAr from '../../apps/web/src/locales/ar/charts.json' with { type: 'json' };
import commonEn from '../../apps/web/src/locales/en/common.json' with { type: 'json' };
import commonAr from '../../apps/web/src/locales/ar/common.json' with { type: 'json' };
import { signIn } from './account-steps';
import { callApi, logIn, publishEvent } from './api-steps';
import { expectAccessible } from './axe';
import { expect, test } from './mailbox';
import { ORGANIZER_PASSWORD, registerOrganizer } from './organizer-steps';

/**
 * Issue 16's designer: an organizer of its own designs a chart with two sections of curved
 * rows (the balcony's seats lettered in Arabic), two categories, publishes it and attaches it to
 * an event date with two ticket categories; the chart, its labels and the date's mapping are
 * checked through the API. Keyboard nudging, undo and redo, the marquee and the autosave are
 * exercised on the way; axe runs on every designer step.
 */

const T = {
  en: {
    charts: chartsEn,
    common: commonEn,
    stalls: ['Stalls', 'الصالة'],
    balcony: ['Balcony', 'الشرفة'],
    vip: ['VIP', 'كبار الشخصيات'],
    standard: ['Standard', 'عادي'],
  },
  ar: {
    charts: chartsAr,
    common: commonAr,
    stalls: ['Stalls', 'الصالة'],
    balcony: ['Balcony', 'الشرفة'],
    vip: ['VIP', 'كبار الشخصيات'],
    standard: ['Standard', 'عادي'],
  },
} as const;

/** An i18next template with its values in. */
function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A plural key's form for `count` in the journey's language, filled in. */
function plural(
  group: object,
  key: string,
  count: number,
  language: string,
  values: Record<string, string | number> = {},
) {
  const forms = group as Record<string, string | undefined>;
  const form = new Intl.PluralRules(language).select(count);
  return fill(forms[`${key}_${form}`] ?? forms[`${key}_other`]!, { count, ...values });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function shot(page: Page, name: string, project: string, language: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  await page.screenshot({ path: `${dir}/${name}-${language}-${project}.png`, fullPage: true });
}

interface ChartAnswer {
  id: number;
  published_version: number | null;
  draft: {
    categories: Array<{ key: string; label_en: string; label_ar: string }>;
    sections: Array<{
      label_en: string;
      label_ar: string;
      rows: Array<{
        label: string;
        curve: number;
        seat_labels: { scheme: string };
        seats: Array<{ id: string; label: string; x: number; category: string | null }>;
      }>;
    }>;
  };
}

for (const language of ['en', 'ar'] as const) {
  test(`an organizer designs a two-section chart with curved rows and Arabic seat labels, publishes it and attaches it to a date (${language})`, async ({
    page,
    request,
    mailbox,
  }, testInfo) => {
    test.setTimeout(180_000);
    const t = T[language];
    const d = t.charts.designer;
    const lang = language === 'ar' ? 1 : 0;
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

    // The scene: an organizer of its own (the demo organizer's publishing limit is shared) with
    // an event of one date and two ticket categories.
    const organizer = await registerOrganizer(request, mailbox, `seats-${language}`);
    const event = await publishEvent(request, organizer.token, {
      journey: 'Seats',
      days: 12,
      price: 9000,
      refundPercentage: 100,
    });
    const premium = await callApi<{ id: number }>(
      request,
      organizer.token,
      'POST',
      '/api/v1/ticket/create/',
      { event: event.id, name: 'Premium', price: 15000, quantity: 50 },
    );
    const readChart = (id: number) =>
      callApi<ChartAnswer>(request, organizer.token, 'GET', `/api/v1/charts/${id}`);

    await signIn(page, organizer.email, ORGANIZER_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    if (language === 'ar') await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const main = page.getByRole('main');

    // The account menu leads to the charts.
    await page
      .getByRole('banner')
      .getByRole('button', {
        name: new RegExp(
          escape(fill(t.common.header.accountMenu, { initials: 'RK', name: '' }).trim()),
        ),
      })
      .click();
    await page.getByRole('menuitem', { name: t.common.header.seatCharts }).click();
    await expect(main.getByRole('heading', { level: 1, name: t.charts.list.title })).toBeVisible();
    await expect(main.getByText(t.charts.list.empty)).toBeVisible();
    await expectAccessible(page, `the charts list (${language})`);

    // A new chart opens the designer at its first step.
    await main.getByLabel(t.charts.list.name).fill('Lantern Hall');
    await main.getByRole('button', { name: t.charts.list.create }).click();
    await expect(page).toHaveURL(/\/organizer\/seat-charts\/\d+\?step=venue$/);
    const chartId = Number(/seat-charts\/(\d+)/.exec(page.url())![1]);
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(d.steps.venue) }),
    ).toBeVisible();
    await main.getByRole('switch', { name: d.venue.stage }).check();
    await expect(main.getByLabel(d.venue.stageLabelEn)).toHaveValue('Stage');
    await main.getByRole('button', { name: d.venue.focalOnStage }).click();
    const status = main.locator('[data-save-status]');
    await expect(status).toHaveAttribute('data-save-status', 'saved');
    await expectAccessible(page, `designer, venue (${language})`);

    // Sections: two blocks of curved rows in one go each.
    await main.getByRole('link', { name: d.continue }).click();
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(d.steps.sections) }),
    ).toBeVisible();
    const addBlock = async (
      names: readonly string[],
      rows: number,
      seats: number,
      curve: number,
    ) => {
      await main.getByLabel(d.sections.nameEn).fill(names[0]!);
      await main.getByLabel(d.sections.nameAr).fill(names[1]!);
      await main.getByLabel(d.sections.rows, { exact: true }).fill(String(rows));
      await main.getByLabel(d.sections.seatsPerRow).fill(String(seats));
      await main.getByLabel(d.sections.curve).fill(String(curve));
      await main.getByRole('button', { name: d.sections.add }).click();
      await expect(
        main.getByText(plural(d.sections, 'added', rows * seats, language, { name: names[lang]! })),
      ).toBeVisible();
    };
    await addBlock(t.stalls, 4, 8, 25);
    await addBlock(t.balcony, 2, 6, 15);
    const sectionsList = main.getByRole('region', { name: d.sections.list });
    await expect(sectionsList.getByRole('listitem')).toHaveCount(2);
    // Undo and redo from the keyboard.
    await page.keyboard.press('Control+z');
    await expect(sectionsList.getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Control+Shift+Z');
    await expect(sectionsList.getByRole('listitem')).toHaveCount(2);
    await expect(status).toHaveAttribute('data-save-status', 'saved');

    // A marquee over the whole plan selects every seat; Escape clears it.
    const canvas = main.getByTestId('chart-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.locator('canvas').first().boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width - 2, box.y + box.height - 2, { steps: 4 });
    await page.mouse.up();
    await expect(main.getByText(plural(d.toolbar, 'selected', 44, language))).toBeVisible();
    await canvas.focus();
    await page.keyboard.press('Escape');
    await expect(main.getByText(plural(d.toolbar, 'selected', 44, language))).toHaveCount(0);

    // Arrow keys nudge the selection by a grid cell; the draft is saved; undo takes it back.
    const firstSeat = async () => (await readChart(chartId)).draft.sections[0]!.rows[0]!.seats[0]!;
    const before = await firstSeat();
    await sectionsList
      .getByRole('button', { name: fill(d.sections.selectLabel, { name: t.stalls[lang]! }) })
      .click();
    await expect(main.getByText(plural(d.toolbar, 'selected', 32, language))).toBeVisible();
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveAttribute('data-save-status', 'saved');
    await expect.poll(async () => (await firstSeat()).x).toBeCloseTo(before.x + 10, 2);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await firstSeat()).x).toBe(before.x);
    await expectAccessible(page, `designer, sections (${language})`);
    await shot(page, 'designer-sections', project, language);

    // Labels: the balcony's seats lettered in Arabic.
    await main.getByRole('link', { name: d.continue }).click();
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(d.steps.labels) }),
    ).toBeVisible();
    await main
      .getByLabel(d.labels.section, { exact: true })
      .selectOption({ label: t.balcony[lang]! });
    const seatRule = main.getByRole('form', { name: d.labels.seatsTitle });
    await seatRule.getByLabel(d.labels.scheme).selectOption('arabic');
    await expect(
      seatRule.getByText(fill(d.labels.preview, { labels: 'أ ب ت ث ج ح' })),
    ).toBeVisible();
    await seatRule.getByRole('button', { name: d.labels.applySeats }).click();
    await expectAccessible(page, `designer, labels (${language})`);

    // Categories: VIP stalls, standard balcony.
    await main.getByRole('link', { name: d.continue }).click();
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(d.steps.categories) }),
    ).toBeVisible();
    for (const names of [t.vip, t.standard]) {
      await main.getByLabel(d.categories.nameEn).fill(names[0]!);
      await main.getByLabel(d.categories.nameAr).fill(names[1]!);
      await main.getByRole('button', { name: d.categories.add }).click();
    }
    const pickSection = main.getByLabel(d.categories.selectSection);
    await pickSection.selectOption({ label: t.stalls[lang]! });
    await main
      .getByRole('button', { name: fill(d.categories.assign, { name: t.vip[lang]! }) })
      .click();
    await pickSection.selectOption({ label: t.balcony[lang]! });
    await main
      .getByRole('button', { name: fill(d.categories.assign, { name: t.standard[lang]! }) })
      .click();
    await expect(main.getByText(plural(d.categories, 'count', 32, language))).toBeVisible();
    await expectAccessible(page, `designer, categories (${language})`);

    // Review: nothing to fix; publish.
    await main.getByRole('link', { name: d.continue }).click();
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(d.steps.review) }),
    ).toBeVisible();
    await expect(main.getByText(d.review.ready)).toBeVisible();
    await expectAccessible(page, `designer, review (${language})`);
    await main.getByRole('button', { name: d.review.publish, exact: true }).click();
    await expect(main.getByText(fill(d.review.published, { version: 1 }))).toBeVisible();
    await shot(page, 'designer-review', project, language);

    // The chart as the API has it: two sections of curved rows, Arabic seat labels, categories.
    const chart = await readChart(chartId);
    expect(chart.published_version).toBe(1);
    const [stalls, balcony] = chart.draft.sections;
    expect([stalls!.label_en, balcony!.label_ar]).toEqual(['Stalls', 'الشرفة']);
    expect(stalls!.rows.map((row) => row.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(stalls!.rows[0]!.curve).toBe(0.25);
    expect(balcony!.rows[0]!.curve).toBe(0.15);
    expect(stalls!.rows[0]!.seats.map((seat) => seat.label)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(balcony!.rows[1]!.seat_labels.scheme).toBe('arabic');
    expect(balcony!.rows[1]!.seats.map((seat) => seat.label)).toEqual([
      'أ',
      'ب',
      'ت',
      'ث',
      'ج',
      'ح',
    ]);
    expect(chart.draft.categories.map((category) => category.label_ar)).toEqual([
      'كبار الشخصيات',
      'عادي',
    ]);
    const [vipKey, standardKey] = chart.draft.categories.map((category) => category.key);
    expect(new Set(stalls!.rows.flatMap((row) => row.seats.map((seat) => seat.category)))).toEqual(
      new Set([vipKey]),
    );

    // The event's dates step: attach the chart to the date, VIP at Premium, standard at General.
    await page.goto(`/organizer/events/${event.id}/edit?step=dates`);
    await main
      .getByRole('button', {
        name: new RegExp(`^${escape(fill(t.charts.attach.buttonLabel, { when: '' }))}`),
      })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t.charts.attach.none)).toBeVisible();
    await dialog
      .getByLabel(fill(t.charts.attach.ticketCategoryFor, { name: t.vip[lang]! }))
      .selectOption({ label: 'Premium' });
    await dialog
      .getByLabel(fill(t.charts.attach.ticketCategoryFor, { name: t.standard[lang]! }))
      .selectOption({ label: 'General' });
    await expectAccessible(page, `attach a chart (${language})`, { within: '[role="dialog"]' });
    await dialog.getByRole('button', { name: t.charts.attach.attach }).click();
    await expect(dialog.getByText(fill(t.charts.attach.saved, { count: 44 }))).toBeVisible();
    await expect(dialog.getByTestId('date-chart-current')).toContainText('Lantern Hall');
    await shot(page, 'attach-chart', project, language);
    await dialog.getByRole('button', { name: t.charts.attach.close }).click();
    await expect(
      main.getByText(
        fill(t.charts.attach.attached, { name: '\u2068Lantern Hall\u2069', version: 1 }),
      ),
    ).toBeVisible();

    const attached = await callApi<{
      chart: number;
      version: number;
      seat_count: number;
      categories: Array<{
        key: string;
        ticket_category: number;
        quantity: number;
        seated: boolean;
      }>;
    }>(request, organizer.token, 'GET', `/api/v1/event_dates/${event.slot}/chart/`);
    expect(attached).toMatchObject({ chart: chartId, version: 1, seat_count: 44 });
    expect(attached.categories.sort((a, b) => a.quantity - b.quantity)).toEqual([
      { key: standardKey, ticket_category: event.category, quantity: 12, seated: true },
      { key: vipKey, ticket_category: premium.id, quantity: 32, seated: true },
    ]);

    // A chart a date uses cannot be deleted: the list says it is in use, and the API refuses.
    await page.goto('/organizer/seat-charts');
    const row = main.getByRole('listitem').filter({ hasText: 'Lantern Hall' });
    await expect(row.getByText(t.charts.list.inUse)).toBeVisible();
    await row
      .getByRole('button', { name: fill(t.charts.list.deleteLabel, { name: 'Lantern Hall' }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t.charts.list.deleteConfirm })
      .click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('alert')).not.toBeEmpty();
  });
}

interface TablesAnswer {
  published_version: number | null;
  draft: {
    sections: Array<{
      tables: Array<{
        label: string;
        shape: string;
        seats: Array<{ id: string; left: string | null; category: string | null }>;
      }>;
    }>;
  };
}

for (const language of ['en', 'ar'] as const) {
  test(`an organizer lays out a block of round tables, letters them, gives them a category and publishes them (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const t = T[language];
    const d = t.charts.designer;
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    const token = await logIn(request, 'organizer@hafla.test', 'hafla-demo-2026');
    const { id } = await callApi<{ id: number }>(request, token, 'POST', '/api/v1/charts/', {
      name: `Gala dinner ${language} ${project}`,
    });

    await signIn(page, 'organizer@hafla.test', 'hafla-demo-2026');
    await expect(page).toHaveURL(/\/$/);
    if (language === 'ar') await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto(`/organizer/seat-charts/${id}?step=sections`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const main = page.getByRole('main');

    // Tables: five round tables of six, three to a line.
    await main.getByText(d.sections.kindTables, { exact: true }).click();
    const form = main.getByRole('form', { name: d.sections.addTablesTitle });
    await form.getByLabel(d.sections.nameEn).fill('Garden');
    await form.getByLabel(d.sections.nameAr).fill('الحديقة');
    await form.getByLabel(d.sections.tables, { exact: true }).fill('5');
    await form.getByLabel(d.sections.seatsPerTable).fill('6');
    await form.getByLabel(d.sections.columns).fill('3');
    await form.getByRole('button', { name: d.sections.addTables }).click();
    const name = language === 'ar' ? 'الحديقة' : 'Garden';
    await expect(main.getByText(plural(d.sections, 'added', 30, language, { name }))).toBeVisible();
    await expectAccessible(page, `designer, tables (${language})`);
    await shot(page, 'designer-tables', project, language);

    // Labels: the section's rule letters its tables.
    await main.getByRole('link', { name: d.continue }).click();
    const tableRule = main.getByRole('form', { name: d.labels.tablesTitle });
    await tableRule.getByLabel(d.labels.scheme).selectOption('latin');
    await tableRule.getByRole('button', { name: d.labels.applyTables }).click();

    // Categories: every seat of the garden.
    await main.getByRole('link', { name: d.continue }).click();
    await main.getByLabel(d.categories.nameEn).fill('Dinner');
    await main.getByLabel(d.categories.nameAr).fill('العشاء');
    await main.getByRole('button', { name: d.categories.add }).click();
    await main.getByLabel(d.categories.selectSection).selectOption({ label: name });
    const dinner = language === 'ar' ? 'العشاء' : 'Dinner';
    await main.getByRole('button', { name: fill(d.categories.assign, { name: dinner }) }).click();

    // Review: nothing to fix (every seat has its category); publish; the API has five lettered,
    // ringed tables.
    await main.getByRole('link', { name: d.continue }).click();
    await expect(main.getByText(d.review.ready)).toBeVisible();
    await main.getByRole('button', { name: d.review.publish, exact: true }).click();
    await expect(main.getByText(fill(d.review.published, { version: 1 }))).toBeVisible();
    const chart = await callApi<TablesAnswer>(request, token, 'GET', `/api/v1/charts/${id}`);
    expect(chart.published_version).toBe(1);
    const tables = chart.draft.sections[0]!.tables;
    expect(tables.map((table) => [table.label, table.shape, table.seats.length])).toEqual(
      ['A', 'B', 'C', 'D', 'E'].map((label) => [label, 'round', 6]),
    );
    expect(tables[0]!.seats[0]!.left).toBe(tables[0]!.seats[5]!.id);
    expect(tables.every((table) => table.seats.every((seat) => seat.category !== null))).toBe(true);
  });
}
