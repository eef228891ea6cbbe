import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import { FormAlert } from '../../../components/form-alert';
import {
  addBlock,
  blockOptionsOf,
  countSeats,
  deleteSeats,
  relayoutSection,
  removeSection,
  renameSection,
  rotateSeats,
  seatIdsOfSections,
} from '../lib/chart-edit';
import type { BlockOptions } from '../lib/chart-edit';
import { sectionName } from '../lib/names';
import type { ChartEditor } from '../lib/use-chart-editor';
import { AreasPanel } from './areas-panel';
import { NumberField } from './number-field';
import classes from './designer.module.css';

export interface SectionsPanelProps {
  editor: ChartEditor;
  selection: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
}

const NEW_BLOCK: BlockOptions = {
  label_en: '',
  label_ar: '',
  rows: 5,
  seatsPerRow: 10,
  seatSpacing: 30,
  rowSpacing: 35,
  curve: 0,
  rotation: 0,
};

interface BlockFormProps {
  initial: BlockOptions;
  title: string;
  submitLabel: string;
  note?: string;
  seatsElsewhere: number;
  onSubmit: (options: BlockOptions) => void;
  onCancel?: () => void;
}

/** Rows × seats, spacing, curve and rotation of a block, for a new section or an existing one. */
function BlockForm({
  initial,
  title,
  submitLabel,
  note,
  seatsElsewhere,
  onSubmit,
  onCancel,
}: BlockFormProps) {
  const { t } = useTranslation('charts');
  const [options, setOptions] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<BlockOptions>) => setOptions((before) => ({ ...before, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!options.label_en.trim() || !options.label_ar.trim()) {
      setProblem(t('designer.sections.nameRequired'));
      return;
    }
    if (seatsElsewhere + options.rows * options.seatsPerRow > CHART_LIMITS.maxSeats) {
      setProblem(t('designer.sections.tooManySeats', { max: CHART_LIMITS.maxSeats }));
      return;
    }
    setProblem(null);
    onSubmit({ ...options, label_en: options.label_en.trim(), label_ar: options.label_ar.trim() });
  }

  return (
    <form className={classes.panel} onSubmit={submit} aria-label={title} noValidate>
      <Title order={3}>{title}</Title>
      <TextInput
        label={t('designer.sections.nameEn')}
        value={options.label_en}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        onChange={(event) => set({ label_en: event.currentTarget.value })}
      />
      <TextInput
        label={t('designer.sections.nameAr')}
        value={options.label_ar}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        onChange={(event) => set({ label_ar: event.currentTarget.value })}
      />
      <div className={classes.fields}>
        <NumberField
          label={t('designer.sections.rows')}
          value={options.rows}
          min={1}
          max={CHART_LIMITS.maxRowsPerSection}
          onValue={(rows) => set({ rows: Math.round(rows) })}
        />
        <NumberField
          label={t('designer.sections.seatsPerRow')}
          value={options.seatsPerRow}
          min={1}
          max={CHART_LIMITS.maxSeatsPerRow}
          onValue={(seatsPerRow) => set({ seatsPerRow: Math.round(seatsPerRow) })}
        />
        <NumberField
          label={t('designer.sections.seatSpacing')}
          value={options.seatSpacing}
          min={1}
          max={1000}
          onValue={(seatSpacing) => set({ seatSpacing })}
        />
        <NumberField
          label={t('designer.sections.rowSpacing')}
          value={options.rowSpacing}
          min={1}
          max={1000}
          onValue={(rowSpacing) => set({ rowSpacing })}
        />
        <NumberField
          label={t('designer.sections.curve')}
          value={Math.round(options.curve * 100)}
          min={-100}
          max={100}
          description={t('designer.sections.curveHelp')}
          onValue={(curve) => set({ curve: curve / 100 })}
        />
        <NumberField
          label={t('designer.sections.rotation')}
          value={options.rotation}
          min={-360}
          max={360}
          onValue={(rotation) => set({ rotation })}
        />
      </div>
      {note && <Text size="sm">{note}</Text>}
      <FormAlert message={problem} />
      <Group gap="sm">
        <Button type="submit">{submitLabel}</Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('list.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}

/** Step 2: blocks of rows added in one go, laid out again, turned, thinned into aisles. */
export function SectionsPanel({ editor, selection, onSelectionChange }: SectionsPanelProps) {
  const { t, i18n } = useTranslation('charts');
  const { chart, apply } = editor;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const language = i18n.language;
  const editing = chart.sections.find((section) => section.id === editingId) ?? null;
  const total = countSeats(chart);

  return (
    <Stack gap="md">
      {editing ? (
        <BlockForm
          key={editing.id}
          initial={blockOptionsOf(editing)}
          title={t('designer.sections.editTitle', { name: sectionName(editing, language) })}
          submitLabel={t('designer.sections.apply')}
          note={t('designer.sections.relayoutNote')}
          seatsElsewhere={total - countSeats({ ...chart, sections: [editing] })}
          onSubmit={(options) => {
            apply((current) =>
              renameSection(relayoutSection(current, editing.id, options), editing.id, options),
            );
            setEditingId(null);
          }}
          onCancel={() => setEditingId(null)}
        />
      ) : (
        <BlockForm
          key={formKey}
          initial={NEW_BLOCK}
          title={t('designer.sections.addTitle')}
          submitLabel={t('designer.sections.add')}
          seatsElsewhere={total}
          onSubmit={(options) => {
            apply((current) => addBlock(current, options).chart);
            setAdded(
              t('designer.sections.added', {
                name: sectionName(options, language),
                count: options.rows * options.seatsPerRow,
              }),
            );
            setFormKey((key) => key + 1);
            onSelectionChange(new Set());
          }}
        />
      )}
      <FormAlert tone="success" message={added} />

      <section className={classes.panel} aria-labelledby="sections-list">
        <Title order={3} id="sections-list">
          {t('designer.sections.list')}
        </Title>
        {chart.sections.length === 0 ? (
          <Text>{t('designer.sections.none')}</Text>
        ) : (
          <ul className={classes.plainList}>
            {chart.sections.map((section) => {
              const name = sectionName(section, language);
              return (
                <li key={section.id} className={classes.listRow}>
                  <Text dir="auto">
                    {t('designer.sections.sectionSeats', {
                      name,
                      count: countSeats({ ...chart, sections: [section] }),
                    })}
                  </Text>
                  <Group gap={4}>
                    <Button
                      size="compact-md"
                      variant="subtle"
                      aria-label={t('designer.sections.selectLabel', { name })}
                      onClick={() =>
                        onSelectionChange(seatIdsOfSections(chart, new Set([section.id])))
                      }
                    >
                      {t('designer.sections.select')}
                    </Button>
                    <Button
                      size="compact-md"
                      variant="subtle"
                      aria-label={t('designer.sections.editLabel', { name })}
                      onClick={() => setEditingId(section.id)}
                    >
                      {t('designer.sections.edit')}
                    </Button>
                    <Button
                      size="compact-md"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      aria-label={t('designer.sections.removeLabel', { name })}
                      onClick={() => {
                        apply((current) => removeSection(current, section.id));
                        onSelectionChange(new Set());
                        if (editingId === section.id) setEditingId(null);
                      }}
                    >
                      {t('designer.sections.remove')}
                    </Button>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {selection.size > 0 && (
        <section className={classes.panel} aria-labelledby="selection-tools">
          <Title order={3} id="selection-tools">
            {t('designer.sections.selection')}
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => apply((current) => rotateSeats(current, selection, -15))}
            >
              {t('designer.sections.rotateLeft')}
            </Button>
            <Button
              variant="default"
              onClick={() => apply((current) => rotateSeats(current, selection, 15))}
            >
              {t('designer.sections.rotateRight')}
            </Button>
          </Group>
          <Text size="sm">{t('designer.sections.deleteHelp')}</Text>
          <Button
            color="red.9"
            variant="outline"
            onClick={() => {
              apply((current) => deleteSeats(current, selection));
              onSelectionChange(new Set());
            }}
          >
            {t('designer.sections.deleteSeats')}
          </Button>
        </section>
      )}
      <AreasPanel editor={editor} />
    </Stack>
  );
}
