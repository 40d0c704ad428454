import type { InputHTMLAttributes } from 'react';
import type { FieldErrors } from './field-errors.tsx';
import styles from './form.module.css';

export interface TextFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength' | 'autoComplete'> {
  id: string;
  name: string;
  label: string;
  /** The form's errors: the field is marked and described by the error about it (`name`). */
  errors: FieldErrors;
  /** A hint under the field, kept in its description. */
  hint?: string;
}

/** A labelled input of a form, its error and hint tied to it (WCAG 1.3.1, 3.3.1). */
export function TextField({ id, name, label, errors, hint, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input id={id} name={name} className={styles.input} {...input} {...errors.field(name, hintId)} />
      </div>
      {errors.errorUnder(name)}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A 6-digit payment (withdrawal) password field. */
export function PinField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength'>) {
  return <TextField type="password" inputMode="numeric" maxLength={6} {...props} />;
}
