import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Page } from '@hafla/shared/common/pagination';
import type {
  Rating,
  RatingCreateRequest,
  RatingUpdateRequest,
} from '@hafla/shared/social/ratings';
import { apiClient } from '../../../lib/api-client';
import { nextPageOffset } from '../../../lib/pagination';
import { socialKeys } from './social-keys';

export type RatingList = Page<Rating>;

/** Whose ratings: one event's or all of one organizer's events'. */
export type RatingSubject = { event: number } | { organizer: string };

export const REVIEWS_PAGE_SIZE = 10;

export const MAX_COMMENT_LENGTH = 2000;

export function getRatings(
  subject: RatingSubject,
  window: { limit: number; offset: number; mine?: boolean },
  signal?: AbortSignal,
): Promise<RatingList> {
  return apiClient.get<RatingList>('/api/v1/rate_event/', {
    query: { ...subject, ...window, mine: window.mine ? 'true' : undefined },
    signal,
  });
}

export function reviewsQueryOptions(subject: RatingSubject) {
  return infiniteQueryOptions({
    queryKey: socialKeys.reviews(subject),
    queryFn: ({ pageParam, signal }) =>
      getRatings(subject, { limit: REVIEWS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    staleTime: 60_000,
  });
}

export function useReviews(subject: RatingSubject) {
  return useInfiniteQuery(reviewsQueryOptions(subject));
}

/** The reader's own rating of an event, or null when they have not rated it. */
export function ownRatingQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: socialKeys.ownRating(eventId),
    queryFn: async ({ signal }) =>
      (await getRatings({ event: eventId }, { limit: 1, offset: 0, mine: true }, signal))
        .results[0] ?? null,
  });
}

export function useOwnRating(eventId: number, isEnabled = true) {
  return useQuery({ ...ownRatingQueryOptions(eventId), enabled: isEnabled });
}

export function rateEvent(body: RatingCreateRequest): Promise<Rating> {
  return apiClient.request<Rating>('/api/v1/rate_event/', { method: 'POST', body });
}

export function updateRating(id: number, body: RatingUpdateRequest): Promise<Rating> {
  return apiClient.request<Rating>(`/api/v1/rate_event/${id}/`, { method: 'PUT', body });
}

/** Creates the reader's rating of an event, or changes it when `ratingId` is given. */
export function useSaveRating(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, ...body }: RatingUpdateRequest & { ratingId: number | null }) =>
      ratingId === null ? rateEvent({ event: eventId, ...body }) : updateRating(ratingId, body),
    onSuccess: (rating) => {
      queryClient.setQueryData(ownRatingQueryOptions(eventId).queryKey, rating);
      void queryClient.invalidateQueries({ queryKey: socialKeys.allReviews() });
    },
  });
}
