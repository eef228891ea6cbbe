import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import Konva from 'konva/lib/Core';
import { Circle } from 'konva/lib/shapes/Circle';
import { Line } from 'konva/lib/shapes/Line';
import { Rect } from 'konva/lib/shapes/Rect';
import { Text } from 'konva/lib/shapes/Text';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { groupsOf, listSeats } from '../lib/chart-edit';
import { labelDirection } from '../lib/label-direction';
import { buildSeatIndex } from '../lib/seat-index';
import { clickSelection, dragDelta, marqueeSelection, nudgeFor } from '../lib/selection';
import classes from './designer.module.css';

export interface ChartCanvasProps {
  chart: SeatChart;
  selection: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
  /** A drag or a nudge ended: move the selection by (dx, dy). `key` merges nudges in the history. */
  onMove: (dx: number, dy: number, key: string | null) => void;
  /** Chart units per grid cell, or null without a grid. */
  grid: number | null;
  zoom: number;
  language: string;
  label: string;
  help: string;
  /** Seats can be selected and moved (not on the venue step). */
  isEditable: boolean;
  showSeatLabels: boolean;
}

const SELECTED = '#7725C2';
const NO_CATEGORY = '#6C757D';
const MIN_DRAG = 3;

type Gesture =
  | {
      kind: 'drag';
      startX: number;
      startY: number;
      grabbed: { x: number; y: number };
      moved: boolean;
    }
  | { kind: 'marquee'; startX: number; startY: number; x: number; y: number; isAdditive: boolean }
  | { kind: 'click'; id: string | null; isAdditive: boolean };

/**
 * The venue drawn with konva (decision 0022). Seats are one custom shape painted in a single
 * pass, and hit-testing goes through a flatbush index instead of konva's per-node hit canvas,
 * so a chart of 20,000 seats stays responsive. The plan is never mirrored in right-to-left
 * pages; each label is drawn with its own direction.
 */
export function ChartCanvas({
  chart,
  selection,
  onSelectionChange,
  onMove,
  grid,
  zoom,
  language,
  label,
  help,
  isEditable,
  showSeatLabels,
}: ChartCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [offset, setOffset] = useState({ dx: 0, dy: 0 });
  const seats = useMemo(() => listSeats(chart), [chart]);
  const index = useMemo(
    () =>
      buildSeatIndex(
        seats.map((ref) => ref.seat),
        chart.venue.seat_size,
      ),
    [seats, chart.venue.seat_size],
  );
  const colours = useMemo(
    () => new Map(chart.categories.map((category) => [category.key, category.color])),
    [chart.categories],
  );

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { venue } = chart;
  const fit = width / venue.width;
  const scale = fit * zoom;
  const stageWidth = venue.width * scale;
  const stageHeight = venue.height * scale;

  // Zooming keeps the middle of what was in view in the middle.
  const previousScale = useRef(scale);
  useLayoutEffect(() => {
    const element = frame.current;
    const before = previousScale.current;
    previousScale.current = scale;
    if (!element || before === scale) return;
    const middleX = (element.scrollLeft + element.clientWidth / 2) / before;
    const middleY = (element.scrollTop + element.clientHeight / 2) / before;
    element.scrollLeft = middleX * scale - element.clientWidth / 2;
    element.scrollTop = middleY * scale - element.clientHeight / 2;
  }, [scale]);

  function pointOf(stage: Konva.Stage | null): { x: number; y: number } | null {
    const pointer = stage?.getPointerPosition();
    return pointer ? { x: pointer.x / scale, y: pointer.y / scale } : null;
  }

  function onPointerDown(event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) {
    if (!isEditable) return;
    const point = pointOf(event.target.getStage());
    if (!point) return;
    const isAdditive = event.evt.shiftKey;
    const hit = index.hit(point.x, point.y);
    if (hit !== null && !isAdditive) {
      if (!selection.has(hit)) onSelectionChange(new Set([hit]));
      const grabbed = seats.find((ref) => ref.seat.id === hit)!.seat;
      setGesture({ kind: 'drag', startX: point.x, startY: point.y, grabbed, moved: false });
      return;
    }
    if (hit !== null) {
      setGesture({ kind: 'click', id: hit, isAdditive });
      return;
    }
    setGesture({ kind: 'marquee', startX: point.x, startY: point.y, ...point, isAdditive });
  }

  function onPointerMove(event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) {
    if (!gesture || gesture.kind === 'click') return;
    const point = pointOf(event.target.getStage());
    if (!point) return;
    if (gesture.kind === 'marquee') {
      setGesture({ ...gesture, x: point.x, y: point.y });
      return;
    }
    const dx = point.x - gesture.startX;
    const dy = point.y - gesture.startY;
    if (!gesture.moved && Math.hypot(dx, dy) * scale < MIN_DRAG) return;
    if (!gesture.moved) setGesture({ ...gesture, moved: true });
    setOffset(dragDelta(gesture.grabbed, dx, dy, grid));
    event.evt.preventDefault();
  }

  function onPointerUp() {
    if (!gesture) return;
    if (gesture.kind === 'click') {
      onSelectionChange(clickSelection(selection, gesture.id, gesture.isAdditive));
    } else if (gesture.kind === 'marquee') {
      const isClick =
        Math.hypot(gesture.x - gesture.startX, gesture.y - gesture.startY) * scale < MIN_DRAG;
      onSelectionChange(
        isClick
          ? clickSelection(selection, null, gesture.isAdditive)
          : marqueeSelection(
              selection,
              index.within(gesture.startX, gesture.startY, gesture.x, gesture.y),
              gesture.isAdditive,
            ),
      );
    } else if (gesture.moved && (offset.dx !== 0 || offset.dy !== 0)) {
      onMove(offset.dx, offset.dy, null);
    }
    setGesture(null);
    setOffset({ dx: 0, dy: 0 });
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (!isEditable) return;
    if (event.key === 'Escape' && selection.size > 0) {
      event.preventDefault();
      onSelectionChange(new Set());
      return;
    }
    const nudge = nudgeFor(event.key, grid, event.shiftKey);
    if (!nudge || selection.size === 0) return;
    event.preventDefault();
    onMove(nudge.dx, nudge.dy, 'nudge');
  }

  const isDragging = gesture?.kind === 'drag' && gesture.moved;
  const marquee = gesture?.kind === 'marquee' ? gesture : null;
  const radius = venue.seat_size / 2;
  const isArabic = language === 'ar';
  const gridLines = useMemo(() => {
    if (!grid) return [];
    // Lines closer than 12 pixels would be a grey wash: draw every n-th cell instead.
    const step = grid * Math.max(1, Math.ceil(12 / (grid * scale)));
    const lines: number[][] = [];
    for (let x = step; x < venue.width; x += step) lines.push([x, 0, x, venue.height]);
    for (let y = step; y < venue.height; y += step) lines.push([0, y, venue.width, y]);
    return lines.length > 600 ? [] : lines;
  }, [grid, scale, venue.width, venue.height]);

  // konva draws the plan in two layers, built from this render's values after it commits: the
  // venue and its labels, and above them the tables, the seats (one shape painted in a single
  // pass) and the marquee, which change with every move of a gesture.
  const host = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage | null>(null);
  const handlers = useRef({ onPointerDown, onPointerMove, onPointerUp });
  useLayoutEffect(() => {
    handlers.current = { onPointerDown, onPointerMove, onPointerUp };
  });
  useLayoutEffect(() => {
    const stage = new Konva.Stage({ container: host.current!, width: 1, height: 1 });
    stage.add(new Konva.Layer({ listening: false }), new Konva.Layer({ listening: false }));
    stage.on('mousedown touchstart', (event) => handlers.current.onPointerDown(event));
    stage.on('mousemove touchmove', (event) => handlers.current.onPointerMove(event));
    stage.on('mouseup touchend mouseleave', () => handlers.current.onPointerUp());
    stageRef.current = stage;
    return () => {
      stageRef.current = null;
      stage.destroy();
    };
  }, []);

  useLayoutEffect(() => {
    const stage = stageRef.current!;
    stage.setAttrs({ width: stageWidth, height: stageHeight, scaleX: scale, scaleY: scale });
    const venueLayer = stage.getLayers()[0]!;
    venueLayer.destroyChildren();
    venueLayer.add(
      new Rect({
        width: venue.width,
        height: venue.height,
        fill: '#ffffff',
        stroke: '#868e96',
        strokeWidth: 2 / scale,
      }),
    );
    for (const points of gridLines) {
      venueLayer.add(new Line({ points, stroke: '#e9ecef', strokeWidth: 1 / scale }));
    }
    if (chart.stage) {
      const { width, height } = chart.stage;
      const group = new Konva.Group({
        x: chart.stage.x,
        y: chart.stage.y,
        rotation: chart.stage.rotation,
      });
      group.add(new Rect({ width, height, fill: '#343a40', cornerRadius: 6 }));
      group.add(
        new Text({
          width,
          height,
          align: 'center',
          verticalAlign: 'middle',
          text: isArabic ? chart.stage.label_ar : chart.stage.label_en,
          direction: isArabic ? 'rtl' : 'ltr',
          fontSize: Math.max(12, Math.min(28, height / 3)),
          fill: '#ffffff',
        }),
      );
      venueLayer.add(group);
    }
    for (const area of chart.areas) {
      const name = isArabic ? area.label_ar : area.label_en;
      const group = new Konva.Group({ x: area.x, y: area.y, rotation: area.rotation });
      group.add(
        new Rect({
          width: area.width,
          height: area.height,
          fill: area.category ? (colours.get(area.category) ?? NO_CATEGORY) : NO_CATEGORY,
          opacity: 0.35,
          stroke: '#495057',
          dash: [8, 4],
          strokeWidth: 1.5 / scale,
        }),
      );
      group.add(
        new Text({
          width: area.width,
          height: area.height,
          align: 'center',
          verticalAlign: 'middle',
          text: `${name}\n${area.capacity}`,
          direction: labelDirection(name),
          fontSize: Math.max(12, Math.min(20, area.height / 5)),
          fill: '#212529',
        }),
      );
      venueLayer.add(group);
    }
    venueLayer.add(
      new Circle({
        x: chart.focal_point.x,
        y: chart.focal_point.y,
        radius: 6 / Math.min(1, scale),
        stroke: '#e8590c',
        strokeWidth: 2 / Math.min(1, scale),
      }),
    );
    for (const section of chart.sections) {
      for (const row of section.rows) {
        const first = row.seats[0];
        if (!first) continue;
        const second = row.seats[1];
        // Beside the row's first seat, on the far side from its neighbour.
        const gap = second ? Math.hypot(first.x - second.x, first.y - second.y) : 0;
        const ux = second ? (first.x - second.x) / gap || -1 : -1;
        const uy = second ? (first.y - second.y) / gap || 0 : 0;
        const size = Math.max(10, radius);
        venueLayer.add(
          new Text({
            x: first.x + ux * radius * 2.2 - size,
            y: first.y + uy * radius * 2.2 - size / 2,
            width: size * 2,
            align: 'center',
            text: row.label,
            direction: labelDirection(row.label),
            fontSize: size,
            fontStyle: 'bold',
            fill: '#343a40',
          }),
        );
      }
      const sectionSeats = groupsOf(section).flatMap((group) => group.seats);
      if (sectionSeats.length === 0) continue;
      const xs = sectionSeats.map((seat) => seat.x);
      const ys = sectionSeats.map((seat) => seat.y);
      const name = isArabic ? section.label_ar : section.label_en;
      const left = Math.min(...xs);
      venueLayer.add(
        new Text({
          x: left,
          y: Math.max(...ys) + radius + 4,
          width: Math.max(...xs) - left,
          align: 'center',
          text: name,
          direction: labelDirection(name),
          fontSize: 14,
          fontStyle: 'bold',
          fill: '#495057',
        }),
      );
    }
    venueLayer.batchDraw();
  }, [chart, venue, stageWidth, stageHeight, scale, gridLines, isArabic, colours, radius]);

  useLayoutEffect(() => {
    const seatLayer = stageRef.current!.getLayers()[1]!;
    seatLayer.destroyChildren();
    for (const section of chart.sections) {
      for (const table of section.tables) {
        // A table follows its seats while they are dragged, when all of them are.
        const isCarried =
          table.seats.length > 0 && table.seats.every((seat) => selection.has(seat.id));
        const size = Math.max(10, Math.min(table.width, table.height) / 3);
        const group = new Konva.Group({
          x: table.x + (isCarried ? offset.dx : 0),
          y: table.y + (isCarried ? offset.dy : 0),
          rotation: table.rotation,
        });
        const outline = { fill: '#f1f3f5', stroke: '#868e96', strokeWidth: 1.5 / scale };
        group.add(
          table.shape === 'round'
            ? new Circle({ radius: table.width / 2, ...outline })
            : new Rect({
                x: -table.width / 2,
                y: -table.height / 2,
                width: table.width,
                height: table.height,
                cornerRadius: 4,
                ...outline,
              }),
        );
        group.add(
          new Text({
            x: -table.width / 2,
            y: -size / 2,
            width: table.width,
            align: 'center',
            text: table.label,
            direction: labelDirection(table.label),
            fontSize: size,
            fontStyle: 'bold',
            fill: '#343a40',
          }),
        );
        seatLayer.add(group);
      }
    }
    const showLabels = showSeatLabels && radius * scale >= 7;
    seatLayer.add(
      new Konva.Shape({
        sceneFunc: (context) => {
          const native = context._context;
          native.font = `${Math.round(radius * 0.95)}px sans-serif`;
          native.textAlign = 'center';
          native.textBaseline = 'middle';
          for (const { seat } of seats) {
            const isSelected = selection.has(seat.id);
            const x = seat.x + (isSelected ? offset.dx : 0);
            const y = seat.y + (isSelected ? offset.dy : 0);
            native.beginPath();
            native.arc(x, y, radius * 0.9, 0, Math.PI * 2);
            native.fillStyle = (seat.category && colours.get(seat.category)) || NO_CATEGORY;
            native.fill();
            if (isSelected) {
              native.lineWidth = Math.max(2, 3 / scale);
              native.strokeStyle = SELECTED;
              native.stroke();
            }
            if (seat.accessible) {
              native.lineWidth = Math.max(1, 1.5 / scale);
              native.strokeStyle = '#ffffff';
              native.strokeRect(x - radius * 0.5, y - radius * 0.5, radius, radius);
            }
            if (showLabels) {
              native.direction = labelDirection(seat.label);
              native.fillStyle = '#ffffff';
              native.fillText(seat.label, x, y);
            }
          }
        },
      }),
    );
    if (marquee) {
      seatLayer.add(
        new Rect({
          x: Math.min(marquee.startX, marquee.x),
          y: Math.min(marquee.startY, marquee.y),
          width: Math.abs(marquee.x - marquee.startX),
          height: Math.abs(marquee.y - marquee.startY),
          stroke: SELECTED,
          dash: [6 / scale, 4 / scale],
          strokeWidth: 1.5 / scale,
          fill: 'rgba(119, 37, 194, 0.08)',
        }),
      );
    }
    seatLayer.batchDraw();
  }, [chart, seats, selection, offset, marquee, scale, radius, colours, showSeatLabels]);

  return (
    <div
      ref={frame}
      className={classes.canvasFrame}
      // The plan keeps its own left and right in Arabic too (docs/seat-chart-format.md).
      dir="ltr"
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-describedby="chart-canvas-help"
      onKeyDown={onKeyDown}
      data-testid="chart-canvas"
    >
      <span id="chart-canvas-help" className={classes.visuallyHidden}>
        {help}
      </span>
      <div
        ref={host}
        style={{
          touchAction: isEditable ? 'none' : 'auto',
          cursor: isDragging ? 'grabbing' : 'default',
        }}
      />
    </div>
  );
}
