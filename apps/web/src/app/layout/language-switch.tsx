import { Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@hafla/shared/common/i18n';
import { otherLanguage, switchLanguage } from '../../lib/language';

export interface LanguageSwitchProps {
  /** Injected by tests; the browser reloads the page in the new locale. */
  reload?: () => void;
}

export function LanguageSwitch({ reload }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const next = otherLanguage(current);

  return (
    <Button variant="default" px="sm" onClick={() => switchLanguage(next, { reload })}>
      <VisuallyHidden>{t('language.switch')} </VisuallyHidden>
      <span lang={next}>{t(`language.names.${next}`)}</span>
    </Button>
  );
}
