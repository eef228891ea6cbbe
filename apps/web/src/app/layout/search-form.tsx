import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_INPUT_PROPS } from '../../components/search-input-props';

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
    <form role="search" className={className} onSubmit={submitSearch}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          {...SEARCH_INPUT_PROPS}
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
