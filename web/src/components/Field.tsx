// The form pieces every page builds its forms from: a labelled field (of one input or any
// control), a select of choices, a row's small button and the error line under a form.

import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { errorMessage } from '../lib/api';

/** A form row: its label above the control the label names (by `id`). */
export function Field({ id, label, className, children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A form row of one input. */
export function InputField({ label, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode }) {
  return (
    <Field id={input.id} label={label} className={className}>
      <input {...input} />
    </Field>
  );
}

/** A small button of a table row or a list item, named for screen readers by `label`. */
export function SmallButton({ label, ...button }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { label: string }) {
  return <button type="button" className="btn btn-small" aria-label={label} {...button} />;
}

export interface Choice {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'children'>;

/** A select of choices; `onChoose` gets the chosen value. */
export function ChoiceSelect({
  choices,
  onChoose,
  ...select
}: SelectProps & { choices: readonly Choice[]; onChoose: (value: string) => void }) {
  return (
    <select {...select} onChange={(e) => onChoose(e.target.value)}>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** What is wrong with a form: the form's own problem first, else the failed request's error. */
export function FormError({ problem, error, small }: { problem?: string | null; error?: unknown; small?: boolean }) {
  if (!problem && !error) return null;
  return (
    <p className={small ? 'form-error small' : 'form-error'} role="alert">
      {problem ?? errorMessage(error)}
    </p>
  );
}
