import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfile, ProfileUpdateRequest } from '@hafla/shared/profile/profile';
import { FormAlert } from '../../../components/form-alert';
import { NO_IMAGE_CHANGE, useImageChange } from '../../../components/image-field';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { userDisplayName } from '../../../components/user-avatar';
import { usePageMeta } from '../../../lib/page-meta';
import { isolate } from '../../../lib/bidi';
import { validatePhone, validateRequired } from '../../../lib/password-rules';
import { useSignedInUser } from '../../../lib/session';
import { splitApiErrors, useForm } from '../../../lib/use-form';
import { useAppInfo } from '../../catalog/api/get-app-info';
import { useOwnProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarField } from '../components/avatar-field';
import classes from '../components/profile.module.css';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import { PhoneField } from '../../../components/phone-field';

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation(['profile', 'common']);
  const { data: appInfo } = useAppInfo();
  const update = useUpdateProfile();
  const [avatarChange, setAvatarChange] = useImageChange();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const isOrganizer = profile.user_type === 'organizer';
  const form = useForm({
    initialValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ?? '',
      organization_name: profile.organization_name ?? '',
      bio: profile.bio ?? '',
    },
    validate: {
      first_name: validateRequired,
      last_name: validateRequired,
      phone: validatePhone,
      organization_name: (name) => (isOrganizer ? validateRequired(name) : null),
    },
  });

  const submit = form.onSubmit((values) => {
    setIsSaved(false);
    const fields: ProfileUpdateRequest = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: values.phone.trim() || null,
      bio: values.bio.trim() || null,
      ...(isOrganizer ? { organization_name: values.organization_name.trim() } : {}),
    };
    let body: ProfileUpdateRequest | FormData = fields;
    if (avatarChange.file) {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value ?? '');
      data.append('avatar', avatarChange.file);
      body = data;
    } else if (avatarChange.isRemoving) {
      body = { ...fields, avatar: null };
    }
    update.mutate(
      { userId: profile.id, body },
      {
        onSuccess: () => {
          setAvatarChange(NO_IMAGE_CHANGE);
          setAvatarError(null);
          setIsSaved(true);
        },
        onError: (error) => {
          const { fieldErrors, message } = splitApiErrors(error, [
            ...Object.keys(values),
            'avatar',
          ]);
          const { avatar, ...rest } = fieldErrors;
          setAvatarError(avatar ?? null);
          form.setErrors(rest);
          form.setFormError(message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>{t('profile.details')}</Title>
        <FormAlert message={form.formError} />
        <AvatarField
          user={profile}
          change={avatarChange}
          onChange={(change) => {
            setIsSaved(false);
            setAvatarChange(change);
          }}
          maxBytes={appInfo?.limits.max_upload_bytes ?? MAX_UPLOAD_BYTES}
          error={avatarError}
          onError={setAvatarError}
        />
        <TextInput
          label={t('profile.firstName')}
          autoComplete="given-name"
          required
          {...form.inputs.first_name}
        />
        <TextInput
          label={t('profile.lastName')}
          autoComplete="family-name"
          required
          {...form.inputs.last_name}
        />
        <PhoneField
          label={t('profile.phone')}
          description={t('profile.phoneHint')}
          {...form.inputs.phone}
        />
        {isOrganizer && (
          <TextInput
            label={t('profile.organizationName')}
            autoComplete="organization"
            required
            {...form.inputs.organization_name}
          />
        )}
        <Textarea
          label={isOrganizer ? t('profile.bioOrganizer') : t('profile.bio')}
          description={t('profile.bioHint')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.inputs.bio}
        />
        {isSaved && <FormAlert tone="success" message={t('profile.saved')} />}
        <Button type="submit" loading={update.isPending}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const user = useSignedInUser();
  const profile = useOwnProfile(user.id);
  usePageMeta({
    title: t('profile.meta.title'),
    description: t('profile.meta.description'),
    keywords: t('profile.meta.keywords'),
    siteName: t('common:app.name'),
  });
  const name = userDisplayName({ ...user, email: '' });

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="xs">
        <Title order={1}>
          {name ? t('profile.heading', { name: isolate(name) }) : t('profile.headingFallback')}
        </Title>
        <Text size="lg">{t('profile.lead')}</Text>
      </Stack>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <section className={classes.section} aria-labelledby="profile-account">
            <Title order={2} id="profile-account" mb="sm">
              {t('profile.account')}
            </Title>
            <dl className={classes.facts}>
              <dt>{t('profile.email')}</dt>
              <dd>
                <span dir="ltr">{profile.data.email}</span>
              </dd>
              <dt>{t('profile.accountType')}</dt>
              <dd>
                <Badge variant="light" size="lg">
                  {t(`profile.userTypes.${profile.data.user_type}`)}
                </Badge>
              </dd>
            </dl>
          </section>
          <section className={classes.section}>
            <ProfileForm key={profile.data.id} profile={profile.data} />
          </section>
        </>
      )}
    </Stack>
  );
}
