import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import { Button, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { UserType } from '@hafla/shared/auth/users';
import { FormAlert } from '../../../components/form-alert';
import { safeNextPath } from '../../../lib/next-path';
import { validatePhone, validateRequired } from '../../../lib/password-rules';
import { useSignedInUser } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { useCompleteRegistration } from '../api/complete-registration';
import { AuthLayout } from '../components/auth-layout';
import classes from '../components/auth.module.css';
import { PhoneField } from '../../../components/phone-field';

const USER_TYPES: readonly UserType[] = ['attendee', 'organizer'];

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

export function CompleteRegistrationPage() {
  const { t } = useTranslation(['auth', 'common']);
  const user = useSignedInUser();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next')) ?? '/';
  const complete = useCompleteRegistration();
  const form = useForm({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone ?? '',
      user_type: user.user_type as string,
      organization_name: user.organization_name ?? '',
      bio: user.bio ?? '',
    },
    validate: {
      first_name: validateRequired,
      last_name: validateRequired,
      phone: validatePhone,
      organization_name: (name, values) =>
        values.user_type === 'organizer' ? validateRequired(name) : null,
    },
  });
  const isOrganizer = form.values.user_type === 'organizer';

  // Saving updates the session's user, which lands here and moves on (organizers: `/` for now).
  if (user.is_profile_complete) return <Navigate to={next} replace />;

  const submit = form.onSubmit((values) => {
    const userType: UserType = values.user_type === 'organizer' ? 'organizer' : 'attendee';
    complete.mutate(
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: optional(values.phone),
        user_type: userType,
        ...(userType === 'organizer'
          ? {
              organization_name: values.organization_name.trim(),
              bio: optional(values.bio),
            }
          : {}),
      },
      { onError: form.showApiError },
    );
  });

  return (
    <AuthLayout page="completeRegistration">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <TextInput
            label={t('completeRegistration.firstName')}
            autoComplete="given-name"
            required
            {...form.inputs.first_name}
          />
          <TextInput
            label={t('completeRegistration.lastName')}
            autoComplete="family-name"
            required
            {...form.inputs.last_name}
          />
          <PhoneField
            label={t('completeRegistration.phone')}
            description={t('completeRegistration.phoneHint')}
            {...form.inputs.phone}
          />
          <Radio.Group
            label={t('completeRegistration.userType')}
            size="md"
            {...form.inputs.user_type}
          >
            <Stack gap="sm" mt="xs">
              {USER_TYPES.map((type) => (
                <Radio.Card key={type} value={type} className={classes.choice}>
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    <Radio.Indicator mt={4} />
                    <div>
                      <Text fw={700}>{t(`completeRegistration.${type}`)}</Text>
                      <Text size="sm">{t(`completeRegistration.${type}Hint`)}</Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          {isOrganizer && (
            <>
              <TextInput
                label={t('completeRegistration.organizationName')}
                autoComplete="organization"
                required
                {...form.inputs.organization_name}
              />
              <Textarea
                label={t('completeRegistration.bio')}
                description={t('completeRegistration.bioHint')}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={2000}
                {...form.inputs.bio}
              />
            </>
          )}
          <Button type="submit" loading={complete.isPending} fullWidth>
            {t('completeRegistration.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
