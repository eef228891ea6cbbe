/** Every admin console query sits under one root, so a change refreshes what it touches. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  content: (kind: string) => [...adminKeys.all, 'content', kind] as const,
  homeSections: () => [...adminKeys.all, 'home-sections'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  events: () => [...adminKeys.all, 'events'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  user: (id: string) => [...adminKeys.all, 'users', id] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

/** A server-side table's window: page (from 1), sort and search, read from the address. */
export interface TableQuery {
  page: number;
  pageSize: number;
  ordering?: string;
  search?: string;
}

export const queryOf = ({ page, pageSize, ordering, search }: TableQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
  ordering,
  search: search || undefined,
});
