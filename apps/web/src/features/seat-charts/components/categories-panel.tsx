import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import { FormAlert } from '../../../components/form-alert';
import {
  addCategory,
  assignCategory,
  categoryKeyFor,
  countByCategory,
  removeCategory,
  seatIdsOfSections,
  setAreaCategory,
  setSeatFlags,
} from '../lib/chart-edit';
import type { ChartEditor } from '../lib/use-chart-editor';
import { categoryName, sectionName } from '../lib/names';
import classes from './designer.module.css';
import { NameFields } from './name-fields';
import type { Names } from './name-fields';

/** Colours that stay apart from each other and carry white labels at AA contrast. */
const PALETTE = ['#C2185B', '#1565C0', '#2E7D32', '#6A1B9A', '#E65100', '#00695C', '#4E342E'];

export interface CategoriesPanelProps {
  editor: ChartEditor;
  selection: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
}

/** Step 4: categories and which seats belong to each, with accessible and companion seats. */
export function CategoriesPanel({ editor, selection, onSelectionChange }: CategoriesPanelProps) {
  const { t, i18n } = useTranslation('charts');
  const language = i18n.language;
  const { chart, apply } = editor;
  const counts = countByCategory(chart);
  const [names, setNames] = useState<Names>({ label_en: '', label_ar: '' });
  const [color, setColor] = useState(PALETTE[chart.categories.length % PALETTE.length]!);
  const [problem, setProblem] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState('');
  const withoutCategory = counts.get(null) ?? 0;

  function add(event: FormEvent) {
    event.preventDefault();
    if (!names.label_en.trim() || !names.label_ar.trim()) {
      setProblem(t('designer.categories.nameRequired'));
      return;
    }
    setProblem(null);
    apply((current) =>
      addCategory(current, {
        key: categoryKeyFor(current, names.label_en),
        label_en: names.label_en.trim(),
        label_ar: names.label_ar.trim(),
        color,
      }),
    );
    setNames({ label_en: '', label_ar: '' });
    setColor(PALETTE[(chart.categories.length + 1) % PALETTE.length]!);
  }

  return (
    <Stack gap="md">
      <section className={classes.panel} aria-labelledby="categories-title">
        <Title order={3} id="categories-title">
          {t('designer.categories.title')}
        </Title>
        <Text size="sm">{t('designer.categories.help')}</Text>
        {chart.categories.length === 0 ? (
          <Text>{t('designer.categories.none')}</Text>
        ) : (
          <ul className={classes.plainList}>
            {chart.categories.map((category) => {
              const name = categoryName(category, language);
              return (
                <li key={category.key} className={classes.listRow}>
                  <Text>
                    <span
                      className={classes.swatch}
                      style={{ background: category.color }}
                      aria-hidden="true"
                    />
                    <bdi>{name}</bdi>
                    {' · '}
                    {t('designer.categories.count', { count: counts.get(category.key) ?? 0 })}
                  </Text>
                  <Button
                    size="compact-md"
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    aria-label={t('designer.categories.removeLabel', { name })}
                    onClick={() => apply((current) => removeCategory(current, category.key))}
                  >
                    {t('designer.categories.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {withoutCategory > 0 && (
          <Text size="sm">
            {t('designer.categories.withoutCategory', { count: withoutCategory })}
          </Text>
        )}
        {chart.categories.length < CHART_LIMITS.maxCategories && (
          <form onSubmit={add} noValidate>
            <Stack gap="sm">
              <NameFields
                value={names}
                labelEn={t('designer.categories.nameEn')}
                labelAr={t('designer.categories.nameAr')}
                onChange={(change) => setNames((before) => ({ ...before, ...change }))}
              />
              <TextInput
                type="color"
                label={t('designer.categories.color')}
                value={color}
                onChange={(event) => setColor(event.currentTarget.value.toUpperCase())}
                styles={{ input: { inlineSize: '5rem', padding: 2 } }}
              />
              <FormAlert message={problem} />
              <Button type="submit" variant="default">
                {t('designer.categories.add')}
              </Button>
            </Stack>
          </form>
        )}
      </section>

      {chart.areas.length > 0 && (
        <section className={classes.panel} aria-labelledby="area-categories">
          <Title order={3} id="area-categories">
            {t('designer.areas.list')}
          </Title>
          {chart.areas.map((area) => (
            <NativeSelect
              key={area.id}
              label={t('designer.areas.category', { name: sectionName(area, language) })}
              value={area.category ?? ''}
              data={[
                { value: '', label: '—' },
                ...chart.categories.map((category) => ({
                  value: category.key,
                  label: categoryName(category, language),
                })),
              ]}
              onChange={(event) => {
                const key = event.currentTarget.value || null;
                apply((current) => setAreaCategory(current, area.id, key));
              }}
            />
          ))}
        </section>
      )}

      <section className={classes.panel} aria-labelledby="assign-title">
        <Title order={3} id="assign-title">
          {t('designer.categories.assignTitle')}
        </Title>
        <Text size="sm">{t('designer.categories.assignHint')}</Text>
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label={t('designer.categories.selectSection')}
            value={sectionId}
            data={[
              { value: '', label: '—' },
              ...chart.sections.map((section) => ({
                value: section.id,
                label: sectionName(section, language),
              })),
            ]}
            onChange={(event) => {
              const id = event.currentTarget.value;
              setSectionId(id);
              if (id) onSelectionChange(seatIdsOfSections(chart, new Set([id])));
            }}
          />
        </Group>
        {selection.size > 0 && (
          <Stack gap="xs">
            <Text fw={600}>{t('designer.toolbar.selected', { count: selection.size })}</Text>
            <Group gap="xs">
              {chart.categories.map((category) => (
                <Button
                  key={category.key}
                  variant="default"
                  leftSection={
                    <span
                      className={classes.swatch}
                      style={{ background: category.color }}
                      aria-hidden="true"
                    />
                  }
                  onClick={() =>
                    apply((current) => assignCategory(current, selection, category.key))
                  }
                >
                  {t('designer.categories.assign', { name: categoryName(category, language) })}
                </Button>
              ))}
              <Button
                variant="subtle"
                onClick={() => apply((current) => assignCategory(current, selection, null))}
              >
                {t('designer.categories.clearCategory')}
              </Button>
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() =>
                  apply((current) => setSeatFlags(current, selection, { accessible: true }))
                }
              >
                {t('designer.categories.markAccessible')}
              </Button>
              <Button
                variant="subtle"
                onClick={() =>
                  apply((current) => setSeatFlags(current, selection, { accessible: false }))
                }
              >
                {t('designer.categories.unmarkAccessible')}
              </Button>
              <Button
                variant="default"
                onClick={() =>
                  apply((current) => setSeatFlags(current, selection, { companion: true }))
                }
              >
                {t('designer.categories.markCompanion')}
              </Button>
              <Button
                variant="subtle"
                onClick={() =>
                  apply((current) => setSeatFlags(current, selection, { companion: false }))
                }
              >
                {t('designer.categories.unmarkCompanion')}
              </Button>
            </Group>
          </Stack>
        )}
      </section>
    </Stack>
  );
}
