import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { chartVersionQueryOptions, useCharts } from '../../seat-charts/api/charts';
import {
  useAttachChart,
  useDetachChart,
  useEventDateChart,
} from '../../seat-charts/api/event-date-chart';
import { useTicketCategories } from '../api/get-ticket-categories';

export interface DateChartDialogProps {
  eventId: number;
  eventDateId: number;
  /** The slot, as the list shows it ("Friday 5 June, 20:00"). */
  when: string;
  /** What the dates list says; a date without a chart is not asked for one (a 404 each). */
  hasSeatMap: boolean;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The chart a date sells from as far as this page knows: asked for only when the dates list
 * says it has one, while an attach or a detach made here (which set the query) also counts.
 */
function useKnownDateChart(eventDateId: number, hasSeatMap: boolean) {
  const current = useEventDateChart(eventDateId, hasSeatMap);
  return { ...current, isPending: hasSeatMap && current.isPending };
}

/** Field errors of PUT …/chart/ (`categories.<key>`, `chart`) beside their fields; others above. */
function splitAttachErrors(error: unknown): {
  fields: Record<string, string>;
  message: string | null;
} {
  if (!isApiError(error)) return { fields: {}, message: error ? String(error) : null };
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    if (item.attr) fields[item.attr] ??= item.detail;
    else if (!messages.includes(item.detail)) messages.push(item.detail);
  }
  return { fields, message: messages.length > 0 ? messages.join(' ') : null };
}

/**
 * A date's seat chart (issue 16): which published chart it sells seats from, each chart category
 * mapped to one of the event's ticket categories (its price), and taking the chart off again.
 */
export function DateChartDialog({
  eventId,
  eventDateId,
  when,
  hasSeatMap,
  readOnly,
  onClose,
}: DateChartDialogProps) {
  const { t, i18n } = useTranslation('charts');
  const language = i18n.language;
  const current = useKnownDateChart(eventDateId, hasSeatMap);
  const charts = useCharts();
  const ticketCategories = useTicketCategories(eventId);
  const attach = useAttachChart(eventDateId);
  const detach = useDetachChart(eventDateId);
  const [chartId, setChartId] = useState<number | null>(null);
  const [mapping, setMapping] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({
    fields: {},
    message: null,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const published = (charts.data?.results ?? []).filter(
    (chart) => chart.published_version !== null,
  );
  const chosenId = chartId ?? current.data?.chart ?? published[0]?.id ?? null;
  const chosen = published.find((chart) => chart.id === chosenId) ?? null;
  const version = useQuery({
    ...chartVersionQueryOptions(chosen?.id ?? 0, chosen?.published_version ?? 0),
    enabled: chosen !== null,
  });
  const categories = version.data?.chart.categories ?? [];
  const attachedName = charts.data?.results.find((chart) => chart.id === current.data?.chart)?.name;
  // The mapping starts from what the date has, for the chart it has.
  const mappedNow = (key: string): number | undefined =>
    mapping[key] ??
    (current.data && current.data.chart === chosenId
      ? current.data.categories.find((category) => category.key === key)?.ticket_category
      : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === null) return;
    setErrors({ fields: {}, message: null });
    setNotice(null);
    const body: Record<string, number> = {};
    for (const category of categories) {
      const id = mappedNow(category.key);
      if (id !== undefined) body[category.key] = id;
    }
    try {
      const answer = await attach.mutateAsync({ chart: chosen.id, categories: body });
      setNotice(t('attach.saved', { count: answer.seat_count }));
    } catch (error) {
      setErrors(splitAttachErrors(error));
    }
  }

  async function takeOff() {
    setErrors({ fields: {}, message: null });
    setNotice(null);
    try {
      await detach.mutateAsync();
      setNotice(t('attach.detached'));
    } catch (error) {
      setErrors(splitAttachErrors(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('attach.title', { when })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('attach.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {current.isPending || charts.isPending || ticketCategories.isPending ? (
        <PageLoader />
      ) : current.isError ? (
        <QueryError error={current.error} onRetry={() => void current.refetch()} />
      ) : charts.isError ? (
        <QueryError error={charts.error} onRetry={() => void charts.refetch()} />
      ) : (
        <Stack gap="md">
          <Text data-testid="date-chart-current">
            {current.data
              ? t('attach.current', {
                  name: `\u2068${attachedName ?? `#${current.data.chart}`}\u2069`,
                  version: current.data.version,
                  count: current.data.seat_count,
                })
              : t('attach.none')}
          </Text>
          <FormAlert tone="success" message={notice} />
          <FormAlert message={errors.message} />
          {current.data && !readOnly && (
            <Group>
              <Button
                variant="outline"
                color="red.9"
                loading={detach.isPending}
                onClick={() => void takeOff()}
              >
                {t('attach.detach')}
              </Button>
            </Group>
          )}
          {!readOnly &&
            (published.length === 0 ? (
              <Stack gap="xs" align="flex-start">
                <Text>{t('attach.noCharts')}</Text>
                <Anchor component={Link} to="/organizer/seat-charts" fw={600}>
                  {t('attach.designOne')}
                </Anchor>
              </Stack>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate>
                <Stack gap="sm">
                  <NativeSelect
                    label={t('attach.chart')}
                    value={chosenId === null ? '' : String(chosenId)}
                    data={published.map((chart) => ({
                      value: String(chart.id),
                      label: `${chart.name} · ${t('list.published', { version: chart.published_version })}`,
                    }))}
                    error={errors.fields.chart}
                    onChange={(event) => {
                      setChartId(Number(event.currentTarget.value));
                      setMapping({});
                    }}
                  />
                  <Title order={3} size="h4">
                    {t('attach.mapping')}
                  </Title>
                  <Text size="sm">{t('attach.mappingHelp')}</Text>
                  {(ticketCategories.data?.results.length ?? 0) === 0 ? (
                    <Text>{t('attach.noTicketCategories')}</Text>
                  ) : version.isPending ? (
                    <PageLoader />
                  ) : version.isError ? (
                    <QueryError error={version.error} onRetry={() => void version.refetch()} />
                  ) : (
                    categories.map((category) => {
                      const name = language === 'ar' ? category.label_ar : category.label_en;
                      const value = mappedNow(category.key);
                      return (
                        <NativeSelect
                          key={category.key}
                          label={t('attach.ticketCategoryFor', { name })}
                          value={value === undefined ? '' : String(value)}
                          data={[
                            { value: '', label: t('attach.pick') },
                            ...(ticketCategories.data?.results ?? []).map((ticket) => ({
                              value: String(ticket.id),
                              label: ticket.name,
                            })),
                          ]}
                          error={errors.fields[`categories.${category.key}`]}
                          onChange={(event) => {
                            const id = event.currentTarget.value;
                            setMapping((before) => {
                              const next = { ...before };
                              if (id) next[category.key] = Number(id);
                              else delete next[category.key];
                              return next;
                            });
                          }}
                        />
                      );
                    })
                  )}
                  <Group>
                    <Button
                      type="submit"
                      loading={attach.isPending}
                      disabled={categories.length === 0}
                    >
                      {current.data ? t('attach.replace') : t('attach.attach')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            ))}
        </Stack>
      )}
    </Modal>
  );
}

/** What a date's row says about its seats: the chart and version it sells from, if any. */
export function DateChartSummary({
  eventDateId,
  hasSeatMap,
}: {
  eventDateId: number;
  hasSeatMap: boolean;
}) {
  const { t } = useTranslation('charts');
  const current = useKnownDateChart(eventDateId, hasSeatMap);
  const charts = useCharts();
  if (!current.data) return null;
  const name = charts.data?.results.find((chart) => chart.id === current.data?.chart)?.name;
  return (
    <Text span size="sm" c="dimmed" display="block">
      {t('attach.attached', {
        name: `\u2068${name ?? `#${current.data.chart}`}\u2069`,
        version: current.data.version,
      })}
    </Text>
  );
}
