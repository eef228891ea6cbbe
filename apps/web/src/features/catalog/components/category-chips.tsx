import type { Category } from '@hafla/shared/catalog/categories';
import { Link } from 'react-router';
import { eventsPath } from '../../events/api/events-path';
import classes from './catalog.module.css';

const FALLBACK_ICON = '🎟️';

export function categoryEventsPath(category: Pick<Category, 'slug'>): string {
  return eventsPath({ category: category.slug });
}

export interface CategoryChipsProps {
  categories: readonly Category[];
}

export function CategoryChips({ categories }: CategoryChipsProps) {
  return (
    <ul className={classes.chips}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={categoryEventsPath(category)} className={classes.chip}>
            <span className={classes.chipIcon} aria-hidden="true">
              {category.icon || FALLBACK_ICON}
            </span>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
