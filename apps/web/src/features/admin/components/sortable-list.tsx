import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './admin.module.css';

// Pictures, not words: each control is named by its aria-label.
const GRIP = '⠿';
const UP = '↑';
const DOWN = '↓';

export interface SortableListProps<T> {
  items: T[];
  idOf: (item: T) => string;
  /** The accessible name of an item (used by the handle and the move buttons). */
  nameOf: (item: T) => string;
  render: (item: T) => ReactNode;
  onReorder: (items: T[]) => void;
  label: string;
}

function SortableRow({
  id,
  name,
  children,
  onMove,
  isFirst,
  isLast,
}: {
  id: string;
  name: string;
  children: ReactNode;
  onMove: (step: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
}) {
  const { t } = useTranslation('admin');
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={classes.sortableItem}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`sortable-${id}`}
    >
      <button
        type="button"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={t('reorder.drag', { name })}
      >
        <span aria-hidden>{GRIP}</span>
      </button>
      <div style={{ flex: 1, minInlineSize: 0 }}>{children}</div>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          disabled={isFirst}
          onClick={() => onMove(-1)}
          aria-label={t('reorder.up', { name })}
        >
          <span aria-hidden>{UP}</span>
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          disabled={isLast}
          onClick={() => onMove(1)}
          aria-label={t('reorder.down', { name })}
        >
          <span aria-hidden>{DOWN}</span>
        </ActionIcon>
      </Group>
    </li>
  );
}

/**
 * A list put in order by dragging (pointer or keyboard: space, arrows, space) or by the up and
 * down buttons beside each item.
 */
export function SortableList<T>({
  items,
  idOf,
  nameOf,
  render,
  onReorder,
  label,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const move = (from: number, to: number) => onReorder(arrayMove(items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={classes.sortable} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={idOf(item)}
              id={idOf(item)}
              name={nameOf(item)}
              isFirst={index === 0}
              isLast={index === items.length - 1}
              onMove={(step) => move(index, index + step)}
            >
              {render(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
