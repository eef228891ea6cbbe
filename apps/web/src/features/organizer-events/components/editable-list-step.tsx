import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import classes from './organizer.module.css';

type Editing = { kind: 'new' } | { kind: 'existing'; id: number } | null;

export interface EditableItemFormProps<T> {
  /** The item being edited; absent to add one. */
  item?: T;
  onSaved: (item: T) => void;
  onCancel: () => void;
}

export interface EditableListStepProps<T extends { id: number }> {
  items: readonly T[];
  readOnly: boolean;
  lead: string;
  empty: string;
  addLabel: string;
  newTitle: string;
  savedMessage: (item: T) => string;
  editTitle: (item: T) => ReactNode;
  /** The edit button's name, which says which item it edits. */
  editLabel: (item: T) => string;
  /** What stands beside the edit button: the item's name and anything about it at a glance. */
  renderHeading: (item: T) => ReactNode;
  renderFacts: (item: T) => ReactNode;
  renderForm: (props: EditableItemFormProps<T>) => ReactNode;
}

/**
 * A step that lists an event's items as cards, edits one in place, and adds one below the list
 * (ticket categories, promo codes). One form is open at a time.
 */
export function EditableListStep<T extends { id: number }>({
  items,
  readOnly,
  lead,
  empty,
  addLabel,
  newTitle,
  savedMessage,
  editTitle,
  editLabel,
  renderHeading,
  renderFacts,
  renderForm,
}: EditableListStepProps<T>) {
  const { t } = useTranslation('organizer');
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<T | null>(null);
  const newTitleId = useId();

  function startEditing(next: Editing) {
    setSaved(null);
    setEditing(next);
  }

  const formProps = {
    onSaved: (item: T) => {
      setEditing(null);
      setSaved(item);
    },
    onCancel: () => setEditing(null),
  };

  return (
    <Stack gap="lg">
      <Text>{lead}</Text>
      {saved && <FormAlert tone="success" message={savedMessage(saved)} />}
      {items.length === 0 && editing === null && <Text>{empty}</Text>}
      <ul className={classes.plainList}>
        {items.map((item) => (
          <li key={item.id} className={classes.card}>
            {editing?.kind === 'existing' && editing.id === item.id ? (
              <Stack gap="sm">
                <Title order={3}>{editTitle(item)}</Title>
                {renderForm({ item, ...formProps })}
              </Stack>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  {renderHeading(item)}
                  {!readOnly && (
                    <Button
                      variant="default"
                      onClick={() => startEditing({ kind: 'existing', id: item.id })}
                      aria-label={editLabel(item)}
                    >
                      {t('actions.edit')}
                    </Button>
                  )}
                </Group>
                {renderFacts(item)}
              </Stack>
            )}
          </li>
        ))}
      </ul>
      {!readOnly &&
        (editing?.kind === 'new' ? (
          <section className={classes.card} aria-labelledby={newTitleId}>
            <Stack gap="sm">
              <Title order={3} id={newTitleId}>
                {newTitle}
              </Title>
              {renderForm(formProps)}
            </Stack>
          </section>
        ) : (
          <Group>
            <Button variant="outline" onClick={() => startEditing({ kind: 'new' })}>
              {addLabel}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
