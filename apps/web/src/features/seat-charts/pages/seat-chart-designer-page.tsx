import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import type { Chart } from '@hafla/shared/charts/charts';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { StepHeading, StepsNav } from '../../../components/steps';
import { isNotFoundError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { updateChart, useChart } from '../api/charts';
import { CategoriesPanel } from '../components/categories-panel';
import { ChartCanvas } from '../components/chart-canvas';
import { ChartStatusBadge } from '../components/chart-status-badge';
import { DesignerToolbar } from '../components/designer-toolbar';
import { FieldValidity, focusFirstInvalid, useInvalidFields } from '../components/field-validity';
import { LabelsPanel } from '../components/labels-panel';
import { ReviewPanel } from '../components/review-panel';
import { SaveStatusIndicator } from '../components/save-status';
import { SectionsPanel } from '../components/sections-panel';
import { VenuePanel } from '../components/venue-panel';
import classes from '../components/designer.module.css';
import { countByCategory, listSeats, moveSeats } from '../lib/chart-edit';
import {
  DESIGNER_STEPS,
  designerPath,
  designerStepNumber,
  isDesignerStep,
  nextDesignerStep,
  previousDesignerStep,
} from '../lib/designer-steps';
import type { DesignerStep } from '../lib/designer-steps';
import { useChartEditor } from '../lib/use-chart-editor';

/** A grid cell, in chart units, when snapping is on. */
const GRID = 10;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function completedSteps(chart: SeatChart, publishedVersion: number | null): Set<DesignerStep> {
  const done = new Set<DesignerStep>(['venue']);
  if (chart.sections.length > 0) {
    done.add('sections');
    done.add('labels');
  }
  if (chart.categories.length > 0 && !countByCategory(chart).has(null)) done.add('categories');
  if (publishedVersion !== null) done.add('review');
  return done;
}

function Designer({
  chart: loaded,
  publishedVersion,
}: {
  chart: Chart;
  publishedVersion: number | null;
}) {
  const { t, i18n } = useTranslation(['charts', 'common']);
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('step');
  const step: DesignerStep = isDesignerStep(requested) ? requested : 'venue';
  const save = useCallback(
    async (draft: SeatChart) => {
      await updateChart(loaded.id, { draft });
    },
    [loaded.id],
  );
  const editor = useChartEditor(loaded.draft, save);
  const { chart } = editor;
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const [isSnapping, setIsSnapping] = useState(true);
  const [zoom, setZoom] = useState(1);
  const isEditable = step !== 'venue';
  // Fields of the step that hold what the chart cannot take (a form's own fields are its own).
  const { invalid, report } = useInvalidFields();
  const hasInvalidFields = invalid.size > 0;
  const panelRef = useRef<HTMLDivElement>(null);
  usePageMeta({
    title: t('designer.meta.title', { name: loaded.name }),
    description: t('designer.meta.description'),
    keywords: t('list.meta.keywords'),
    siteName: t('common:app.name'),
  });

  // Undo and redo from anywhere on the page, except inside a text field (which has its own).
  const { undo, redo } = editor;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);

  // What the fields show is not saved: leaving the page loses it, as with an unsaved draft.
  useEffect(() => {
    if (!hasInvalidFields) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasInvalidFields]);

  // Seats that are gone (undone, removed) leave the selection.
  const existing = listSeats(chart);
  const present = selection.size === 0 ? selection : new Set(existing.map((ref) => ref.seat.id));
  const liveSelection =
    selection.size === 0 || [...selection].every((id) => present.has(id))
      ? selection
      : new Set([...selection].filter((id) => present.has(id)));

  const completed = completedSteps(chart, publishedVersion);
  const back = previousDesignerStep(step);
  const next = nextDesignerStep(step);

  let panel;
  switch (step) {
    case 'venue':
      panel = <VenuePanel editor={editor} />;
      break;
    case 'sections':
      panel = (
        <SectionsPanel editor={editor} selection={liveSelection} onSelectionChange={setSelection} />
      );
      break;
    case 'labels':
      panel = <LabelsPanel editor={editor} selection={liveSelection} />;
      break;
    case 'categories':
      panel = (
        <CategoriesPanel
          editor={editor}
          selection={liveSelection}
          onSelectionChange={setSelection}
        />
      );
      break;
    case 'review':
      panel = (
        <ReviewPanel
          chartId={loaded.id}
          publishedVersion={publishedVersion}
          editor={editor}
          onShowSeat={(seatId) => setSelection(new Set([seatId]))}
        />
      );
      break;
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to="/organizer/seat-charts" fw={600}>
        {t('designer.backToList')}
      </Anchor>
      <div className={classes.header}>
        <Group gap="sm">
          <Title order={1}>
            <bdi>{loaded.name}</bdi>
          </Title>
          <ChartStatusBadge publishedVersion={publishedVersion} />
        </Group>
        <SaveStatusIndicator
          status={editor.status}
          error={editor.saveError}
          hasInvalidFields={hasInvalidFields}
          onRetry={editor.retry}
        />
      </div>
      <div className={classes.layout}>
        <div className={classes.aside}>
          <StepsNav
            label={t('designer.steps.nav')}
            doneLabel={t('designer.steps.done')}
            isSidebarOnWideScreens
            steps={DESIGNER_STEPS.map((key) => ({
              key,
              label: t(`designer.steps.${key}`),
              href: designerPath(loaded.id, key),
              isCurrent: key === step,
              isDone: completed.has(key) && key !== step,
            }))}
          />
        </div>
        <Stack gap="md" miw={0}>
          <StepHeading
            step={step}
            counter={t('designer.steps.counter', {
              number: designerStepNumber(step),
              total: DESIGNER_STEPS.length,
            })}
            title={t(`designer.steps.${step}`)}
          />
          <div className={classes.workspace}>
            <div className={classes.canvasColumn}>
              <DesignerToolbar
                editor={editor}
                isSnapping={isSnapping}
                onSnapChange={setIsSnapping}
                zoom={zoom}
                onZoom={setZoom}
                selectedCount={liveSelection.size}
                onClearSelection={() => setSelection(new Set())}
                onSelectAll={() => setSelection(new Set(existing.map((ref) => ref.seat.id)))}
                isEditable={isEditable}
              />
              <ChartCanvas
                chart={chart}
                selection={liveSelection}
                onSelectionChange={setSelection}
                onMove={(dx, dy, key) =>
                  editor.apply((current) => moveSeats(current, liveSelection, dx, dy), key)
                }
                grid={isSnapping ? GRID : null}
                zoom={zoom}
                language={i18n.language}
                label={t('designer.canvas.label')}
                help={t('designer.canvas.help')}
                isEditable={isEditable}
                showSeatLabels={step !== 'venue'}
              />
            </div>
            <div ref={panelRef}>
              <FieldValidity report={report}>{panel}</FieldValidity>
            </div>
          </div>
          <div className={classes.actions}>
            {back ? (
              <Button component={Link} to={designerPath(loaded.id, back)} variant="default">
                {t('designer.back')}
              </Button>
            ) : (
              <span />
            )}
            {next && (
              <Button
                component={Link}
                to={designerPath(loaded.id, next)}
                onClick={(event: React.MouseEvent) => {
                  // The step's own fields are wrong: stay and show the first one to correct.
                  if (!hasInvalidFields) return;
                  event.preventDefault();
                  focusFirstInvalid(panelRef.current);
                }}
              >
                {t('designer.continue')}
              </Button>
            )}
          </div>
        </Stack>
      </div>
    </Stack>
  );
}

/** `/organizer/seat-charts/:id`: the stepwise designer of one chart (`seatsChartCurrentStep`). */
export function SeatChartDesignerPage() {
  const { t } = useTranslation('charts');
  const { id = '' } = useParams();
  const chartId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const chart = useChart(chartId);
  // The designer reads the draft once; later saves are its own, and refetching would undo them.
  const [loaded, setLoaded] = useState<Chart | null>(null);
  if (chart.data && (!loaded || loaded.id !== chart.data.id)) setLoaded(chart.data);

  if (chartId <= 0) return <NotFound />;
  if (loaded) {
    return (
      <Designer
        key={loaded.id}
        chart={loaded}
        publishedVersion={chart.data?.published_version ?? loaded.published_version}
      />
    );
  }
  if (chart.isPending) return <PageLoader />;
  if (isNotFoundError(chart.error)) return <NotFound />;
  return (
    <Stack>
      <Title order={1}>{t('designer.loadFailed')}</Title>
      <QueryError error={chart.error} onRetry={() => void chart.refetch()} />
    </Stack>
  );
}
