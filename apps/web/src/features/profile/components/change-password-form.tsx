import { Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import {
  validateNewPassword,
  validatePasswordConfirmation,
  validateRequired,
} from '../../../lib/password-rules';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';

export interface ChangePasswordFormProps {
  email: string;
}

export function ChangePasswordForm({ email }: ChangePasswordFormProps) {
  const { t } = useTranslation(['profile', 'common']);
  const changePassword = useChangePassword();
  const [isChanged, setIsChanged] = useState(false);
  const form = useForm({
    initialValues: { old_password: '', new_password: '', confirm_password: '' },
    validate: {
      old_password: validateRequired,
      new_password: (password) => validateNewPassword(password, email),
      confirm_password: (confirmation, values) =>
        validatePasswordConfirmation(confirmation, values.new_password),
    },
  });

  const submit = form.onSubmit(({ old_password, new_password }) => {
    setIsChanged(false);
    changePassword.mutate(
      { old_password, new_password },
      {
        onSuccess: () => {
          form.reset();
          setIsChanged(true);
        },
        onError: form.showApiError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-password">
      <Stack gap="md">
        <Title order={2} id="settings-password">
          {t('settings.password.title')}
        </Title>
        <FormAlert message={form.formError} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('settings.password.old')}
          autoComplete="current-password"
          required
          {...form.inputs.old_password}
        />
        <NewPasswordFields
          passwordLabel={t('settings.password.new')}
          confirmLabel={t('settings.password.confirm')}
          passwordProps={form.inputs.new_password}
          confirmProps={form.inputs.confirm_password}
        />
        {isChanged && <FormAlert tone="success" message={t('settings.password.changed')} />}
        <Button type="submit" loading={changePassword.isPending}>
          {t('settings.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
