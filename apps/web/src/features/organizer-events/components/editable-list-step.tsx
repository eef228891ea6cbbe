import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
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
  /** Items nothing was booked against may be deleted: the server says why when it refuses. */
  deletion?: ItemDeletion<T>;
}

export interface ItemDeletion<T> {
  /** The delete button's name, which says which item it deletes. */
  label: (item: T) => string;
  title: (item: T) => string;
  text: (item: T) => string;
  deletedMessage: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
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
  deletion,
}: EditableListStepProps<T>) {
  const { t } = useTranslation('organizer');
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  // After a delete the item's buttons are gone: focus goes on to adding one.
  const addButton = useRef<HTMLButtonElement>(null);
  const newTitleId = useId();

  function startEditing(next: Editing) {
    setSaved(null);
    setEditing(next);
  }

  const formProps = {
    onSaved: (item: T) => {
      setEditing(null);
      setSaved(savedMessage(item));
    },
    onCancel: () => setEditing(null),
  };

  return (
    <Stack gap="lg">
      <Text>{lead}</Text>
      {saved && <FormAlert tone="success" message={saved} />}
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
                <Group justify="space-between" align="flex-start">
                  {renderHeading(item)}
                  {!readOnly && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        variant="default"
                        onClick={() => startEditing({ kind: 'existing', id: item.id })}
                        aria-label={editLabel(item)}
                      >
                        {t('actions.edit')}
                      </Button>
                      {deletion && (
                        <Button
                          variant="subtle"
                          color="red.9"
                          c="red.9"
                          onClick={() => setDeleting(item)}
                          aria-label={deletion.label(item)}
                        >
                          {t('actions.delete')}
                        </Button>
                      )}
                    </Group>
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
            <Button ref={addButton} variant="outline" onClick={() => startEditing({ kind: 'new' })}>
              {addLabel}
            </Button>
          </Group>
        ))}
      {deletion && (
        <ConfirmDeleteDialog
          opened={deleting !== null}
          title={deleting ? deletion.title(deleting) : ''}
          text={deleting ? deletion.text(deleting) : ''}
          onConfirm={() => (deleting ? deletion.remove(deleting) : Promise.resolve())}
          onDeleted={() => {
            if (deleting) setSaved(deletion.deletedMessage(deleting));
            setDeleting(null);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
