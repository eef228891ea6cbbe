// A 20,000-seat chart for the seat benches, laid out with the designer's own geometry
// (packages/shared/src/charts/layout.ts; run under `node --import tsx`): four sections of 50
// rows × 100 seats in a two-by-two grid, one category. Seat n (0-based, section by section, row
// by row) is `sec{s}.r{r}.s{k}`; pairs (2p, 2p + 1) never cross a row's end, and any set of
// whole pairs taken from a row leaves only free runs of even length, so holding pairs can never
// strand a single seat (the orphan rule never refuses a run's request).
const { layoutSection } = await import('../../packages/shared/src/charts/layout.ts');

export const SECTIONS = 4;
export const ROWS_PER_SECTION = 50;
export const SEATS_PER_ROW = 100;
export const SEATS_PER_SECTION = ROWS_PER_SECTION * SEATS_PER_ROW;
export const CHART_SEATS = SECTIONS * SEATS_PER_SECTION;
export const PAIRS = CHART_SEATS / 2;
export const CATEGORY_KEY = 'seat';

const SPACING = 10;
const ROW_SPACING = 12;
const SECTION_WIDTH = SEATS_PER_ROW * SPACING + 200;
const SECTION_HEIGHT = ROWS_PER_SECTION * ROW_SPACING + 150;

/** The id of seat `n` (0-based). */
export function seatIdAt(n) {
  const section = Math.floor(n / SEATS_PER_SECTION);
  const row = Math.floor((n % SEATS_PER_SECTION) / SEATS_PER_ROW) + 1;
  return `sec${section}.r${row}.s${(n % SEATS_PER_ROW) + 1}`;
}

/** The two seats of pair `p` (0-based). */
export const pairSeats = (p) => [seatIdAt(2 * p), seatIdAt(2 * p + 1)];

/** The chart (format version 1) as the designer would save it. */
export function bigChart() {
  const sections = Array.from({ length: SECTIONS }, (_, index) =>
    layoutSection({
      id: `sec${index}`,
      label_en: `Block ${index + 1}`,
      label_ar: `القسم ${index + 1}`,
      x: (index % 2) * SECTION_WIDTH + SECTION_WIDTH / 2,
      y: 200 + Math.floor(index / 2) * SECTION_HEIGHT,
      rows: ROWS_PER_SECTION,
      seatsPerRow: SEATS_PER_ROW,
      seatSpacing: SPACING,
      rowSpacing: ROW_SPACING,
      category: CATEGORY_KEY,
    }),
  );
  return {
    version: 1,
    venue: {
      width: 2 * SECTION_WIDTH,
      height: 250 + 2 * SECTION_HEIGHT,
      seat_size: 8,
      background_image_url: null,
    },
    stage: {
      label_en: 'Stage',
      label_ar: 'المسرح',
      x: SECTION_WIDTH - 300,
      y: 20,
      width: 600,
      height: 80,
      rotation: 0,
    },
    focal_point: { x: SECTION_WIDTH, y: 60 },
    categories: [{ key: CATEGORY_KEY, label_en: 'Seat', label_ar: 'مقعد', color: '#1f6feb' }],
    sections,
    areas: [],
  };
}
