import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventQueryOptions } from './get-event';
import { organizerEventKeys } from './query-keys';

export interface UploadEventCoverInput {
  eventId: number;
  file: File;
}

/** Multipart, field `cover`: a PNG, JPEG, WebP or GIF within the app's upload limit. */
export function uploadEventCover({ eventId, file }: UploadEventCoverInput): Promise<Event> {
  const body = new FormData();
  body.append('cover', file);
  return apiClient.request<Event>(`/api/v1/events/${eventId}/cover/`, { method: 'POST', body });
}

export function useUploadEventCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEventCover,
    onSuccess: (event) => {
      queryClient.setQueryData(organizerEventQueryOptions(event.id).queryKey, event);
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
