import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ChartSummary } from '@hafla/shared/charts/charts';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useCharts, useCreateChart, useDeleteChart, useRenameChart } from '../api/charts';
import { ChartStatusBadge } from '../components/chart-status-badge';
import classes from '../components/designer.module.css';
import { designerPath } from '../lib/designer-steps';

interface RenameDialogProps {
  chart: ChartSummary | null;
  onDone: (name: string) => void;
  onClose: () => void;
}

function RenameDialog({ chart, onDone, onClose }: RenameDialogProps) {
  const { t } = useTranslation('charts');
  const rename = useRenameChart();
  const [name, setName] = useState(chart?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chart) return;
    try {
      const renamed = await rename.mutateAsync({ chartId: chart.id, name: name.trim() });
      onDone(renamed.name);
    } catch (failure) {
      setError(splitApiErrors(failure, []).message);
    }
  }
  return (
    <Modal
      opened={chart !== null}
      onClose={onClose}
      title={t('list.renameTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('list.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label={t('list.name')}
            value={name}
            dir="auto"
            required
            maxLength={120}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <FormAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('list.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
              {t('list.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface DeleteDialogProps {
  chart: ChartSummary | null;
  onDeleted: (name: string) => void;
  onClose: () => void;
}

/** Deleting asks first; a chart a date uses is refused by the API, whose words stay here. */
function DeleteDialog({ chart, onDeleted, onClose }: DeleteDialogProps) {
  const { t } = useTranslation('charts');
  const remove = useDeleteChart();
  const [error, setError] = useState<string | null>(null);
  function close() {
    setError(null);
    onClose();
  }
  async function confirm() {
    if (!chart) return;
    setError(null);
    try {
      await remove.mutateAsync(chart.id);
      onDeleted(chart.name);
    } catch (failure) {
      setError(splitApiErrors(failure, []).message);
    }
  }
  return (
    <Modal
      opened={chart !== null}
      onClose={close}
      title={t('list.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('list.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{t('list.deleteText', { name: chart?.name ?? '' })}</Text>
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('list.deleteKeep')}
          </Button>
          <Button color="red.9" loading={remove.isPending} onClick={() => void confirm()}>
            {t('list.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `/organizer/seat-charts`: the organizer's charts; create one and go straight to designing it. */
export function SeatChartsPage() {
  const { t } = useTranslation(['charts', 'common']);
  const navigate = useNavigate();
  const charts = useCharts();
  const create = useCreateChart();
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<ChartSummary | null>(null);
  const [deleting, setDeleting] = useState<ChartSummary | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  usePageMeta({
    title: t('list.meta.title'),
    description: t('list.meta.description'),
    keywords: t('list.meta.keywords'),
    siteName: t('common:app.name'),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCreateError(null);
    try {
      const chart = await create.mutateAsync({ name: name.trim() });
      void navigate(designerPath(chart.id));
    } catch (failure) {
      setCreateError(splitApiErrors(failure, []).message);
    }
  }

  return (
    <Stack gap="lg" className={classes.page} maw="52rem">
      <div className={classes.header}>
        <Title order={1}>{t('list.title')}</Title>
        <Button component={Link} to="/organizer/events" variant="default">
          {t('list.myEvents')}
        </Button>
      </div>
      <Text>{t('list.lead')}</Text>

      <form
        className={classes.panel}
        onSubmit={(event) => void submit(event)}
        aria-labelledby="new-chart"
      >
        <Title order={2} size="h3" id="new-chart">
          {t('list.newTitle')}
        </Title>
        <TextInput
          label={t('list.name')}
          placeholder={t('list.namePlaceholder')}
          value={name}
          dir="auto"
          required
          maxLength={120}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <FormAlert message={createError} />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('list.create')}
          </Button>
        </Group>
      </form>

      <section aria-labelledby="charts-list">
        <Stack gap="sm">
          <Title order={2} size="h3" id="charts-list" ref={listTitle} tabIndex={-1}>
            {t('list.yours')}
          </Title>
          <FormAlert tone="success" message={notice} />
          {charts.isPending ? (
            <PageLoader />
          ) : charts.isError ? (
            <QueryError error={charts.error} onRetry={() => void charts.refetch()} />
          ) : charts.data.results.length === 0 ? (
            <Text>{t('list.empty')}</Text>
          ) : (
            <ul className={classes.plainList}>
              {charts.data.results.map((chart) => (
                <li key={chart.id} className={classes.chartRow}>
                  <Stack gap={4}>
                    <Text fw={700} size="lg">
                      <bdi>{chart.name}</bdi>
                    </Text>
                    <Group gap="xs">
                      <ChartStatusBadge publishedVersion={chart.published_version} />
                      {chart.in_use && (
                        <Text span size="sm" fw={600}>
                          {t('list.inUse')}
                        </Text>
                      )}
                      <Text span size="sm">
                        {t('list.seats', { count: chart.seat_count })}
                      </Text>
                    </Group>
                  </Stack>
                  <Group gap={4}>
                    <Button
                      component={Link}
                      to={designerPath(chart.id)}
                      variant="light"
                      aria-label={t('list.designLabel', { name: chart.name })}
                    >
                      {t('list.design')}
                    </Button>
                    <Button
                      variant="subtle"
                      aria-label={t('list.renameLabel', { name: chart.name })}
                      onClick={() => {
                        setNotice(null);
                        setRenaming(chart);
                      }}
                    >
                      {t('list.rename')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      aria-label={t('list.deleteLabel', { name: chart.name })}
                      onClick={() => {
                        setNotice(null);
                        setDeleting(chart);
                      }}
                    >
                      {t('list.delete')}
                    </Button>
                  </Group>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      </section>

      <RenameDialog
        key={renaming?.id ?? 'none'}
        chart={renaming}
        onClose={() => setRenaming(null)}
        onDone={(renamed) => {
          setRenaming(null);
          setNotice(t('list.renamed', { name: renamed }));
        }}
      />
      <DeleteDialog
        chart={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(deletedName) => {
          setDeleting(null);
          setNotice(t('list.deleted', { name: deletedName }));
          requestAnimationFrame(() => listTitle.current?.focus());
        }}
      />
    </Stack>
  );
}
