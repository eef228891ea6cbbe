import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ProblemReport } from '@hafla/shared/catalog/problem-reports';
import { FormAlert } from '../../../components/form-alert';
import { usePageMeta } from '../../../lib/page-meta';
import { useForm } from '../../../lib/use-form';
import { parseEventId, useEvent } from '../../events/api/get-event';
import { useCreateProblemReport } from '../api/create-problem-report';
import classes from '../components/catalog.module.css';

// The API's limits (ProblemReportRequest), checked here first so nobody types in vain.
const SUBJECT_MIN = 3;
const SUBJECT_MAX = 200;
const MESSAGE_MIN = 10;
const MESSAGE_MAX = 5000;

function EventReference({ eventId, onRemove }: { eventId: number; onRemove: () => void }) {
  const { t } = useTranslation('catalog');
  const event = useEvent(eventId);
  return (
    <div className={classes.reference}>
      <Group justify="space-between" gap="xs">
        <Text>
          {t('report.about')}{' '}
          {event.data ? (
            <Anchor component={Link} to={`/events/${eventId}`} fw={700} dir="auto">
              {event.data.title}
            </Anchor>
          ) : (
            <strong>{t('report.eventNumber', { id: eventId })}</strong>
          )}
        </Text>
        <Button variant="subtle" size="compact-md" onClick={onRemove}>
          {t('report.removeEvent')}
        </Button>
      </Group>
    </div>
  );
}

function Sent({ report, onAnother }: { report: ProblemReport; onAnother: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Stack gap="md" align="flex-start">
      <FormAlert
        tone="success"
        title={t('report.sent.title')}
        message={t('report.sent.text', { id: report.id })}
      />
      <Group gap="sm">
        <Button component={Link} to="/">
          {t('report.sent.home')}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {t('report.sent.another')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ReportProblemPage() {
  const { t } = useTranslation(['catalog', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const eventId = parseEventId(searchParams.get('event'));
  const create = useCreateProblemReport();
  const [sent, setSent] = useState<ProblemReport | null>(null);
  usePageMeta({
    title: t('report.meta.title'),
    description: t('report.meta.description'),
    keywords: t('report.meta.keywords'),
    siteName: t('common:app.name'),
  });
  const form = useForm({
    initialValues: { subject: '', message: '' },
    validate: {
      subject: (value) =>
        value.trim().length < SUBJECT_MIN ? t('report.errors.subject', { min: SUBJECT_MIN }) : null,
      message: (value) =>
        value.trim().length < MESSAGE_MIN ? t('report.errors.message', { min: MESSAGE_MIN }) : null,
    },
  });

  const submit = form.onSubmit((values) => {
    create.mutate(
      { subject: values.subject.trim(), message: values.message.trim(), event: eventId },
      {
        onSuccess: (report) => {
          setSent(report);
          form.reset();
        },
        onError: (error) => form.showApiError(error),
      },
    );
  });

  return (
    <Stack gap="lg" className={classes.prose}>
      <Stack gap="xs">
        <Title order={1}>{t('report.heading')}</Title>
        <Text size="lg">{t('report.lead')}</Text>
      </Stack>
      {sent ? (
        <Sent report={sent} onAnother={() => setSent(null)} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={form.formError} />
            {eventId !== null && (
              <EventReference
                eventId={eventId}
                onRemove={() => {
                  const next = new URLSearchParams(searchParams);
                  next.delete('event');
                  setSearchParams(next, { replace: true });
                }}
              />
            )}
            <TextInput
              label={t('report.subject')}
              description={t('report.subjectHint')}
              required
              maxLength={SUBJECT_MAX}
              {...form.inputs.subject}
              aria-invalid={Boolean(form.errors.subject)}
            />
            <Textarea
              label={t('report.message')}
              description={t('report.messageHint')}
              required
              autosize
              minRows={5}
              maxRows={12}
              maxLength={MESSAGE_MAX}
              {...form.inputs.message}
              aria-invalid={Boolean(form.errors.message)}
            />
            <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('report.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
