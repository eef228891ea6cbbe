// The control's indicator is a FloatingIndicator: without its styles it sits beside the choice.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import { FormAlert } from '../../../components/form-alert';
import {
  addBlock,
  addTableBlock,
  blockFits,
  blockOptionsOf,
  countSeats,
  deleteSeats,
  relayoutSection,
  relayoutTables,
  removeSection,
  renameSection,
  rotateSeats,
  seatIdsOfSections,
  tableBlockOptionsOf,
  tablesFit,
} from '../lib/chart-edit';
import type { BlockOptions, TableBlockOptions } from '../lib/chart-edit';
import { isolate } from '../../../lib/bidi';
import { sectionName } from '../lib/names';
import type { ChartEditor } from '../lib/use-chart-editor';
import { AreasPanel } from './areas-panel';
import { FieldValidity, useFormFields } from './field-validity';
import { NameFields } from './name-fields';
import type { Names } from './name-fields';
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

const NEW_TABLES: TableBlockOptions = {
  label_en: '',
  label_ar: '',
  tables: 6,
  seatsPerTable: 8,
  shape: 'round',
  columns: 3,
  seatSpacing: 32,
};

interface FormProps<T> {
  initial: T;
  title: string;
  submitLabel: string;
  note?: string;
  seatsElsewhere: number;
  /** The other sections' names: a new name may be neither of them, in either language. */
  takenNames: readonly Names[];
  /** Whether a new block fits below what is drawn in the largest venue the format allows. */
  fits?: (options: T) => boolean;
  onSubmit: (options: T) => void;
  /** The form refused what was asked (a field to correct, a limit). */
  onRefuse?: () => void;
  onCancel?: () => void;
}

interface BlockShellProps<T extends { label_en: string; label_ar: string }> extends FormProps<T> {
  /** Seats the options make, for the chart's limit. */
  seatsOf: (options: T) => number;
  /** Further checks: a problem to show, or null. */
  problemOf?: (options: T) => string | null;
  fields: (options: T, set: (change: Partial<T>) => void) => React.ReactNode;
}

/** A name as compared with another: the same letters, whatever the case and the spaces round it. */
const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A form that adds or lays out a block (rows or tables): names, the block's own fields, limits. */
function BlockShell<T extends { label_en: string; label_ar: string }>({
  initial,
  title,
  submitLabel,
  note,
  seatsElsewhere,
  takenNames,
  onSubmit,
  onRefuse,
  onCancel,
  seatsOf,
  problemOf,
  fits,
  fields,
}: BlockShellProps<T>) {
  const { t } = useTranslation('charts');
  const [options, setOptions] = useState(initial);
  const [nameErrors, setNameErrors] = useState<Partial<Record<keyof Names, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, report, hasInvalidFields, focusFirstError } = useFormFields();

  const set = (change: Partial<T>) => {
    setOptions((before) => ({ ...before, ...change }));
    // What was refused is answered again on the next try; a name being corrected is no longer wrong.
    setProblem(null);
    const corrected = Object.keys(change).filter((key) => key in nameErrors);
    if (corrected.length > 0) {
      setNameErrors((before) =>
        Object.fromEntries(Object.entries(before).filter(([key]) => !corrected.includes(key))),
      );
    }
  };

  function nameError(field: keyof Names): string | undefined {
    const name = options[field].trim();
    if (!name) return t('designer.sections.nameRequired');
    const taken = takenNames.find((other) => sameName(other[field], name));
    return taken ? t('designer.sections.nameTaken', { name: isolate(taken[field]) }) : undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const names = Object.fromEntries(
      (['label_en', 'label_ar'] as const).flatMap((field) => {
        const error = nameError(field);
        return error ? [[field, error]] : [];
      }),
    ) as Partial<Record<keyof Names, string>>;
    const isFieldWrong = Object.keys(names).length > 0 || hasInvalidFields;
    const found = isFieldWrong
      ? null
      : seatsElsewhere + seatsOf(options) > CHART_LIMITS.maxSeats
        ? t('designer.sections.tooManySeats', { max: CHART_LIMITS.maxSeats })
        : (problemOf?.(options) ??
          (fits?.(options) !== false
            ? null
            : t('designer.sections.doesNotFit', { max: CHART_LIMITS.maxCoordinate })));
    setNameErrors(names);
    setProblem(found);
    if (isFieldWrong || found) {
      if (isFieldWrong) focusFirstError();
      onRefuse?.();
      return;
    }
    onSubmit({ ...options, label_en: options.label_en.trim(), label_ar: options.label_ar.trim() });
  }

  return (
    <form ref={formRef} className={classes.panel} onSubmit={submit} aria-label={title} noValidate>
      <Title order={3}>{title}</Title>
      <NameFields
        value={options}
        labelEn={t('designer.sections.nameEn')}
        labelAr={t('designer.sections.nameAr')}
        errors={nameErrors}
        onChange={(change) => set(change as Partial<T>)}
      />
      <FieldValidity report={report}>
        <div className={classes.fields}>{fields(options, set)}</div>
      </FieldValidity>
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

/** Rows × seats, spacing, curve and rotation of a block, for a new section or an existing one. */
function BlockForm(props: FormProps<BlockOptions>) {
  const { t } = useTranslation('charts');
  return (
    <BlockShell
      {...props}
      seatsOf={(options) => options.rows * options.seatsPerRow}
      fields={(options, set) => (
        <>
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
        </>
      )}
    />
  );
}

/**
 * Tables × seats round each (round or rectangular), in a grid, for a new section or an
 * existing one; the spacing keeps seats at a table from touching (`seatSize`).
 */
function TableForm({ seatSize, ...props }: FormProps<TableBlockOptions> & { seatSize: number }) {
  const { t } = useTranslation('charts');
  const minSpacing = Math.ceil(seatSize * 1.25);
  return (
    <BlockShell
      {...props}
      seatsOf={(options) => options.tables * options.seatsPerTable}
      problemOf={(options) =>
        options.seatSpacing < minSpacing
          ? t('designer.sections.spacingTooSmall', { min: minSpacing })
          : null
      }
      fields={(options, set) => (
        <>
          <NumberField
            label={t('designer.sections.tables')}
            value={options.tables}
            min={1}
            max={CHART_LIMITS.maxTablesPerSection}
            onValue={(tables) => set({ tables: Math.round(tables) })}
          />
          <NumberField
            label={t('designer.sections.seatsPerTable')}
            value={options.seatsPerTable}
            min={1}
            max={CHART_LIMITS.maxSeatsPerTable}
            onValue={(seatsPerTable) => set({ seatsPerTable: Math.round(seatsPerTable) })}
          />
          <NativeSelect
            label={t('designer.sections.shape')}
            value={options.shape}
            data={(['round', 'rectangle'] as const).map((shape) => ({
              value: shape,
              label: t(`designer.sections.shapes.${shape}`),
            }))}
            onChange={(event) =>
              set({ shape: event.currentTarget.value as TableBlockOptions['shape'] })
            }
          />
          <NumberField
            label={t('designer.sections.columns')}
            value={options.columns}
            min={1}
            max={CHART_LIMITS.maxTablesPerSection}
            onValue={(columns) => set({ columns: Math.round(columns) })}
          />
          <NumberField
            label={t('designer.sections.seatSpacing')}
            value={options.seatSpacing}
            min={1}
            max={1000}
            onValue={(seatSpacing) => set({ seatSpacing })}
          />
        </>
      )}
    />
  );
}

/** Step 2: blocks of rows or tables added in one go, laid out again, turned, thinned into aisles. */
export function SectionsPanel({ editor, selection, onSelectionChange }: SectionsPanelProps) {
  const { t, i18n } = useTranslation('charts');
  const { chart, apply } = editor;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [kind, setKind] = useState<'rows' | 'tables'>('rows');
  const language = i18n.language;
  const editing = chart.sections.find((section) => section.id === editingId) ?? null;
  const total = countSeats(chart);
  const seatSize = chart.venue.seat_size;
  const seatsIn = (groups: ReadonlyArray<{ seats: readonly unknown[] }>) =>
    groups.reduce((sum, group) => sum + group.seats.length, 0);
  const takenNames = chart.sections.filter((section) => section.id !== editingId);
  // A refused try is the news now: the last block's "was added" no longer stands beside it.
  const onRefuse = () => setAdded(null);

  function announce(name: string, count: number) {
    setAdded(t('designer.sections.added', { name, count }));
    setFormKey((key) => key + 1);
    onSelectionChange(new Set());
  }

  let form: React.ReactNode;
  if (editing && editing.rows.length === 0 && editing.tables.length > 0) {
    form = (
      <TableForm
        key={editing.id}
        seatSize={seatSize}
        initial={tableBlockOptionsOf(editing)}
        title={t('designer.sections.editTitle', { name: sectionName(editing, language) })}
        submitLabel={t('designer.sections.apply')}
        note={t('designer.sections.tablesRelayoutNote')}
        seatsElsewhere={total - seatsIn(editing.tables)}
        takenNames={takenNames}
        onRefuse={onRefuse}
        onSubmit={(options) => {
          apply((current) => relayoutTables(current, editing.id, options));
          setEditingId(null);
        }}
        onCancel={() => setEditingId(null)}
      />
    );
  } else if (editing) {
    form = (
      <BlockForm
        key={editing.id}
        initial={blockOptionsOf(editing)}
        title={t('designer.sections.editTitle', { name: sectionName(editing, language) })}
        submitLabel={t('designer.sections.apply')}
        note={t('designer.sections.relayoutNote')}
        seatsElsewhere={total - seatsIn(editing.rows)}
        takenNames={takenNames}
        onRefuse={onRefuse}
        onSubmit={(options) => {
          apply((current) =>
            renameSection(relayoutSection(current, editing.id, options), editing.id, options),
          );
          setEditingId(null);
        }}
        onCancel={() => setEditingId(null)}
      />
    );
  } else {
    form = (
      <>
        <SegmentedControl
          aria-label={t('designer.sections.addKind')}
          value={kind}
          onChange={(value) => setKind(value as 'rows' | 'tables')}
          data={[
            { value: 'rows', label: t('designer.sections.kindRows') },
            { value: 'tables', label: t('designer.sections.kindTables') },
          ]}
        />
        {kind === 'rows' ? (
          <BlockForm
            key={formKey}
            initial={NEW_BLOCK}
            title={t('designer.sections.addTitle')}
            submitLabel={t('designer.sections.add')}
            seatsElsewhere={total}
            takenNames={takenNames}
            fits={(options) => blockFits(chart, options)}
            onRefuse={onRefuse}
            onSubmit={(options) => {
              apply((current) => addBlock(current, options).chart);
              announce(sectionName(options, language), options.rows * options.seatsPerRow);
            }}
          />
        ) : (
          <TableForm
            key={formKey}
            seatSize={seatSize}
            initial={{
              ...NEW_TABLES,
              seatSpacing: Math.max(NEW_TABLES.seatSpacing, Math.ceil(seatSize * 1.6)),
            }}
            title={t('designer.sections.addTablesTitle')}
            submitLabel={t('designer.sections.addTables')}
            seatsElsewhere={total}
            takenNames={takenNames}
            fits={(options) => tablesFit(chart, options)}
            onRefuse={onRefuse}
            onSubmit={(options) => {
              apply((current) => addTableBlock(current, options).chart);
              announce(sectionName(options, language), options.tables * options.seatsPerTable);
            }}
          />
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      {form}
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
                  <Text>
                    {t('designer.sections.sectionSeats', {
                      name: isolate(name),
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
