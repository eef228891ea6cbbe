import '@mantine/core/styles/Switch.layer.css';
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { HomeSectionSetting } from '@hafla/shared/catalog/app-config';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useHomeSections, useSaveHomeSections } from '../api/home-sections';
import { AdminDialog } from '../components/admin-dialog';
import { BilingualField } from '../components/bilingual-field';
import { SortableList } from '../components/sortable-list';

function TitleForm({
  section,
  onSave,
}: {
  section: HomeSectionSetting;
  onSave: (titles: { title_en: string; title_ar: string }) => void;
}) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<Record<string, unknown>>({
    title_en: section.title_en,
    title_ar: section.title_ar,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ title_en: String(values.title_en), title_ar: String(values.title_ar) });
      }}
    >
      <Stack gap="md">
        <BilingualField
          name="title"
          label={t('fields.title')}
          values={values}
          errors={{}}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          isRequired
          maxLength={100}
        />
        <Group justify="flex-end">
          <Button type="submit">{t('form.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/admin/home-sections`: the home page's rows, put in order by dragging, hidden or shown, and
 * their titles in both languages. Every change is saved at once.
 */
export function HomeSectionsPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const stored = useHomeSections();
  const save = useSaveHomeSections();
  // What is stored until the first change here; then what is on screen (each change is sent).
  const [changed, setSections] = useState<HomeSectionSetting[] | null>(null);
  const sections = changed ?? stored.data?.value ?? null;
  const [editing, setEditing] = useState<HomeSectionSetting | null>(null);
  const [isSaved, setSaved] = useState(false);
  usePageMeta({
    title: t('homeSections.title'),
    description: t('homeSections.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  const commit = (next: HomeSectionSetting[]) => {
    const ordered = next.map((section, index) => ({ ...section, position: index + 1 }));
    setSections(ordered);
    setSaved(false);
    save.mutate(ordered, { onSuccess: () => setSaved(true) });
  };
  const titleOf = (section: HomeSectionSetting) =>
    (i18n.language === 'ar' ? section.title_ar : section.title_en) || section.title_en;

  let body;
  if (stored.isError) {
    body = <QueryError error={stored.error} onRetry={() => void stored.refetch()} />;
  } else if (!sections) {
    body = <PageLoader />;
  } else {
    body = (
      <SortableList
        label={t('homeSections.listLabel')}
        items={sections}
        idOf={(section) => section.id}
        nameOf={titleOf}
        onReorder={commit}
        render={(section) => (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{titleOf(section)}</Text>
              <Text size="sm" c="dimmed">
                {t(`homeSections.kinds.${section.kind}`)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Switch
                checked={!section.hidden}
                label={t('homeSections.shown')}
                aria-label={t('table.showNamed', { name: titleOf(section) })}
                onChange={(event) => {
                  const shown = event.currentTarget.checked;
                  commit(
                    sections.map((entry) =>
                      entry.id === section.id ? { ...entry, hidden: !shown } : entry,
                    ),
                  );
                }}
              />
              <Button
                size="compact-md"
                variant="default"
                onClick={() => setEditing(section)}
                aria-label={t('table.editNamed', { name: titleOf(section) })}
              >
                {t('table.edit')}
              </Button>
            </Group>
          </Group>
        )}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('homeSections.title')}</Title>
        <Text size="lg">{t('homeSections.lead')}</Text>
      </Stack>
      {save.isError && <FormAlert message={splitApiErrors(save.error, []).message} />}
      {isSaved && <FormAlert tone="success" message={t('homeSections.saved')} />}
      {body}
      <AdminDialog
        opened={editing !== null}
        title={t('homeSections.editTitle')}
        onClose={() => setEditing(null)}
      >
        {editing && sections && (
          <TitleForm
            key={editing.id}
            section={editing}
            onSave={(titles) => {
              setEditing(null);
              commit(
                sections.map((entry) =>
                  entry.id === editing.id ? { ...entry, ...titles } : entry,
                ),
              );
            }}
          />
        )}
      </AdminDialog>
    </Stack>
  );
}
