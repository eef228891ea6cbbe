import '@mantine/core/styles/List.layer.css';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../lib/password-rules';
import type { FormInputProps } from '../lib/use-form';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  passwordProps: FormInputProps<string>;
  confirmProps: FormInputProps<string>;
}

/** A new password with the API's rules spelled out, and its confirmation. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordProps,
  confirmProps,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        required
        descriptionProps={{ component: 'div' }}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          <>
            <Text size="sm" component="span" display="block">
              {t('password.rulesTitle')}
            </Text>
            <List size="sm" withPadding spacing={2}>
              <List.Item>
                {t('password.rules.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
              </List.Item>
              <List.Item>{t('password.rules.notEmail')}</List.Item>
              <List.Item>{t('password.rules.notCommon')}</List.Item>
            </List>
          </>
        }
        {...passwordProps}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...confirmProps} />
    </>
  );
}
