import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Tells the form or page around a field whether the field's text is one it can take. */
type Report = (fieldId: string, isValid: boolean) => void;

const FieldValidityContext = createContext<Report | null>(null);

/**
 * The fields below that hold text the chart cannot take (a number out of range): the chart
 * keeps its last good value, so a form refuses to submit and the page refuses to say "saved"
 * or move on while any is left.
 */
export function useInvalidFields(): { invalid: ReadonlySet<string>; report: Report } {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((fieldId, isValid) => {
    setInvalid((before) => {
      if (before.has(fieldId) !== isValid) return before;
      const next = new Set(before);
      if (isValid) next.delete(fieldId);
      else next.add(fieldId);
      return next;
    });
  }, []);
  return { invalid, report };
}

/** Collects the validity of the fields inside (the nearest one wins: a form inside a page). */
export function FieldValidity({ report, children }: { report: Report; children: ReactNode }) {
  return <FieldValidityContext.Provider value={report}>{children}</FieldValidityContext.Provider>;
}

/** A field says whether its text is valid; a field that goes away no longer counts. */
export function useReportValidity(isValid: boolean): void {
  const report = useContext(FieldValidityContext);
  const fieldId = useId();
  useEffect(() => {
    report?.(fieldId, isValid);
  }, [report, fieldId, isValid]);
  useEffect(() => () => report?.(fieldId, true), [report, fieldId]);
}

/** Moves focus to the first field showing an error inside `container`, as forms here do. */
export function focusFirstInvalid(container: ParentNode | null | undefined): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  return Boolean(field);
}

/**
 * A form's own fields (wrap them in `FieldValidity` with `report`): whether any holds what the
 * chart cannot take, and `focusFirstError` to move to the first field to correct once the
 * errors of a refused submit are drawn (effects run after paint).
 */
export function useFormFields() {
  const { invalid, report } = useInvalidFields();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const focusFirstError = useCallback(() => setFocusRequest((count) => count + 1), []);
  return { formRef, report, hasInvalidFields: invalid.size > 0, focusFirstError };
}
