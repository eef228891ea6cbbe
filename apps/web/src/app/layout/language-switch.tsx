import { Button, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import { otherLanguage, switchLanguage } from '../../lib/language';
import { useCurrentUser } from '../../lib/session';

/** Long enough for the request to leave; `keepalive` carries it past the reload anyway. */
const SAVE_LANGUAGE_WAIT_MS = 1500;

/** Fire and forget: the account remembers the choice (emails follow it), the switch never waits on it. */
async function saveAccountLanguage(userId: string, language: Language): Promise<void> {
  const { saveProfileLanguage } = await import('../../features/profile/api/update-profile');
  const saved = saveProfileLanguage(userId, language, { keepalive: true }).catch(() => undefined);
  await Promise.race([saved, new Promise((resolve) => setTimeout(resolve, SAVE_LANGUAGE_WAIT_MS))]);
}

export interface LanguageSwitchProps {
  /** Injected by tests; the browser reloads the page in the new locale. */
  reload?: () => void;
}

export function LanguageSwitch({ reload }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [isSwitching, setIsSwitching] = useState(false);
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const next = otherLanguage(current);

  async function changeLanguage() {
    if (user) {
      setIsSwitching(true);
      await saveAccountLanguage(user.id, next);
    }
    switchLanguage(next, { reload });
  }

  return (
    <Button variant="default" px="sm" loading={isSwitching} onClick={() => void changeLanguage()}>
      <VisuallyHidden>{t('language.switch')} </VisuallyHidden>
      <span lang={next}>{t(`language.names.${next}`)}</span>
    </Button>
  );
}
