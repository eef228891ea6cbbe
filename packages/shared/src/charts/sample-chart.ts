import { CHART_FORMAT_VERSION, type SeatChart, type Seat } from './chart-format';
import { layoutSection } from './layout';

/**
 * A small theatre that passes every publishing check: curved stalls (6 rows × 12, Latin row
 * letters), a straight balcony lettered in Arabic and numbered from the right, a round table
 * of four, and a standing area. Tests start from it and break one thing at a time.
 */
export function sampleChart(): SeatChart {
  const stalls = layoutSection({
    id: 'stalls',
    label_en: 'Stalls',
    label_ar: 'الصالة',
    x: 500,
    y: 200,
    rows: 6,
    seatsPerRow: 12,
    seatSpacing: 30,
    rowSpacing: 35,
    curve: 0.2,
    category: 'standard',
  });
  // The front row is the best: VIP, with its two aisle seats accessible.
  const front = stalls.rows[0]!;
  front.seats = front.seats.map((seat, index, all) => ({
    ...seat,
    category: 'vip',
    accessible: index === 0 || index === all.length - 1,
  }));
  const balcony = layoutSection({
    id: 'balcony',
    label_en: 'Balcony',
    label_ar: 'الشرفة',
    x: 500,
    y: 520,
    rows: 3,
    seatsPerRow: 10,
    seatSpacing: 28,
    rowSpacing: 32,
    rowLabels: { scheme: 'arabic', start: 1, direction: 'forward' },
    seatLabels: { scheme: 'numbers', start: 1, direction: 'reverse' },
    category: 'standard',
  });
  const tableSeats: Seat[] = [0, 1, 2, 3].map((index) => {
    const angle = (index * Math.PI) / 2;
    return {
      id: `table1.s${index + 1}`,
      label: String(index + 1),
      x: Math.round(150 + 40 * Math.cos(angle)),
      y: Math.round(650 + 40 * Math.sin(angle)),
      category: 'vip',
      accessible: false,
      companion: index === 1,
      left: `table1.s${((index + 3) % 4) + 1}`,
      right: `table1.s${((index + 1) % 4) + 1}`,
    };
  });
  balcony.tables.push({
    id: 'table1',
    label: 'T1',
    shape: 'round',
    x: 150,
    y: 650,
    width: 50,
    height: 50,
    rotation: 0,
    seats: tableSeats,
  });
  return {
    version: CHART_FORMAT_VERSION,
    venue: { width: 1000, height: 800, seat_size: 20, background_image_url: null },
    stage: {
      label_en: 'Stage',
      label_ar: 'المسرح',
      x: 300,
      y: 20,
      width: 400,
      height: 80,
      rotation: 0,
    },
    focal_point: { x: 500, y: 60 },
    categories: [
      { key: 'vip', label_en: 'VIP', label_ar: 'كبار الشخصيات', color: '#C2185B' },
      { key: 'standard', label_en: 'Standard', label_ar: 'عادي', color: '#1976D2' },
      { key: 'standing', label_en: 'Standing', label_ar: 'وقوف', color: '#388E3C' },
    ],
    sections: [stalls, balcony],
    areas: [
      {
        id: 'floor',
        label_en: 'Standing floor',
        label_ar: 'منطقة الوقوف',
        category: 'standing',
        capacity: 150,
        x: 800,
        y: 500,
        width: 150,
        height: 200,
        rotation: 0,
      },
    ],
  };
}
