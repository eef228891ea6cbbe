import type { Category } from '@hafla/shared/catalog/categories';
import { Link } from 'react-router';
import classes from './catalog.module.css';

const FALLBACK_ICON = '🎟️';

export function categoryEventsPath(category: Pick<Category, 'slug'>): string {
  return `/events?${new URLSearchParams({ category: category.slug }).toString()}`;
}

export interface CategoryGridProps {
  categories: Category[];
}

export function CategoryGrid({ categories }: CategoryGridProps) {
  return (
    <ul className={classes.categoryGrid}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={categoryEventsPath(category)} className={classes.categoryCard}>
            <span className={classes.categoryIcon} aria-hidden="true">
              {category.icon || FALLBACK_ICON}
            </span>
            <span className={classes.categoryName}>{category.name}</span>
            {category.description && (
              <span className={classes.categoryDescription}>{category.description}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
