import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Checkbox, NativeSelect, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freePerSection, type SeatIndex, type SeatStatuses } from '../lib/seat-index';
import classes from './seat-map.module.css';

export interface SeatListProps {
  index: SeatIndex;
  statuses: SeatStatuses;
  selected: readonly string[];
  language: string;
  /** "VIP, 250 EGP" for a seat's category, or null when it is not on sale. */
  priceOf: (category: string | null) => string | null;
  onToggle: (seat: number) => void;
}

/**
 * The seat map's accessible twin (issue 16): section → row → seats as native controls, so a
 * keyboard or a screen reader picks exactly what a tap on the map picks. Each seat says its
 * price and whether it is accessible or a companion seat; the boxes follow the map's choice.
 */
export function SeatList({
  index,
  statuses,
  selected,
  language,
  priceOf,
  onToggle,
}: SeatListProps) {
  const { t } = useTranslation('seats');
  const sections = index.sections.filter((section) => section.rows.length > 0);
  const [sectionId, setSectionId] = useState(sections[0]?.id ?? '');
  const section = sections.find((candidate) => candidate.id === sectionId) ?? sections[0];
  const [rowId, setRowId] = useState(section?.rows[0]?.id ?? '');
  const row = section?.rows.find((candidate) => candidate.id === rowId) ?? section?.rows[0];
  if (!section || !row) return null;
  const isFree = (at: number) => (statuses.get(index.seats[at]!.id) ?? 'available') === 'available';
  const freeIn = (seats: readonly number[]) => seats.filter(isFree).length;
  const name = (target: { label_en: string; label_ar: string }) =>
    language === 'ar' ? target.label_ar : target.label_en;
  const rowName = (target: { label: string; kind: 'row' | 'table' }, free: number) =>
    t(target.kind === 'table' ? 'list.tableOption' : 'list.rowOption', {
      row: target.label,
      free,
    });
  const picked = new Set(selected);
  // Worded once per render, not once per seat: a row can hold a hundred seats.
  const words = {
    notOnSale: t('list.notOnSale'),
    accessible: t('list.accessible'),
    companion: t('list.companion'),
    taken: t('list.taken'),
  };
  const prices = new Map<string | null, string | null>();
  const priceIn = (category: string | null) => {
    if (!prices.has(category)) prices.set(category, priceOf(category));
    return prices.get(category)!;
  };
  const freeBySection = freePerSection(index, statuses);

  return (
    <section className={classes.seatList} aria-labelledby="seat-list-heading">
      <Title order={3} size="h4" id="seat-list-heading">
        {t('list.heading')}
      </Title>
      <Text size="sm">{t('list.intro')}</Text>
      <NativeSelect
        label={t('list.section')}
        value={section.id}
        onChange={(event) => {
          const next = sections.find((candidate) => candidate.id === event.currentTarget.value);
          setSectionId(event.currentTarget.value);
          setRowId(next?.rows[0]?.id ?? '');
        }}
        data={sections.map((candidate) => ({
          value: candidate.id,
          label: t('list.sectionOption', {
            section: name(candidate),
            free: freeBySection[index.sections.indexOf(candidate)]!,
          }),
        }))}
      />
      <NativeSelect
        label={t('list.row')}
        value={row.id}
        onChange={(event) => setRowId(event.currentTarget.value)}
        data={section.rows.map((candidate) => ({
          value: candidate.id,
          label: rowName(candidate, freeIn(candidate.seats)),
        }))}
      />
      <fieldset className={classes.seatOptions}>
        <legend>{t('list.seats', { row: rowName(row, freeIn(row.seats)) })}</legend>
        {row.seats.map((at) => {
          const seat = index.seats[at]!;
          const isPicked = picked.has(seat.id);
          const price = priceIn(seat.category);
          const facts = [
            price ?? words.notOnSale,
            seat.accessible ? words.accessible : null,
            seat.companion ? words.companion : null,
            isFree(at) || isPicked ? null : words.taken,
          ].filter((fact): fact is string => fact !== null);
          return (
            <Checkbox
              key={seat.id}
              checked={isPicked}
              disabled={!isPicked && (!isFree(at) || price === null)}
              onChange={() => onToggle(at)}
              label={
                <>
                  <span dir="auto">{t('list.seat', { seat: seat.label })}</span>
                  {' · '}
                  {facts.join(' · ')}
                </>
              }
            />
          );
        })}
      </fieldset>
    </section>
  );
}
