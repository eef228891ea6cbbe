/** Every seat-chart query sits under one root. */
export const chartKeys = {
  all: ['seat-charts'] as const,
  lists: () => [...chartKeys.all, 'list'] as const,
  chart: (chartId: number) => [...chartKeys.all, 'chart', chartId] as const,
  version: (chartId: number, version: number) =>
    [...chartKeys.all, 'chart', chartId, 'version', version] as const,
  dateChart: (eventDateId: number) => [...chartKeys.all, 'event-date', eventDateId] as const,
};
