/**
 * The one place API errors become messages: field errors go next to the form field they
 * name, everything else becomes a notification carrying the problem's detail.
 */
import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError, type FieldError } from './http';
import { t } from '../i18n';

export type NamePath = (string | number)[];

/** `target.successCodes[0]` → `['target', 'successCodes', 0]`. */
export function fieldPath(field: string): NamePath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const samePath = (a: NamePath, b: NamePath) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

export interface SplitErrors {
  /** Errors whose field is a field of the form, ready for `form.setFields`. */
  onFields: { name: NamePath; errors: string[] }[];
  /** Errors for fields the form does not show (or with no field at all). */
  elsewhere: FieldError[];
}

/** Splits field errors into those the form can show in place and the rest. */
export function splitFieldErrors(fieldErrors: FieldError[], formFields: NamePath[]): SplitErrors {
  const onFields: SplitErrors['onFields'] = [];
  const elsewhere: FieldError[] = [];
  for (const error of fieldErrors) {
    const path = fieldPath(error.field);
    const known = path.length > 0 && formFields.some((f) => samePath(f, path));
    if (!known) {
      elsewhere.push(error);
      continue;
    }
    const existing = onFields.find((f) => samePath(f.name, path));
    if (existing) existing.errors.push(error.message);
    else onFields.push({ name: path, errors: [error.message] });
  }
  return { onFields, elsewhere };
}

/** A readable one-liner for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail || error.title;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Field errors the form cannot show, as text appended to the notification. */
function describeElsewhere(errors: FieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
}

/**
 * Hook returning the error handler every page uses. With a form, field errors are shown
 * beside their fields; a notification is raised only for what is left to say.
 */
export function useApiErrorHandler() {
  const { notification } = App.useApp();
  return useCallback(
    (error: unknown, form?: FormInstance) => {
      if (error instanceof ApiError) {
        const formFields = form ? form.getFieldsError().map((f) => f.name as NamePath) : [];
        const { onFields, elsewhere } = splitFieldErrors(error.fieldErrors, formFields);
        if (form && onFields.length > 0) form.setFields(onFields);
        if (onFields.length > 0 && elsewhere.length === 0) return;
        const description = [error.detail, describeElsewhere(elsewhere)].filter(Boolean).join(' — ');
        notification.error({ message: error.title, description: description || undefined });
        return;
      }
      notification.error({ message: t('common.somethingWentWrong'), description: errorMessage(error) });
    },
    [notification],
  );
}
