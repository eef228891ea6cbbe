import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import { FormAlert } from '../../../components/form-alert';
import { addArea, removeArea } from '../lib/chart-edit';
import type { AreaOptions } from '../lib/chart-edit';
import type { ChartEditor } from '../lib/use-chart-editor';
import { NumberField } from './number-field';
import { isolate } from '../../../lib/bidi';
import { sectionName } from '../lib/names';
import classes from './designer.module.css';
import { NameFields } from './name-fields';
import { FieldValidity, useFormFields } from './field-validity';

const NEW_AREA: AreaOptions = {
  label_en: '',
  label_ar: '',
  capacity: 100,
  width: 300,
  height: 150,
};

/** General-admission areas: a capacity and a place on the plan, no seats. */
export function AreasPanel({ editor }: { editor: ChartEditor }) {
  const { t, i18n } = useTranslation('charts');
  const { chart, apply } = editor;
  const [options, setOptions] = useState(NEW_AREA);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const { formRef, report, hasInvalidFields, focusFirstError } = useFormFields();
  const set = (change: Partial<AreaOptions>) => setOptions((before) => ({ ...before, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasInvalidFields) {
      setProblem(null);
      setAdded(null);
      focusFirstError();
      return;
    }
    if (!options.label_en.trim() || !options.label_ar.trim()) {
      setProblem(t('designer.areas.nameRequired'));
      return;
    }
    setProblem(null);
    const area = {
      ...options,
      label_en: options.label_en.trim(),
      label_ar: options.label_ar.trim(),
    };
    apply((current) => addArea(current, area));
    setAdded(t('designer.areas.added', { name: sectionName(area, i18n.language) }));
    setOptions(NEW_AREA);
  }

  return (
    <Stack gap="md">
      {chart.areas.length < CHART_LIMITS.maxAreas && (
        <form
          ref={formRef}
          className={classes.panel}
          onSubmit={submit}
          aria-label={t('designer.areas.addTitle')}
          noValidate
        >
          <Title order={3}>{t('designer.areas.addTitle')}</Title>
          <NameFields
            value={options}
            labelEn={t('designer.areas.nameEn')}
            labelAr={t('designer.areas.nameAr')}
            onChange={set}
          />
          <FieldValidity report={report}>
            <NumberField
              label={t('designer.areas.capacity')}
              value={options.capacity}
              min={1}
              max={CHART_LIMITS.maxAreaCapacity}
              onValue={(capacity) => set({ capacity: Math.round(capacity) })}
            />
            <div className={classes.fields}>
              <NumberField
                label={t('designer.areas.width')}
                value={options.width}
                min={10}
                max={CHART_LIMITS.maxCoordinate}
                onValue={(width) => set({ width })}
              />
              <NumberField
                label={t('designer.areas.height')}
                value={options.height}
                min={10}
                max={CHART_LIMITS.maxCoordinate}
                onValue={(height) => set({ height })}
              />
            </div>
          </FieldValidity>
          <FormAlert message={problem} />
          <FormAlert tone="success" message={added} />
          <Button type="submit" variant="default">
            {t('designer.areas.add')}
          </Button>
        </form>
      )}
      {chart.areas.length > 0 && (
        <section className={classes.panel} aria-labelledby="areas-list">
          <Title order={3} id="areas-list">
            {t('designer.areas.list')}
          </Title>
          <ul className={classes.plainList}>
            {chart.areas.map((area) => {
              const name = sectionName(area, i18n.language);
              return (
                <li key={area.id} className={classes.listRow}>
                  <Text>
                    {t('designer.areas.capacityOf', { name: isolate(name), count: area.capacity })}
                  </Text>
                  <Button
                    size="compact-md"
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    aria-label={t('designer.areas.removeLabel', { name })}
                    onClick={() => apply((current) => removeArea(current, area.id))}
                  >
                    {t('designer.areas.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </Stack>
  );
}
