import { Button, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import type { LabelRule, LabelScheme } from '@hafla/shared/charts/chart-format';
import { labelsFor } from '@hafla/shared/charts/labels';
import { groupsOf, listSeats, relabelRows, relabelSeats, setSeatLabel } from '../lib/chart-edit';
import type { ChartEditor } from '../lib/use-chart-editor';
import { NumberField } from './number-field';
import { FieldValidity, useFormFields } from './field-validity';
import { sectionName } from '../lib/names';
import classes from './designer.module.css';

const SCHEMES: LabelScheme[] = ['numbers', 'latin', 'arabic'];

interface RuleFormProps {
  idPrefix: string;
  title: string;
  initial: LabelRule;
  count: number;
  submitLabel: string;
  onSubmit: (rule: LabelRule) => void;
}

/** A label rule: scheme, first label and direction, with a preview of the first labels. */
function RuleForm({ idPrefix, title, initial, count, submitLabel, onSubmit }: RuleFormProps) {
  const { t } = useTranslation('charts');
  const [rule, setRule] = useState(initial);
  const { formRef, report, hasInvalidFields, focusFirstError } = useFormFields();
  const preview = labelsFor(rule, Math.min(count, 6)).join(' ');
  return (
    <form
      ref={formRef}
      className={classes.panel}
      aria-labelledby={`${idPrefix}-title`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (hasInvalidFields) focusFirstError();
        else onSubmit(rule);
      }}
    >
      <Title order={3} id={`${idPrefix}-title`}>
        {title}
      </Title>
      <NativeSelect
        label={t('designer.labels.scheme')}
        value={rule.scheme}
        data={SCHEMES.map((scheme) => ({
          value: scheme,
          label: t(`designer.labels.schemes.${scheme}`),
        }))}
        onChange={(event) => setRule({ ...rule, scheme: event.currentTarget.value as LabelScheme })}
      />
      <FieldValidity report={report}>
        <NumberField
          label={t('designer.labels.start')}
          value={rule.start}
          min={1}
          max={CHART_LIMITS.maxLabelStart}
          onValue={(start) => setRule({ ...rule, start: Math.round(start) })}
        />
      </FieldValidity>
      <NativeSelect
        label={t('designer.labels.direction')}
        value={rule.direction}
        data={[
          { value: 'forward', label: t('designer.labels.forward') },
          { value: 'reverse', label: t('designer.labels.reverse') },
        ]}
        onChange={(event) =>
          setRule({ ...rule, direction: event.currentTarget.value as LabelRule['direction'] })
        }
      />
      {/* Labels keep their own order: an Arabic row reads right to left, numbers left to right. */}
      <Text size="sm" dir="auto">
        {t('designer.labels.preview', { labels: preview })}
      </Text>
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}

export interface LabelsPanelProps {
  editor: ChartEditor;
  selection: ReadonlySet<string>;
}

/** Step 3: row and seat labels by rule, per section, and one seat's own label. */
export function LabelsPanel({ editor, selection }: LabelsPanelProps) {
  const { t, i18n } = useTranslation('charts');
  const { chart, apply } = editor;
  const [chosen, setChosen] = useState<string | null>(null);
  const section =
    chart.sections.find((candidate) => candidate.id === chosen) ?? chart.sections[0] ?? null;
  const selected =
    selection.size === 1 ? listSeats(chart).find((ref) => selection.has(ref.seat.id)) : undefined;
  const [seatLabel, setSeatLabelText] = useState('');
  const [seatLabelFor, setSeatLabelFor] = useState<string | null>(null);
  if (selected && seatLabelFor !== selected.seat.id) {
    setSeatLabelFor(selected.seat.id);
    setSeatLabelText(selected.seat.label);
  }

  if (!section) return <Text className={classes.panel}>{t('designer.labels.noSections')}</Text>;
  const groups = groupsOf(section);
  const longestRow = Math.max(0, ...groups.map((group) => group.seats.length));
  // A section of tables only labels its tables; rows (and a mixed section's tables) go as rows.
  const isTables = section.rows.length === 0 && section.tables.length > 0;

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('designer.labels.section')}
        value={section.id}
        data={chart.sections.map((candidate) => ({
          value: candidate.id,
          label: sectionName(candidate, i18n.language),
        }))}
        onChange={(event) => setChosen(event.currentTarget.value)}
      />
      <RuleForm
        key={`rows-${section.id}`}
        idPrefix="row-labels"
        title={t(isTables ? 'designer.labels.tablesTitle' : 'designer.labels.rowsTitle')}
        initial={section.row_labels}
        count={groups.length}
        submitLabel={t(isTables ? 'designer.labels.applyTables' : 'designer.labels.applyRows')}
        onSubmit={(rule) => apply((current) => relabelRows(current, section.id, rule))}
      />
      <RuleForm
        key={`seats-${section.id}`}
        idPrefix="seat-labels"
        title={t('designer.labels.seatsTitle')}
        initial={
          section.rows[0]?.seat_labels ?? { scheme: 'numbers', start: 1, direction: 'forward' }
        }
        count={longestRow}
        submitLabel={t('designer.labels.applySeats')}
        onSubmit={(rule) => apply((current) => relabelSeats(current, section.id, rule))}
      />
      <section className={classes.panel} aria-labelledby="seat-label-title">
        <Title order={3} id="seat-label-title">
          {t('designer.labels.seatTitle')}
        </Title>
        {selected ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              apply((current) => setSeatLabel(current, selected.seat.id, seatLabel));
            }}
          >
            <Stack gap="sm">
              <TextInput
                label={
                  'shape' in selected.row
                    ? t('designer.labels.seatLabelAtTable', {
                        seat: selected.seat.label,
                        table: selected.row.label,
                      })
                    : t('designer.labels.seatLabel', {
                        seat: selected.seat.label,
                        row: selected.row.label,
                      })
                }
                value={seatLabel}
                dir="auto"
                maxLength={CHART_LIMITS.maxLabelLength}
                onChange={(event) => setSeatLabelText(event.currentTarget.value)}
              />
              <Button type="submit" variant="default" disabled={!seatLabel.trim()}>
                {t('designer.labels.saveSeat')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Text size="sm">{t('designer.labels.seatHint')}</Text>
        )}
      </section>
    </Stack>
  );
}
