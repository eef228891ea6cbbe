import '@mantine/core/styles/Pagination.layer.css';
import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  page: number;
  total: number;
  label: string;
  onChange: (page: number) => void;
}

/** Numbered pages of a finance list, each control named for screen readers. */
export function Pager({ page, total, label, onChange }: PagerProps) {
  const { t } = useTranslation('finance');
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        value={page}
        total={total}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
        getControlProps={(control) => {
          if (control === 'previous') return { 'aria-label': t('pager.previous') };
          if (control === 'next') return { 'aria-label': t('pager.next') };
          if (control === 'first') return { 'aria-label': t('pager.first') };
          return { 'aria-label': t('pager.last') };
        }}
      />
    </nav>
  );
}
