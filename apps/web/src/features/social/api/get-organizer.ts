import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@hafla/shared/profile/profile';
import { apiClient } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

// Mirrors the shared uuid check without importing zod.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrganizerId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/** The API path of an organizer's profile (an organizer's page carries its answer). */
export const organizerPath = (organizerId: string) =>
  `/api/v1/profile/${encodeURIComponent(organizerId)}/`;

/** An organizer's public profile; a 404 here is a missing page, never a reason to sign out. */
export function getOrganizer(organizerId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiClient.get<PublicProfile>(organizerPath(organizerId), { signal });
}

export function organizerQueryOptions(organizerId: string) {
  return queryOptions({
    queryKey: socialKeys.organizer(organizerId),
    queryFn: ({ signal }) => getOrganizer(organizerId, signal),
    staleTime: 60_000,
  });
}

export function useOrganizer(organizerId: string | null) {
  return useQuery({ ...organizerQueryOptions(organizerId ?? ''), enabled: organizerId !== null });
}

/** "Nour Events", or the person's name when no organization is set. */
export function organizerName(
  profile: Pick<PublicProfile, 'organization_name' | 'first_name' | 'last_name'>,
): string {
  const organization = profile.organization_name?.trim();
  if (organization) return organization;
  return [profile.first_name, profile.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
