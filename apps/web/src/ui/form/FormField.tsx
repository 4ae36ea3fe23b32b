import { PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';

/** The list of error lines under a field (Mantine renders the error slot as a paragraph: one block per line). */
export function errorLines(errors: readonly string[]): ReactNode {
  if (!errors.length) return undefined;
  return errors.map((e) => (
    <span key={e} style={{ display: 'block' }}>
      {e}
    </span>
  ));
}

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  help?: string;
  errors?: readonly string[];
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}

/** The shared form field (spec section 2): text input with label, required asterisk, help text and error lines. */
export function FormField({ type = 'text', errors = [], required, help, onChange, ...rest }: FormFieldProps) {
  const props = {
    ...rest,
    id: `campo-${rest.name}`,
    withAsterisk: required,
    description: help,
    error: errorLines(errors),
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value),
  };
  return type === 'password' ? <PasswordInput {...props} /> : <TextInput {...props} type={type} />;
}
