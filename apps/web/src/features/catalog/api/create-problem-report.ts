import { useMutation } from '@tanstack/react-query';
import type { ProblemReport, ProblemReportRequest } from '@hafla/shared/catalog/problem-reports';
import { apiClient } from '../../../lib/api-client';

export function createProblemReport(body: ProblemReportRequest): Promise<ProblemReport> {
  return apiClient.request<ProblemReport>('/api/v1/problem-reports/', { method: 'POST', body });
}

export function useCreateProblemReport() {
  return useMutation({ mutationFn: createProblemReport });
}
