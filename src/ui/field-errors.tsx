import { type FormEvent, useEffect, useId, useRef } from 'react';
import { MessageAlert, useMessageText } from './message-alert.tsx';
import styles from './form.module.css';

/** A submitted form's values by field name (the submit's default, a page load, prevented). */
export const formValues = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  return (name: string) => String(data.get(name) ?? '');
};

/**
 * Which fields of a form an error is about: the machine's message id or
 * the server's error code -> the names of the fields (their `name`).
 */
export type ErrorFields = Readonly<Record<string, readonly string[]>>;

/** Focus on the first field (by name) of a form; a radio group's checked choice, else its first. */
function focusField(form: HTMLFormElement | null, name: string | undefined) {
  if (!form || !name) return;
  const inputs = Array.from(form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`));
  (inputs.find((input) => input.checked) ?? inputs[0])?.focus();
}

/**
 * A form's error tied to its fields (WCAG 3.3.1, 1.3.1): a field it is
 * about is marked `aria-invalid` and described by the error's text, shown
 * under the first of them, and takes focus when the error appears and after
 * every submit the error stands after (the same error again changes nothing
 * a screen reader would hear). An error about no field (a failure of the
 * server) is the form's alert (`FormError`).
 */
export function useFieldErrors(errorCode: string | null, fieldsOf: ErrorFields) {
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const text = useMessageText();
  const fields = (errorCode ? fieldsOf[errorCode] : undefined) ?? [];
  const first = fields[0];
  useEffect(() => {
    if (errorCode) focusField(form.current, first);
  }, [errorCode, first]);
  return {
    form,
    /** The error props of the field `name` (`hintId`: the id of its hint, kept in its description). */
    field: (name: string, hintId?: string) => {
      const invalid = fields.includes(name);
      return {
        'aria-invalid': invalid || undefined,
        'aria-describedby': [invalid ? errorId : null, hintId].filter(Boolean).join(' ') || undefined,
      };
    },
    /** The error's text, under the first field it is about (`name`). */
    errorUnder: (name: string) =>
      errorCode && first === name ? (
        <span id={errorId} className={styles.fieldError}>
          {text(errorCode)}
        </span>
      ) : null,
    /** The error when it is about no field, announced as the form's alert. */
    formError: fields.length === 0 ? <MessageAlert messageId={errorCode} /> : null,
    /** After a submit (the machine has taken it): focus on the field of the error that stands. */
    refocus: (standing: string | null) => focusField(form.current, (standing ? fieldsOf[standing] : undefined)?.[0]),
  };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;
