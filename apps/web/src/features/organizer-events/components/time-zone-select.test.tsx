import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { TimeZoneSelect } from './time-zone-select';

async function renderPicker() {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <Suspense fallback={null}>
        <TimeZoneSelect value="UTC" onChange={onChange} />
      </Suspense>
    </MantineProvider>,
  );
  return {
    onChange,
    input: await screen.findByRole('combobox', { name: /Time zone|المنطقة الزمنية/ }),
  };
}

async function optionsFor(input: HTMLElement, search: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(search);
  const listbox = await screen.findByRole('listbox', { hidden: true });
  return within(listbox)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent ?? '');
}

describe('the organizer’s time-zone picker', () => {
  it('finds a zone by its Arabic city or country on an English page, and names it as people read it', async () => {
    await i18n.loadNamespaces('organizer');
    const { input, onChange } = await renderPicker();

    const byCity = await optionsFor(input, 'الرياض');
    expect(byCity).toEqual([expect.stringMatching(/^Riyadh time \(GMT\+3\) · Saudi Arabia$/)]);
    const byCountry = await optionsFor(input, 'مصر');
    expect(byCountry).toEqual([expect.stringMatching(/^Cairo time \(GMT\+[23]\) · Egypt$/)]);
    // Hamza and taa marbuta are folded: "اسطنبول" finds إسطنبول.
    expect(await optionsFor(input, 'اسطنبول')).toHaveLength(1);
    const byEnglish = await optionsFor(input, 'new york');
    expect(byEnglish[0]).toMatch(/^New York time \(GMT-[45]\) · United States$/);
    expect(byEnglish.join(' ')).not.toContain('America/');

    await userEvent.click(screen.getByRole('option', { name: /New York time/, hidden: true }));
    expect(onChange).toHaveBeenCalledWith('America/New_York');
  });

  it('reads in Arabic, and still finds English names', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('organizer');
    const { input } = await renderPicker();

    expect(await optionsFor(input, 'Riyadh')).toEqual([
      'توقيت الرياض (غرينتش+3) · المملكة العربية السعودية',
    ]);
    expect(await optionsFor(input, 'دبي')).toEqual([
      expect.stringMatching(/^توقيت دبي \(غرينتش\+4\) · الإمارات/),
    ]);
  });
});
