import type { SeatChart } from '@hafla/shared/charts/chart-format';

/** Where a publishing issue is, in the words a person uses: section, row or table, seat. */
export interface IssueLocation {
  sectionId: string | null;
  section: { label_en: string; label_ar: string } | null;
  row: string | null;
  seat: string | null;
  seatId: string | null;
  category: string | null;
}

/**
 * Reads a validator path (`sections.1.rows.2.seats.5.label`, `categories.0.key`, with or
 * without the API's `draft.` prefix) against the chart it was found in.
 */
export function locateIssue(chart: SeatChart, path: string): IssueLocation {
  const parts = path.replace(/^draft\./, '').split('.');
  const location: IssueLocation = {
    sectionId: null,
    section: null,
    row: null,
    seat: null,
    seatId: null,
    category: null,
  };
  const at = (name: string) => {
    const index = parts.indexOf(name);
    return index >= 0 ? Number(parts[index + 1]) : null;
  };
  const categoryIndex = at('categories');
  if (categoryIndex !== null) {
    location.category = chart.categories[categoryIndex]?.key ?? null;
    return location;
  }
  const sectionIndex = at('sections');
  const section = sectionIndex === null ? undefined : chart.sections[sectionIndex];
  if (!section) return location;
  location.sectionId = section.id;
  location.section = { label_en: section.label_en, label_ar: section.label_ar };
  const rowIndex = at('rows');
  const tableIndex = at('tables');
  const group =
    rowIndex !== null
      ? section.rows[rowIndex]
      : tableIndex !== null
        ? section.tables[tableIndex]
        : undefined;
  if (!group) return location;
  location.row = group.label;
  const seatIndex = at('seats');
  const seat = seatIndex === null ? undefined : group.seats[seatIndex];
  if (seat) {
    location.seat = seat.label;
    location.seatId = seat.id;
  }
  return location;
}
