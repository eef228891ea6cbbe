/** `seatsChartCurrentStep`: the designer's five steps, in order. */
export const DESIGNER_STEPS = ['venue', 'sections', 'labels', 'categories', 'review'] as const;
export type DesignerStep = (typeof DESIGNER_STEPS)[number];

export function isDesignerStep(value: string | null): value is DesignerStep {
  return (DESIGNER_STEPS as readonly (string | null)[]).includes(value);
}

export function designerStepNumber(step: DesignerStep): number {
  return DESIGNER_STEPS.indexOf(step) + 1;
}

export function nextDesignerStep(step: DesignerStep): DesignerStep | null {
  return DESIGNER_STEPS[DESIGNER_STEPS.indexOf(step) + 1] ?? null;
}

export function previousDesignerStep(step: DesignerStep): DesignerStep | null {
  const index = DESIGNER_STEPS.indexOf(step);
  return index > 0 ? (DESIGNER_STEPS[index - 1] ?? null) : null;
}

export function designerPath(chartId: number, step: DesignerStep = 'venue'): string {
  return `/organizer/seat-charts/${chartId}?step=${step}`;
}
