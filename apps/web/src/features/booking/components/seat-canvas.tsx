import { ActionIcon, Group } from '@mantine/core';
import Konva from 'konva/lib/Core';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CSSProperties, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { freePerSection, seatAt, sectionAt } from '../lib/seat-index';
import type { Bounds, SeatIndex, SeatStatuses } from '../lib/seat-index';
import {
  detailAt,
  fitView,
  intersects,
  panBy,
  pinch,
  toChart,
  visibleBounds,
  zoomAt,
} from '../lib/view-transform';
import type { ScreenPoint, Size, View } from '../lib/view-transform';
import { PlusIcon } from '../../../components/page-icons';
import { MinusIcon } from './icons';
import classes from './seat-map.module.css';

function FitIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const TAKEN = '#ced4da';
const TAKEN_EDGE = '#adb5bd';
const SELECTED_RING = '#212529';
/** A move shorter than this (pixels) is a tap, not a drag. */
const TAP_SLOP = 6;
/** Pixels a finger may miss a small seat by. */
const FINGER_PIXELS = 8;
/**
 * The canvas reaches this share of the box's size past each edge: a drag within it scrolls the
 * drawn bitmap (no redraw); past it, or when it ends, the map is drawn anew.
 */
const OVERSCAN = 0.5;

export interface SeatCanvasHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
}

export interface SeatCanvasProps {
  chart: SeatChart;
  index: SeatIndex;
  statuses: SeatStatuses;
  selected: readonly string[];
  /** `language` picks the section and stage names drawn (`ar` → `label_ar`). */
  language: string;
  /** A seat tapped (its index in `index.seats`). */
  onTapSeat: (seat: number) => void;
  ref?: Ref<SeatCanvasHandle>;
}

type Context2D = CanvasRenderingContext2D;
const rawContext = (context: Konva.Context) => context._context as Context2D;

/** Text drawn in its own direction: Arabic labels read right to left whatever the page's. */
function drawLabel(
  ctx: Context2D,
  text: string,
  x: number,
  y: number,
  size: number,
  color: string,
  halo?: string,
) {
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.direction = /[\u0590-\u08ff]/.test(text) ? 'rtl' : 'ltr';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (halo) {
    // A ring of the background around the letters keeps them readable over what is beneath.
    ctx.lineJoin = 'round';
    ctx.lineWidth = size / 3;
    ctx.strokeStyle = halo;
    ctx.strokeText(text, x, y);
  }
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

/** How far the canvas reaches past each edge of a box of this size. */
function marginOf(size: Size) {
  return { x: Math.round(size.width * OVERSCAN), y: Math.round(size.height * OVERSCAN) };
}

/**
 * Pixels the zoom buttons take at the canvas's top edge (`.zoomBar`: a 34 px button and its
 * offset, with a little air): a fitted view starts below them, so they never cover the stage.
 */
const TOOLBAR_CLEARANCE = 52;

function fitUnderToolbar(bounds: Bounds, size: Size, padding = 16): View {
  return fitView(bounds, size, padding, Math.max(padding, TOOLBAR_CLEARANCE));
}

function chartBounds(chart: SeatChart): Bounds {
  return { minX: 0, minY: 0, maxX: chart.venue.width, maxY: chart.venue.height };
}

/**
 * The seat map's canvas (decision 0023): one Konva shape per section draws all its seats as
 * batched canvas paths (no node per seat), only when the section is on screen, as a block while
 * zoomed out; a tap is found with the flatbush index, never a hit graph. Pan with a finger or
 * the mouse, pinch or wheel to zoom, or use the buttons.
 */
export function SeatCanvas({
  chart,
  index,
  statuses,
  selected,
  language,
  onTapSeat,
  ref,
}: SeatCanvasProps) {
  const { t } = useTranslation('seats');
  const containerRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  /** Where konva puts its canvas (inside the scroller's surface). */
  const stageHostRef = useRef<HTMLDivElement>(null);
  /** The scroller that holds the overscanned bitmap; a drag moves it by its scroll offset. */
  const viewportRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const viewRef = useRef<View>({ scale: 1, offsetX: 0, offsetY: 0 });
  const sizeRef = useRef<Size>({ width: 1, height: 1 });
  /** The view the bitmap was last drawn with, and the chart area it covers (the overscan's). */
  const drawnRef = useRef<{ view: View; visible: Bounds } | null>(null);
  const frameRef = useRef(0);
  const statusesRef = useRef(statuses);
  const selectedRef = useRef(new Set(selected));
  const paintedRef = useRef(false);
  const [, setScaleTick] = useState(0);

  const colors = useMemo(
    () => new Map(chart.categories.map((category) => [category.key, category.color])),
    [chart],
  );
  // Each section's seats grouped by category once, so a draw fills one path per colour.
  const byCategory = useMemo(
    () =>
      index.sections.map((section) => {
        const groups = new Map<string, number[]>();
        for (const seat of section.seats) {
          const key = index.seats[seat]!.category ?? '';
          let list = groups.get(key);
          if (!list) groups.set(key, (list = []));
          list.push(seat);
        }
        return [...groups];
      }),
    [index],
  );

  const limits = useMemo(() => {
    const fitted = fitUnderToolbar(chartBounds(chart), size ?? { width: 1, height: 1 }).scale;
    return { min: fitted * 0.5, max: Math.max(fitted * 4, 64 / chart.venue.seat_size) };
  }, [chart, size]);

  /** Draws the whole map now at the current view, over the box and its overscan. */
  const drawNow = useCallback(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const view = viewRef.current;
    const { x: marginX, y: marginY } = marginOf(sizeRef.current);
    const canvasView = {
      ...view,
      offsetX: view.offsetX + marginX,
      offsetY: view.offsetY + marginY,
    };
    drawnRef.current = {
      view,
      visible: visibleBounds(canvasView, {
        width: sizeRef.current.width + 2 * marginX,
        height: sizeRef.current.height + 2 * marginY,
      }),
    };
    layer.setAttrs({
      x: canvasView.offsetX,
      y: canvasView.offsetY,
      scaleX: view.scale,
      scaleY: view.scale,
    });
    layer.draw();
    viewportRef.current?.scrollTo(marginX, marginY);
    containerRef.current?.setAttribute('data-view', JSON.stringify(view));
  }, []);

  /** One full draw at the next animation frame, however many changes come before it. */
  const redraw = useCallback(() => {
    if (frameRef.current !== 0) return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      drawNow();
    });
  }, [drawNow]);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  const setView = useCallback(
    (next: View, { isPan = false } = {}) => {
      const before = detailAt(viewRef.current, chart.venue.seat_size);
      viewRef.current = next;
      const drawn = drawnRef.current;
      const margin = marginOf(sizeRef.current);
      const dx = next.offsetX - (drawn?.view.offsetX ?? 0);
      const dy = next.offsetY - (drawn?.view.offsetY ?? 0);
      if (
        isPan &&
        frameRef.current === 0 &&
        drawn?.view.scale === next.scale &&
        Math.abs(dx) <= margin.x &&
        Math.abs(dy) <= margin.y
      ) {
        // A drag scrolls the bitmap drawn with its overscan. A scroll offset reaches the
        // compositor directly; a changed transform would have the page's layers rebuilt
        // (Layerize) every frame (decision 0023).
        viewportRef.current?.scrollTo(margin.x - dx, margin.y - dy);
      } else {
        // Where the venue sits on screen, for journeys that tap a seat by its chart position.
        containerRef.current?.setAttribute('data-view', JSON.stringify(next));
        redraw();
      }
      // The zoom buttons' states follow the scale; re-render only when the detail changes.
      if (detailAt(next, chart.venue.seat_size) !== before) setScaleTick((tick) => tick + 1);
    },
    [chart.venue.seat_size, redraw],
  );

  const fit = useCallback(
    () => setView(fitUnderToolbar(chartBounds(chart), sizeRef.current)),
    [chart, setView],
  );

  const zoomBy = useCallback(
    (factor: number, anchor?: ScreenPoint) => {
      const middle = { x: sizeRef.current.width / 2, y: sizeRef.current.height / 2 };
      setView(zoomAt(viewRef.current, factor, anchor ?? middle, limits));
    },
    [limits, setView],
  );

  useImperativeHandle(
    ref,
    () => ({ zoomIn: () => zoomBy(1.5), zoomOut: () => zoomBy(1 / 1.5), fit }),
    [fit, zoomBy],
  );

  // The canvas takes its box's size; the first size fits the venue.
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      if (next.width === 0 || next.height === 0) return;
      const isFirst = sizeRef.current.width === 1;
      sizeRef.current = next;
      setSize(next);
      if (isFirst) viewRef.current = fitUnderToolbar(chartBounds(chart), next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [chart]);

  // New statuses or a new choice are drawn at the next frame; the stage's own first draw (below)
  // already shows the ones it was built with, so mounting draws once.
  const appliedRef = useRef({ statuses, selected });
  useEffect(() => {
    const applied = appliedRef.current;
    if (applied.statuses === statuses && applied.selected === selected) return;
    appliedRef.current = { statuses, selected };
    statusesRef.current = statuses;
    selectedRef.current = new Set(selected);
    redraw();
  }, [statuses, selected, redraw]);

  // Pointers: one drags, two pinch, a short press is a tap.
  const pointers = useRef(new Map<number, ScreenPoint>());
  const gesture = useRef<{ start: ScreenPoint; moved: boolean } | null>(null);
  /** The box's place on the page, read once per gesture (a read per move would force a layout). */
  const boxRef = useRef<DOMRect | null>(null);
  const localPoint = (event: { clientX: number; clientY: number }): ScreenPoint => {
    const box = boxRef.current ?? containerRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    // No compatibility mouse events for this pointer: each move of a mouse drag is dispatched
    // once (pointermove), not twice (and mousemove).
    event.preventDefault();
    // That also keeps focus where it was; a press on the map takes it away, as on any page area.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    event.currentTarget.setPointerCapture(event.pointerId);
    if (pointers.current.size === 0) boxRef.current = event.currentTarget.getBoundingClientRect();
    const point = localPoint(event);
    pointers.current.set(event.pointerId, point);
    gesture.current =
      pointers.current.size === 1 ? { start: point, moved: false } : { start: point, moved: true };
  }

  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const point = localPoint(event);
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (!current) return;
    if (others.length === 1) {
      const other = others[0]![1];
      setView(pinch(viewRef.current, [previous, other], [point, other], limits));
      current.moved = true;
      return;
    }
    if (
      !current.moved &&
      Math.hypot(point.x - current.start.x, point.y - current.start.y) < TAP_SLOP
    ) {
      return;
    }
    current.moved = true;
    setView(panBy(viewRef.current, point.x - previous.x, point.y - previous.y), { isPan: true });
  }

  function onPointerUp(event: React.PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    const point = toChart(viewRef.current, localPoint(event));
    const tapped = localPoint(event);
    boxRef.current = null;
    // A drag ends: draw anew where it stopped, so the next one has its overscan again.
    if (current?.moved) setView(viewRef.current);
    if (!current || current.moved) return;
    const view = viewRef.current;
    if (detailAt(view, chart.venue.seat_size) === 'blocks') {
      const section = sectionAt(index, point.x, point.y);
      const bounds = section === null ? null : index.sections[section]!.bounds;
      if (bounds) setView(fitUnderToolbar(bounds, sizeRef.current, 24));
      else zoomBy(2, tapped);
      return;
    }
    const seat = seatAt(index, point.x, point.y, FINGER_PIXELS / view.scale);
    if (seat !== null) onTapSeat(seat);
  }

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomBy(Math.exp(-event.deltaY * 0.002), {
        x: event.clientX - box.left,
        y: event.clientY - box.top,
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  const drawVenue = (context: Konva.Context) => {
    const ctx = rawContext(context);
    const scale = viewRef.current.scale;
    const stage = chart.stage;
    if (stage) {
      ctx.save();
      ctx.translate(stage.x + stage.width / 2, stage.y + stage.height / 2);
      ctx.rotate((stage.rotation * Math.PI) / 180);
      ctx.fillStyle = '#495057';
      ctx.fillRect(-stage.width / 2, -stage.height / 2, stage.width, stage.height);
      drawLabel(
        ctx,
        language === 'ar' ? stage.label_ar : stage.label_en,
        0,
        0,
        Math.min(stage.height * 0.4, 16 / scale),
        '#ffffff',
      );
      ctx.restore();
    }
    for (const area of chart.areas) {
      ctx.save();
      ctx.translate(area.x + area.width / 2, area.y + area.height / 2);
      ctx.rotate((area.rotation * Math.PI) / 180);
      ctx.fillStyle = `${colors.get(area.category ?? '') ?? '#868e96'}33`;
      ctx.strokeStyle = colors.get(area.category ?? '') ?? '#868e96';
      ctx.lineWidth = 2 / scale;
      ctx.fillRect(-area.width / 2, -area.height / 2, area.width, area.height);
      ctx.strokeRect(-area.width / 2, -area.height / 2, area.width, area.height);
      drawLabel(
        ctx,
        language === 'ar' ? area.label_ar : area.label_en,
        0,
        0,
        13 / scale,
        '#212529',
      );
      ctx.restore();
    }
    // Tables under their seats: a round or rectangular top with its label.
    for (const section of chart.sections) {
      for (const table of section.tables) {
        ctx.save();
        ctx.translate(table.x, table.y);
        ctx.rotate((table.rotation * Math.PI) / 180);
        ctx.fillStyle = '#f1f3f5';
        ctx.strokeStyle = '#868e96';
        ctx.lineWidth = 1.5 / scale;
        ctx.beginPath();
        if (table.shape === 'round') ctx.arc(0, 0, table.width / 2, 0, Math.PI * 2);
        else ctx.rect(-table.width / 2, -table.height / 2, table.width, table.height);
        ctx.fill();
        ctx.stroke();
        drawLabel(ctx, table.label, 0, 0, Math.min(table.height / 2.5, 13 / scale), '#343a40');
        ctx.restore();
      }
    }
  };

  /** A block's name, drawn at its middle (zoomed out, where a section is one block). */
  const drawBlockLabel = (ctx: Context2D, sectionIndex: number, halo?: string) => {
    const section = index.sections[sectionIndex]!;
    const bounds = section.bounds;
    if (!bounds) return;
    drawLabel(
      ctx,
      language === 'ar' ? section.label_ar : section.label_en,
      (bounds.minX + bounds.maxX) / 2,
      (bounds.minY + bounds.maxY) / 2,
      13 / viewRef.current.scale,
      '#212529',
      halo,
    );
  };

  const drawSection = (sectionIndex: number) => (context: Konva.Context) => {
    const section = index.sections[sectionIndex]!;
    const bounds = section.bounds;
    if (!bounds) return;
    const view = viewRef.current;
    const drawn = drawnRef.current;
    if (drawn && !intersects(bounds, drawn.visible)) return;
    const ctx = rawContext(context);
    const detail = detailAt(view, chart.venue.seat_size);
    const current = statusesRef.current;
    const isFree = (id: string) => (current.get(id) ?? 'available') === 'available';
    if (detail === 'blocks') {
      const free = freePerSection(index, current)[sectionIndex]!;
      ctx.fillStyle = free > 0 ? '#e7f5ff' : '#f1f3f5';
      ctx.strokeStyle = free > 0 ? '#1c7ed6' : TAKEN_EDGE;
      ctx.lineWidth = 2 / view.scale;
      const width = bounds.maxX - bounds.minX;
      const height = bounds.maxY - bounds.minY;
      ctx.beginPath();
      ctx.roundRect(bounds.minX, bounds.minY, width, height, 8 / view.scale);
      ctx.fill();
      ctx.stroke();
      drawBlockLabel(ctx, sectionIndex);
    } else {
      const radius = index.radius * 0.85;
      const taken: number[] = [];
      for (const [category, seats] of byCategory[sectionIndex]!) {
        ctx.beginPath();
        for (const at of seats) {
          const seat = index.seats[at]!;
          if (!isFree(seat.id)) {
            taken.push(at);
            continue;
          }
          ctx.moveTo(seat.x + radius, seat.y);
          ctx.arc(seat.x, seat.y, radius, 0, Math.PI * 2);
        }
        ctx.fillStyle = colors.get(category) ?? '#868e96';
        ctx.fill();
      }
      ctx.beginPath();
      for (const at of taken) {
        const seat = index.seats[at]!;
        ctx.moveTo(seat.x + radius, seat.y);
        ctx.arc(seat.x, seat.y, radius, 0, Math.PI * 2);
      }
      ctx.fillStyle = TAKEN;
      ctx.fill();
      // Accessible seats wear a white ring (the legend and the list say so in words).
      ctx.beginPath();
      for (const at of section.seats) {
        const seat = index.seats[at]!;
        if (!seat.accessible) continue;
        ctx.moveTo(seat.x + radius * 0.78, seat.y);
        ctx.arc(seat.x, seat.y, radius * 0.78, 0, Math.PI * 2);
      }
      ctx.lineWidth = radius * 0.16;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      if (detail === 'labels') {
        for (const at of section.seats) {
          const seat = index.seats[at]!;
          const free = isFree(seat.id);
          drawLabel(ctx, seat.label, seat.x, seat.y, radius * 0.8, free ? '#ffffff' : '#495057');
        }
      }
    }
    if (!paintedRef.current) {
      paintedRef.current = true;
      performance.mark('seat-map:painted');
      containerRef.current?.setAttribute('data-painted', 'true');
    }
  };

  const drawSelected = (context: Konva.Context) => {
    const ctx = rawContext(context);
    const view = viewRef.current;
    const radius = Math.max(index.radius, 5 / view.scale);
    ctx.lineWidth = Math.max(index.radius * 0.3, 2.5 / view.scale);
    ctx.strokeStyle = SELECTED_RING;
    for (const id of selectedRef.current) {
      const at = index.byId.get(id);
      if (at === undefined) continue;
      const seat = index.seats[at]!;
      ctx.beginPath();
      ctx.arc(seat.x, seat.y, radius, 0, Math.PI * 2);
      ctx.fillStyle = colors.get(seat.category ?? '') ?? '#868e96';
      ctx.fill();
      ctx.stroke();
      // A tick in the middle: chosen seats differ by shape, not by colour alone.
      ctx.beginPath();
      ctx.moveTo(seat.x - radius * 0.45, seat.y);
      ctx.lineTo(seat.x - radius * 0.1, seat.y + radius * 0.35);
      ctx.lineTo(seat.x + radius * 0.5, seat.y - radius * 0.35);
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      ctx.strokeStyle = SELECTED_RING;
    }
    // Zoomed out, the chosen seats are drawn over their block: its name goes over them again.
    if (detailAt(view, chart.venue.seat_size) !== 'blocks') return;
    const underChoice = new Set<number>();
    for (const id of selectedRef.current) {
      const at = index.byId.get(id);
      if (at !== undefined) underChoice.add(index.seats[at]!.section);
    }
    for (const sectionIndex of underChoice) drawBlockLabel(ctx, sectionIndex, '#e7f5ff');
  };

  // The shapes call the latest painters: they close over this render's chart and language.
  const painters = useRef({ drawVenue, drawSection, drawSelected });
  useLayoutEffect(() => {
    painters.current = { drawVenue, drawSection, drawSelected };
  });

  // One stage and layer for the box's size; one shape for the venue, one per section and one for
  // the choice. Its position and scale are the view's, set by drawNow() (never by a render).
  const stageWidth = size ? size.width + 2 * marginOf(size).x : 0;
  const stageHeight = size ? size.height + 2 * marginOf(size).y : 0;
  useLayoutEffect(() => {
    const container = stageHostRef.current;
    if (!container || stageWidth === 0) return;
    const stage = new Konva.Stage({
      container,
      width: stageWidth,
      height: stageHeight,
      listening: false,
    });
    const layer = new Konva.Layer({ listening: false });
    const shape = (paint: (context: Konva.Context) => void) =>
      new Konva.Shape({ sceneFunc: paint, listening: false, perfectDrawEnabled: false });
    layer.add(shape((context) => painters.current.drawVenue(context)));
    index.sections.forEach((_, sectionIndex) =>
      layer.add(shape((context) => painters.current.drawSection(sectionIndex)(context))),
    );
    layer.add(shape((context) => painters.current.drawSelected(context)));
    stage.add(layer);
    layerRef.current = layer;
    drawNow();
    return () => {
      layerRef.current = null;
      stage.destroy();
    };
  }, [index, stageWidth, stageHeight, drawNow]);

  return (
    <div className={classes.mapFrame}>
      <div
        ref={containerRef}
        className={classes.canvas}
        data-testid="seat-canvas"
        style={{ '--venue-ratio': `${chart.venue.width} / ${chart.venue.height}` } as CSSProperties}
        role="img"
        aria-label={t('map.label')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {size && (
          // Scrolled only by the map itself: never focused, hit or read (the box is the image).
          <div ref={viewportRef} className={classes.viewport} tabIndex={-1} aria-hidden="true">
            <div
              className={classes.surface}
              style={{ inlineSize: stageWidth, blockSize: stageHeight }}
            >
              <div ref={stageHostRef} />
            </div>
          </div>
        )}
      </div>
      <Group gap={6} className={classes.zoomBar}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => zoomBy(1.5)}
          aria-label={t('map.zoomIn')}
        >
          <PlusIcon />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => zoomBy(1 / 1.5)}
          aria-label={t('map.zoomOut')}
        >
          <MinusIcon />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" onClick={fit} aria-label={t('map.fit')}>
          <FitIcon />
        </ActionIcon>
      </Group>
    </div>
  );
}

export default SeatCanvas;
