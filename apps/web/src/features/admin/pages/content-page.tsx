import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Badge, Button, Group, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { CONTENT_KINDS, type ContentKind } from '@hafla/shared/admin/content';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { splitApiErrors } from '../../../lib/use-form';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useContent,
  useDeleteContent,
  useReorderContent,
  useSaveContent,
  type ContentItem,
} from '../api/content';
import { AdminDialog, ConfirmAction } from '../components/admin-dialog';
import { AdminTable } from '../components/admin-table';
import { BilingualField } from '../components/bilingual-field';
import { SearchBox } from '../components/search-box';
import { SortableList } from '../components/sortable-list';
import { formatWhen } from '../lib/format';
import { useTableState } from '../lib/use-table-state';

interface TextSpec {
  name: string;
  isRequired: boolean;
  multiline: boolean;
  maxLength: number;
}

/** What each kind's form edits: a slug or not, and its bilingual texts. */
const FORMS: Record<ContentKind, { hasSlug: boolean; texts: TextSpec[]; title: string }> = {
  categories: {
    hasSlug: true,
    title: 'name',
    texts: [
      { name: 'name', isRequired: true, multiline: false, maxLength: 100 },
      { name: 'description', isRequired: false, multiline: true, maxLength: 500 },
    ],
  },
  'event-types': {
    hasSlug: true,
    title: 'name',
    texts: [{ name: 'name', isRequired: true, multiline: false, maxLength: 100 }],
  },
  faq: {
    hasSlug: false,
    title: 'question',
    texts: [
      { name: 'question', isRequired: true, multiline: false, maxLength: 300 },
      { name: 'answer', isRequired: true, multiline: true, maxLength: 5000 },
    ],
  },
  pages: {
    hasSlug: true,
    title: 'title',
    texts: [
      { name: 'title', isRequired: true, multiline: false, maxLength: 200 },
      { name: 'body', isRequired: true, multiline: true, maxLength: 50_000 },
    ],
  },
};

const isReorderable = (kind: ContentKind) => kind !== 'pages';

function fieldsOf(kind: ContentKind): string[] {
  const form = FORMS[kind];
  return [
    ...(form.hasSlug ? ['slug'] : []),
    ...form.texts.flatMap((text) => [`${text.name}_en`, `${text.name}_ar`]),
  ];
}

const read = (item: ContentItem, field: string) =>
  String((item as unknown as Record<string, unknown>)[field] ?? '');

function ContentForm({
  kind,
  item,
  onDone,
}: {
  kind: ContentKind;
  item: ContentItem | null;
  onDone: (saved: ContentItem) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveContent(kind);
  const fields = fieldsOf(kind);
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(fields.map((field) => [field, item ? read(item, field) : ''])),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const change = (field: string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save.mutate(
          { id: item?.id, body: values },
          {
            onSuccess: onDone,
            onError: (error) => {
              const split = splitApiErrors(error, fields);
              setErrors(split.fieldErrors);
              setMessage(split.message);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        {FORMS[kind].hasSlug && (
          <TextInput
            label={t('form.slug')}
            description={t('form.slugHint')}
            dir="ltr"
            name="slug"
            required
            maxLength={60}
            value={String(values.slug ?? '')}
            error={errors.slug}
            onChange={(event) => change('slug', event.currentTarget.value)}
          />
        )}
        {FORMS[kind].texts.map((text) => (
          <BilingualField
            key={text.name}
            name={text.name}
            label={t(`fields.${text.name}` as 'fields.name')}
            values={values}
            errors={errors}
            onChange={change}
            multiline={text.multiline}
            isRequired={text.isRequired}
            maxLength={text.maxLength}
          />
        ))}
        <FormAlert message={message} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {item ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReorderPanel({ kind, onClose }: { kind: ContentKind; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const all = useContent(kind, { page: 1, pageSize: 500, ordering: 'position' });
  const reorder = useReorderContent(kind);
  // The server's order until the first move here; then the order on screen (each move is sent).
  const [moved, setItems] = useState<ContentItem[] | null>(null);
  const items = moved ?? all.data?.results ?? null;
  const titleField = `${FORMS[kind].title}_${i18n.language === 'ar' ? 'ar' : 'en'}`;
  const nameOf = (item: ContentItem) =>
    read(item, titleField) || read(item, `${FORMS[kind].title}_en`);
  if (all.isError) return <QueryError error={all.error} onRetry={() => void all.refetch()} />;
  return (
    <Stack gap="sm">
      <Text>{t('reorder.lead')}</Text>
      {reorder.isError && <FormAlert message={splitApiErrors(reorder.error, []).message} />}
      {items && (
        <SortableList
          label={t('reorder.label')}
          items={items}
          idOf={(item) => String(item.id)}
          nameOf={nameOf}
          render={(item) => <Text>{nameOf(item)}</Text>}
          onReorder={(next) => {
            setItems(next);
            reorder.mutate(next.map((item) => item.id));
          }}
        />
      )}
      <Group>
        <Button variant="default" onClick={onClose}>
          {t('reorder.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** `/admin/content/:kind`: categories, event types, FAQ and pages, in English and Arabic. */
export function ContentPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const { kind: requested } = useParams();
  const kind = (CONTENT_KINDS as readonly string[]).includes(requested ?? '')
    ? (requested as ContentKind)
    : null;
  const state = useTableState('position');
  const list = useContent(kind ?? 'categories', {
    page: state.page,
    pageSize: state.pageSize,
    ordering: state.ordering,
    search: state.search,
  });
  const remove = useDeleteContent(kind ?? 'categories');
  const save = useSaveContent(kind ?? 'categories');
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const [isReordering, setReordering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  usePageMeta({
    title: t('content.title'),
    description: t('content.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  if (!kind) return <Navigate to="/admin/content/categories" replace />;
  const form = FORMS[kind];
  const titleOf = (item: ContentItem) => read(item, `${form.title}_en`);

  const columns: DataTableColumn<ContentItem>[] = [
    {
      accessor: 'title',
      title: t(`fields.${form.title}` as 'fields.name'),
      sortable: true,
      render: (item) => (
        <Stack gap={2}>
          <Text size="sm" lang="en" dir="ltr" ta="start">
            {titleOf(item)}
          </Text>
          {read(item, `${form.title}_ar`) ? (
            <Text size="sm" lang="ar" dir="rtl" ta="start">
              {read(item, `${form.title}_ar`)}
            </Text>
          ) : (
            <Badge color="orange.9" variant="light" w="fit-content">
              {t('form.missingArabic')}
            </Badge>
          )}
        </Stack>
      ),
    },
    ...(form.hasSlug
      ? [{ accessor: 'slug', title: t('form.slug') } as DataTableColumn<ContentItem>]
      : []),
    ...(isReorderable(kind)
      ? [{ accessor: 'position', title: t('table.position'), sortable: true }]
      : []),
    ...(kind === 'categories' || kind === 'event-types'
      ? [
          {
            accessor: 'events_count',
            title: t('table.events'),
          } as DataTableColumn<ContentItem>,
        ]
      : []),
    {
      accessor: 'is_hidden',
      title: t('table.shown'),
      render: (item) => (
        <Switch
          checked={!item.is_hidden}
          aria-label={t('table.showNamed', { name: titleOf(item) })}
          onChange={(event) => {
            setNotice(null);
            save.mutate({ id: item.id, body: { is_hidden: !event.currentTarget.checked } });
          }}
        />
      ),
    },
    {
      accessor: 'updated_at',
      title: t('table.updated'),
      sortable: true,
      render: (item) => formatWhen(item.updated_at, i18n.language),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      render: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-md"
            variant="default"
            onClick={() => setEditing(item)}
            aria-label={t('table.editNamed', { name: titleOf(item) })}
          >
            {t('table.edit')}
          </Button>
          <Button
            size="compact-md"
            variant="default"
            color="red.9"
            onClick={() => {
              remove.reset();
              setDeleting(item);
            }}
            aria-label={t('table.deleteNamed', { name: titleOf(item) })}
          >
            {t('table.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('content.title')}</Title>
        <Text size="lg">{t('content.lead')}</Text>
      </Stack>
      <Tabs
        value={kind}
        onChange={(value) => {
          setReordering(false);
          setNotice(null);
          if (value) navigate(`/admin/content/${value}`);
        }}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {CONTENT_KINDS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`content.kinds.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {notice && <FormAlert tone="success" message={notice} />}
      {save.isError && !editing && <FormAlert message={splitApiErrors(save.error, []).message} />}
      {isReordering ? (
        <ReorderPanel kind={kind} onClose={() => setReordering(false)} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <SearchBox label={t('table.search')} value={state.search} onSearch={state.setSearch} />
            <Group gap="xs">
              {isReorderable(kind) && (
                <Button variant="default" onClick={() => setReordering(true)}>
                  {t('reorder.start')}
                </Button>
              )}
              <Button onClick={() => setEditing('new')}>{t(`content.add.${kind}`)}</Button>
            </Group>
          </Group>
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <AdminTable
              label={t(`content.kinds.${kind}`)}
              records={list.data?.results}
              count={list.data?.count ?? 0}
              fetching={list.isFetching}
              columns={columns}
              state={state}
            />
          )}
        </>
      )}
      <AdminDialog
        opened={editing !== null}
        title={editing === 'new' ? t(`content.add.${kind}`) : t('content.edit')}
        onClose={() => setEditing(null)}
        size="xl"
      >
        {editing !== null && (
          <ContentForm
            key={editing === 'new' ? 'new' : editing.id}
            kind={kind}
            item={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              setNotice(t('content.saved', { name: titleOf(saved) }));
            }}
          />
        )}
      </AdminDialog>
      <ConfirmAction
        key={deleting?.id ?? 'none'}
        opened={deleting !== null}
        title={t('content.deleteTitle')}
        text={t('content.deleteText', { name: deleting ? titleOf(deleting) : '' })}
        confirmLabel={t('table.delete')}
        isPending={remove.isPending}
        error={remove.isError ? splitApiErrors(remove.error, []).message : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = titleOf(deleting);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setNotice(t('content.deleted', { name }));
            },
          });
        }}
      />
    </Stack>
  );
}
