import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide toggle is reachable by keyboard and named for screen
 * readers. Mantine marks an invalid password input only with data-invalid, so aria-invalid is
 * added here for assistive technology (and for focusing the first invalid field).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.show'), size: 40 }}
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}
