import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import { FormAlert } from '../../../components/form-alert';
import { switchLanguage } from '../../../lib/language';
import { splitApiErrors } from '../../../lib/use-form';
import { useUpdateProfile } from '../api/update-profile';
import classes from './profile.module.css';

export interface LanguageFormProps {
  userId: string;
  /** Injected by tests; the browser reloads the page in the new locale. */
  reload?: () => void;
}

/**
 * Saved with a button rather than on change: arrow keys move through radios, and each move
 * would otherwise reload the page under the reader's fingers.
 */
export function LanguageForm({ userId, reload }: LanguageFormProps) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const current: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [language, setLanguage] = useState<Language>(current);
  const [error, setError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const update = useUpdateProfile();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIsSaved(false);
    update.mutate(
      { userId, body: { language } },
      {
        onSuccess: () => {
          if (language === current) setIsSaved(true);
          else switchLanguage(language, { reload });
        },
        onError: (failure) => setError(splitApiErrors(failure, []).message),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-language">
      <Stack gap="md">
        <Title order={2} id="settings-language">
          {t('settings.language.title')}
        </Title>
        <FormAlert message={error} />
        <Radio.Group
          label={t('settings.language.label')}
          size="md"
          value={language}
          onChange={(value) => {
            if (isLanguage(value)) setLanguage(value);
          }}
        >
          <Stack gap="sm" mt="xs">
            {LANGUAGES.map((code) => (
              <Radio.Card key={code} value={code} className={classes.choice}>
                <Group wrap="nowrap" gap="md">
                  <Radio.Indicator />
                  <Text fw={600} lang={code}>
                    {t(`common:language.names.${code}`)}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {isSaved && <FormAlert tone="success" message={t('settings.language.saved')} />}
        <Button type="submit" loading={update.isPending}>
          {t('settings.language.save')}
        </Button>
      </Stack>
    </form>
  );
}
