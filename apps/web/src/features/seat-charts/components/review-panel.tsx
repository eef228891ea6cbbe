import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { validateChartForPublish } from '@hafla/shared/charts/validate-chart';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { splitApiErrors } from '../../../lib/use-form';
import { usePublishChart } from '../api/charts';
import { capacityByCategory, countByCategory, countSeats } from '../lib/chart-edit';
import { locateIssue } from '../lib/issue-location';
import type { ChartEditor } from '../lib/use-chart-editor';
import { categoryName, sectionName } from '../lib/names';
import classes from './designer.module.css';

interface Problem {
  key: string;
  text: string;
  where: string | null;
  seatId: string | null;
}

export interface ReviewPanelProps {
  chartId: number;
  publishedVersion: number | null;
  editor: ChartEditor;
  onShowSeat: (seatId: string) => void;
}

/** Step 5: counts, the publishing check as a list, and publishing with the API's own verdict. */
export function ReviewPanel({ chartId, publishedVersion, editor, onShowSeat }: ReviewPanelProps) {
  const { t, i18n } = useTranslation('charts');
  const language = i18n.language;
  const { chart } = editor;
  const publish = usePublishChart(chartId);
  const [apiProblems, setApiProblems] = useState<Problem[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const counts = countByCategory(chart);
  const places = capacityByCategory(chart);

  function whereOf(
    source: SeatChart,
    path: string,
  ): { where: string | null; seatId: string | null } {
    const location = locateIssue(source, path);
    if (!location.section) return { where: null, seatId: null };
    const section = sectionName(location.section, language);
    const where =
      location.seat !== null
        ? t('designer.review.where', { section, row: location.row, seat: location.seat })
        : location.row !== null
          ? t('designer.review.whereRow', { section, row: location.row })
          : t('designer.review.whereSection', { section });
    return { where, seatId: location.seatId };
  }

  const issues: Problem[] = validateChartForPublish(chart).map((issue, index) => ({
    key: `${index}-${issue.path}`,
    text: t(`designer.review.codes.${issue.code}`, issue.params ?? {}),
    ...whereOf(chart, issue.path),
  }));

  async function publishNow() {
    setApiProblems(null);
    setMessage(null);
    setPublished(null);
    try {
      await editor.flush();
      const answer = await publish.mutateAsync();
      setPublished(answer.published_version);
    } catch (error) {
      if (isApiError(error) && error.errors.some((item) => item.attr?.startsWith('draft.'))) {
        setApiProblems(
          error.errors.map((item, index) => ({
            key: `${index}-${item.attr ?? ''}`,
            text: item.detail,
            ...whereOf(chart, item.attr ?? ''),
          })),
        );
      } else {
        setMessage(splitApiErrors(error, []).message ?? t('designer.status.failed'));
      }
    }
  }

  const renderProblems = (problems: Problem[]) => (
    <ul className={classes.plainList}>
      {problems.map((problem) => (
        <li key={problem.key} className={classes.listRow}>
          <Text size="sm" dir="auto">
            {problem.where && <bdi>{`${problem.where}: `}</bdi>}
            {problem.text}
          </Text>
          {problem.seatId && (
            <Button
              size="compact-md"
              variant="subtle"
              aria-label={t('designer.review.showLabel', { where: problem.where ?? '' })}
              onClick={() => onShowSeat(problem.seatId!)}
            >
              {t('designer.review.show')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <Stack gap="md">
      <section className={classes.panel} aria-labelledby="review-summary">
        <Title order={3} id="review-summary">
          {t('designer.review.summary')}
        </Title>
        <Text>
          {t('designer.review.sections', { count: chart.sections.length })}
          {' · '}
          {t('designer.review.seats', { count: countSeats(chart) })}
        </Text>
        <Title order={4}>{t('designer.review.perCategory')}</Title>
        <ul className={classes.plainList} aria-label={t('designer.review.perCategory')}>
          {chart.categories.map((category) => (
            <li key={category.key}>
              <Text>
                <span
                  className={classes.swatch}
                  style={{ background: category.color }}
                  aria-hidden="true"
                />
                <bdi>{categoryName(category, language)}</bdi>
                {': '}
                {t('designer.review.seats', { count: counts.get(category.key) ?? 0 })}
                {places.has(category.key) &&
                  ` · ${t('designer.review.standing', { count: places.get(category.key) ?? 0 })}`}
              </Text>
            </li>
          ))}
          {(counts.get(null) ?? 0) > 0 && (
            <li>
              <Text>
                {t('designer.review.noCategory')}
                {': '}
                {t('designer.review.seats', { count: counts.get(null) ?? 0 })}
              </Text>
            </li>
          )}
        </ul>
      </section>

      <section className={classes.panel} aria-labelledby="review-issues">
        <Title order={3} id="review-issues">
          {t('designer.review.issues')}
        </Title>
        {issues.length === 0 ? (
          <Text>{t('designer.review.ready')}</Text>
        ) : (
          <>
            <Text>{t('designer.review.issueCount', { count: issues.length })}</Text>
            {renderProblems(issues)}
          </>
        )}
        {apiProblems && (
          <FormAlert message={t('designer.review.publishFailed')}>
            {renderProblems(apiProblems)}
          </FormAlert>
        )}
        <FormAlert message={message} />
        {published !== null && (
          <FormAlert
            tone="success"
            message={t('designer.review.published', { version: published })}
          />
        )}
        {publishedVersion !== null && <Text size="sm">{t('designer.review.versionNote')}</Text>}
        <Button onClick={() => void publishNow()} loading={publish.isPending}>
          {publishedVersion === null
            ? t('designer.review.publish')
            : t('designer.review.publishAgain')}
        </Button>
      </section>
    </Stack>
  );
}
