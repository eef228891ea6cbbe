import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeatChart, Stage } from '@hafla/shared/charts/chart-format';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import { setFocalPoint, setStage, setVenue } from '../lib/chart-edit';
import type { ChartEditor } from '../lib/use-chart-editor';
import { NumberField } from './number-field';
import classes from './designer.module.css';

const MAX = CHART_LIMITS.maxCoordinate;

/** Step 1: the venue's size, the stage and the focal point. */
export function VenuePanel({ editor }: { editor: ChartEditor }) {
  const { t } = useTranslation('charts');
  const { chart, apply } = editor;
  const stage = chart.stage;
  const changeStage = (change: Partial<Stage>, key: string) =>
    apply(
      (current: SeatChart) =>
        current.stage ? setStage(current, { ...current.stage, ...change }) : current,
      key,
    );

  function toggleStage(isOn: boolean) {
    apply((current) =>
      setStage(
        current,
        isOn
          ? {
              label_en: t('designer.venue.defaultStageEn'),
              label_ar: t('designer.venue.defaultStageAr'),
              x: Math.round(current.venue.width * 0.3),
              y: Math.round(current.venue.height * 0.03),
              width: Math.round(current.venue.width * 0.4),
              height: Math.round(current.venue.height * 0.1),
              rotation: 0,
            }
          : null,
      ),
    );
  }

  return (
    <Stack gap="md">
      <section className={classes.panel} aria-labelledby="venue-title">
        <Title order={3} id="venue-title">
          {t('designer.venue.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('designer.venue.units', { size: chart.venue.seat_size })}
        </Text>
        <div className={classes.fields}>
          <NumberField
            label={t('designer.venue.width')}
            value={chart.venue.width}
            min={100}
            max={MAX}
            onValue={(width) => apply((current) => setVenue(current, { width }), 'venue.width')}
          />
          <NumberField
            label={t('designer.venue.height')}
            value={chart.venue.height}
            min={100}
            max={MAX}
            onValue={(height) => apply((current) => setVenue(current, { height }), 'venue.height')}
          />
          <NumberField
            label={t('designer.venue.seatSize')}
            value={chart.venue.seat_size}
            min={4}
            max={200}
            onValue={(seat_size) =>
              apply((current) => setVenue(current, { seat_size }), 'venue.seat_size')
            }
          />
        </div>
      </section>

      <section className={classes.panel} aria-labelledby="stage-title">
        <Switch
          id="stage-title"
          size="md"
          checked={stage !== null}
          onChange={(event) => toggleStage(event.currentTarget.checked)}
          label={t('designer.venue.stage')}
          description={t('designer.venue.stageHelp')}
        />
        {stage && (
          <>
            <TextInput
              label={t('designer.venue.stageLabelEn')}
              value={stage.label_en}
              dir="auto"
              maxLength={CHART_LIMITS.maxNameLength}
              onChange={(event) => {
                const label_en = event.currentTarget.value;
                if (label_en.trim()) changeStage({ label_en }, 'stage.label_en');
              }}
            />
            <TextInput
              label={t('designer.venue.stageLabelAr')}
              value={stage.label_ar}
              dir="auto"
              maxLength={CHART_LIMITS.maxNameLength}
              onChange={(event) => {
                const label_ar = event.currentTarget.value;
                if (label_ar.trim()) changeStage({ label_ar }, 'stage.label_ar');
              }}
            />
            <div className={classes.fields}>
              <NumberField
                label={t('designer.venue.stageX')}
                value={stage.x}
                min={0}
                max={MAX}
                onValue={(x) => changeStage({ x }, 'stage.x')}
              />
              <NumberField
                label={t('designer.venue.stageY')}
                value={stage.y}
                min={0}
                max={MAX}
                onValue={(y) => changeStage({ y }, 'stage.y')}
              />
              <NumberField
                label={t('designer.venue.stageWidth')}
                value={stage.width}
                min={1}
                max={MAX}
                onValue={(width) => changeStage({ width }, 'stage.width')}
              />
              <NumberField
                label={t('designer.venue.stageHeight')}
                value={stage.height}
                min={1}
                max={MAX}
                onValue={(height) => changeStage({ height }, 'stage.height')}
              />
            </div>
          </>
        )}
      </section>

      <section className={classes.panel} aria-labelledby="focal-title">
        <Title order={3} id="focal-title">
          {t('designer.venue.focal')}
        </Title>
        <Text size="sm">{t('designer.venue.focalHelp')}</Text>
        <div className={classes.fields}>
          <NumberField
            label={t('designer.venue.focalX')}
            value={chart.focal_point.x}
            min={0}
            max={MAX}
            onValue={(x) =>
              apply((current) => setFocalPoint(current, { ...current.focal_point, x }), 'focal.x')
            }
          />
          <NumberField
            label={t('designer.venue.focalY')}
            value={chart.focal_point.y}
            min={0}
            max={MAX}
            onValue={(y) =>
              apply((current) => setFocalPoint(current, { ...current.focal_point, y }), 'focal.y')
            }
          />
        </div>
        {stage && (
          <Button
            variant="default"
            onClick={() =>
              apply((current) =>
                current.stage
                  ? setFocalPoint(current, {
                      x: current.stage.x + current.stage.width / 2,
                      y: current.stage.y + current.stage.height / 2,
                    })
                  : current,
              )
            }
          >
            {t('designer.venue.focalOnStage')}
          </Button>
        )}
      </section>
    </Stack>
  );
}
