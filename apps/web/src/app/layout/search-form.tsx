import { ActionIcon, Group } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_FIELD_ATTRIBUTES } from '../../components/search-input-props';
import classes from './search-form.module.css';

export function buildEventSearchPath(search: string): string {
  const term = search.trim();
  return term ? `/events?${new URLSearchParams({ search: term }).toString()}` : '/events';
}

export interface SearchFormProps {
  className?: string;
}

export function SearchForm({ className }: SearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(buildEventSearchPath(search));
  }

  return (
    // The action is where the app goes too: a search sent before the app has taken over a page
    // the server rendered (decision 0026) lands on the same list.
    <form
      role="search"
      aria-label={t('header.search.label')}
      className={className}
      action="/events"
      onSubmit={submitSearch}
    >
      <Group gap="xs" wrap="nowrap">
        {/* A plain input styled as Mantine's (search-form.module.css), to keep it out of the entry. */}
        <input
          {...SEARCH_FIELD_ATTRIBUTES}
          className={classes.field}
          aria-label={t('header.search.label')}
          placeholder={t('header.search.placeholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <ActionIcon type="submit" variant="filled" aria-label={t('header.search.submit')}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path
              d="m16.5 16.5 5 5"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        </ActionIcon>
      </Group>
    </form>
  );
}
