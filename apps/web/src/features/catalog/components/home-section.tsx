import { Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../components/icons';
import classes from './catalog.module.css';

export interface HomeSectionProps {
  title: string;
  /** Where "See all" leads: the events list with this section's filter. */
  seeAllPath?: string | null;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}

export function HomeSection({ title, seeAllPath, children, ref }: HomeSectionProps) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  return (
    <section ref={ref} aria-labelledby={headingId} className={classes.section}>
      <div className={classes.sectionHeader}>
        <Title order={2} id={headingId} className={classes.sectionTitle}>
          {title}
        </Title>
        {seeAllPath && (
          <Link
            to={seeAllPath}
            className={classes.seeAll}
            aria-label={t('home.seeAllOf', { section: title })}
          >
            {t('home.seeAll')}
            <ChevronIcon size={18} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
