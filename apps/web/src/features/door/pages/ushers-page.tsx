import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Usher, UsherRole } from '@hafla/shared/door/ushers';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { validateEmail, validateRequired } from '../../../lib/password-rules';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useMyEvents } from '../../organizer-events/api/get-my-events';
import { USHERS_PAGE_SIZE, useInviteUsher, useRemoveUsher, useUshers } from '../api/ushers';
import classes from '../components/door.module.css';
import { Pager, StatusBadge } from '../components/pager';
import { ConfirmDialog } from '../components/reject-dialog';
import { errorText } from '../lib/error-text';
import { isolate } from '../../../lib/bidi';

const ROLES: readonly UsherRole[] = ['steward', 'supervisor'];

function usherName(usher: Usher): string {
  const name = usher.user ? `${usher.user.first_name} ${usher.user.last_name}`.trim() : '';
  return name || usher.email;
}

function InviteForm() {
  const { t } = useTranslation('door');
  const invite = useInviteUsher();
  // The organizer's events to choose from; a first page is plenty for choosing a few.
  const events = useMyEvents({});
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UsherRole>('steward');
  const [isAll, setIsAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const eventOptions = events.data?.results ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const invalid = validateRequired(email) ?? validateEmail(email);
    setEmailError(invalid);
    if (invalid) {
      emailRef.current?.focus();
      return;
    }
    if (!isAll && chosen.length === 0 && eventOptions.length > 0) {
      setMessage({ tone: 'error', text: t('ushers.invite.chooseEvent') });
      return;
    }
    const address = email.trim();
    invite.mutate(
      {
        email: address,
        role,
        events: isAll || eventOptions.length === 0 ? null : chosen.map(Number),
      },
      {
        onSuccess: () => {
          setEmail('');
          setChosen([]);
          setMessage({ tone: 'success', text: t('ushers.invite.sent', { email: address }) });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'already_exists') {
            setEmailError(t('ushers.invite.alreadyExists'));
            return;
          }
          const { fieldErrors, message: text } = splitApiErrors(failure, ['email']);
          setEmailError(fieldErrors.email ?? null);
          if (text) setMessage({ tone: 'error', text });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className={classes.card}>
      <Stack gap="md">
        <Title order={2} size="h3" id="invite-heading">
          {t('ushers.invite.heading')}
        </Title>
        <TextInput
          type="email"
          label={t('ushers.invite.email')}
          description={t('ushers.invite.emailHint')}
          ref={emailRef}
          value={email}
          onChange={(change) => setEmail(change.currentTarget.value)}
          error={emailError}
          required
          autoComplete="off"
          dir="ltr"
        />
        <NativeSelect
          label={t('ushers.invite.role')}
          value={role}
          onChange={(change) => setRole(change.currentTarget.value as UsherRole)}
          data={ROLES.map((value) => ({ value, label: t(`ushers.roles.${value}`) }))}
        />
        {eventOptions.length === 0 ? (
          events.isSuccess && <Text size="sm">{t('ushers.invite.noEvents')}</Text>
        ) : (
          <>
            <Switch
              checked={isAll}
              onChange={(change) => setIsAll(change.currentTarget.checked)}
              label={t('ushers.invite.allEvents')}
              size="md"
            />
            {!isAll && (
              <Checkbox.Group label={t('ushers.invite.events')} value={chosen} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {eventOptions.map((item) => (
                    <Checkbox key={item.id} value={String(item.id)} label={item.title} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </>
        )}
        {message && <FormAlert tone={message.tone} message={message.text} />}
        <div>
          <Button type="submit" loading={invite.isPending}>
            {t('ushers.invite.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function UsherItem({ usher, onRemove }: { usher: Usher; onRemove: (usher: Usher) => void }) {
  const { t, i18n } = useTranslation('door');
  const name = usherName(usher);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <li className={`${classes.card} ${classes.guest}`}>
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Text fw={800} size="lg" dir="auto" className={classes.guestName}>
            {name}
          </Text>
          <StatusBadge color={usher.status === 'active' ? 'green' : 'yellow'}>
            {t(`ushers.status.${usher.status}`)}
          </StatusBadge>
        </Group>
        {name !== usher.email && (
          <Text size="sm" dir="ltr" ta={i18n.dir() === 'rtl' ? 'right' : 'left'}>
            {usher.email}
          </Text>
        )}
        <Text size="sm">
          {[
            t(`ushers.roleShort.${usher.role}`),
            usher.events === null
              ? t('ushers.list.allEvents')
              : t('ushers.list.someEvents', { count: usher.events.length }),
            t('ushers.list.added', {
              date: formatDateTime(usher.created_at, zone, i18n.language, { dateStyle: 'medium' }),
            }),
          ].join(' · ')}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() => onRemove(usher)}
          aria-label={t('ushers.list.removeNamed', { name })}
        >
          {t('ushers.list.remove')}
        </Button>
      </Group>
    </li>
  );
}

/** `/organizer/ushers`: invite ushers by email, see who is invited or active, remove them. */
export function UshersPage() {
  const { t } = useTranslation(['door', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const ushers = useUshers((page - 1) * USHERS_PAGE_SIZE);
  const remove = useRemoveUsher();
  const [removing, setRemoving] = useState<Usher | null>(null);
  const [done, setDone] = useState<string | null>(null);
  usePageMeta({
    title: t('ushers.meta.title'),
    description: t('ushers.meta.description'),
    keywords: t('ushers.meta.keywords'),
    siteName: t('common:app.name'),
  });

  let list;
  if (ushers.isPending) list = <PageLoader />;
  else if (ushers.isError) {
    list = <QueryError error={ushers.error} onRetry={() => void ushers.refetch()} />;
  } else if (ushers.data.results.length === 0) {
    list = <Text>{t('ushers.list.empty')}</Text>;
  } else {
    const pages = Math.max(1, Math.ceil(ushers.data.count / USHERS_PAGE_SIZE));
    list = (
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('ushers.list.count', { count: ushers.data.count })}
        </Text>
        <ul className={classes.list}>
          {ushers.data.results.map((usher) => (
            <UsherItem
              key={usher.id}
              usher={usher}
              onRemove={(chosen) => {
                remove.reset();
                setDone(null);
                setRemoving(chosen);
              }}
            />
          ))}
        </ul>
        <Pager
          page={page}
          pages={pages}
          label={t('ushers.list.heading')}
          onPage={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={48 * 16}>
      <Stack gap="xs">
        <Title order={1}>{t('ushers.heading')}</Title>
        <Text size="lg">{t('ushers.lead')}</Text>
      </Stack>
      <InviteForm />
      <section aria-labelledby="ushers-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="ushers-heading">
            {t('ushers.list.heading')}
          </Title>
          {done && <FormAlert tone="success" message={done} />}
          {list}
        </Stack>
      </section>
      <ConfirmDialog
        opened={removing !== null}
        title={t('ushers.remove.title')}
        text={t('ushers.remove.text', { name: removing ? isolate(usherName(removing)) : '' })}
        keepLabel={t('ushers.remove.keep')}
        confirmLabel={t('ushers.remove.confirm')}
        closeLabel={t('ushers.remove.close')}
        isPending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = usherName(removing);
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              setDone(t('ushers.remove.done', { name }));
            },
          });
        }}
      />
    </Stack>
  );
}
