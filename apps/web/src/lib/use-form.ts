import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from './api-client';
import { i18n } from './i18n';

type Values = Record<string, unknown>;
type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export type FieldValidator<V extends Values, K extends keyof V> = (
  value: V[K],
  values: V,
) => string | null;

export interface UseFormOptions<V extends Values> {
  initialValues: V;
  /** Client-side checks for obvious mistakes; the API's answer stays the source of truth. */
  validate?: { [K in keyof V]?: FieldValidator<V, K> };
}

export interface FormInputProps<T> {
  value: T;
  onChange: (eventOrValue: unknown) => void;
  error: string | undefined;
}

/** What an API failure means for a form: messages per field (by `attr`) and the rest. */
export interface SplitErrors {
  fieldErrors: Record<string, string>;
  message: string | null;
}

export function splitApiErrors(error: unknown, fields: readonly string[]): SplitErrors {
  if (!isApiError(error)) return { fieldErrors: {}, message: i18n.t('errors.server') };
  const fieldErrors: Record<string, string> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    if (item.attr && fields.includes(item.attr)) {
      fieldErrors[item.attr] ??= item.detail;
    } else if (!messages.includes(item.detail)) {
      messages.push(item.detail);
    }
  }
  return { fieldErrors, message: messages.length > 0 ? messages.join(' ') : null };
}

function readValue(eventOrValue: unknown): unknown {
  if (
    typeof eventOrValue === 'object' &&
    eventOrValue !== null &&
    'currentTarget' in eventOrValue
  ) {
    const target = (eventOrValue as { currentTarget: unknown }).currentTarget;
    if (target instanceof HTMLInputElement && target.type === 'checkbox') return target.checked;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    ) {
      return target.value;
    }
  }
  return eventOrValue;
}

/**
 * A small form state hook shaped like @mantine/form's (`setErrors`, `onSubmit`, input props
 * per field), which this workspace does not install. After a failed submit, focus moves to
 * the first invalid field so keyboard and screen-reader users land on the problem.
 */
export function useForm<V extends Values>({ initialValues, validate }: UseFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const fields = Object.keys(initialValues);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setFieldValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrorsState((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as keyof V & string];
      return next;
    });
  }, []);

  function setErrors(next: FieldErrors<V>): void {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1);
  }

  function runValidation(current: V): FieldErrors<V> {
    const found: FieldErrors<V> = {};
    if (!validate) return found;
    for (const field of Object.keys(validate) as (keyof V & string)[]) {
      const message = validate[field]?.(current[field], current);
      if (message) found[field] = message;
    }
    return found;
  }

  function inputPropsFor<K extends keyof V & string>(field: K): FormInputProps<V[K]> {
    return {
      value: values[field],
      onChange: (eventOrValue) => setFieldValue(field, readValue(eventOrValue) as V[K]),
      error: errors[field],
    };
  }

  // `{...form.inputs.email}` rather than `getInputProps('email')`: typed, and no string literal
  // in JSX for the i18n lint to mistake for copy.
  const inputs = Object.fromEntries(fields.map((field) => [field, inputPropsFor(field)])) as {
    [K in keyof V & string]: FormInputProps<V[K]>;
  };

  function onSubmit(handler: (values: V) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setFormError(null);
      const found = runValidation(values);
      setErrors(found);
      if (Object.keys(found).length === 0) handler(values);
    };
  }

  /** Shows an API failure: `attr` errors on their fields, anything else above the form. */
  function showApiError(error: unknown): void {
    const { fieldErrors, message } = splitApiErrors(error, fields);
    setErrors(fieldErrors as FieldErrors<V>);
    setFormError(message);
  }

  function reset(): void {
    setValues(initialValues);
    setErrorsState({});
    setFormError(null);
  }

  return {
    values,
    errors,
    formError,
    setFormError,
    setValues,
    setFieldValue,
    setErrors,
    inputs,
    onSubmit,
    showApiError,
    reset,
  };
}
