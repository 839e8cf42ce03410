// One field of the password page, with its problem under it when it has one.
import type { ReactNode } from 'react';
import type { SecretForm } from '../../core/secret-form.ts';
import { TextField } from '../ui/TextField.tsx';

export function SecretField(props: {
  name: keyof SecretForm;
  label: string;
  value: string;
  problem: string | null;
  numeric?: boolean;
  autoComplete: string;
  onChange(value: string): void;
  beside?: ReactNode | undefined;
}) {
  return (
    <TextField
      id={`secret-${props.name}`}
      name={props.name}
      label={props.label}
      type={props.name === 'code' ? 'text' : 'password'}
      {...(props.numeric ? { inputMode: 'numeric' as const } : {})}
      autoComplete={props.autoComplete}
      ltr
      value={props.value}
      problem={props.problem}
      onChange={props.onChange}
      beside={props.beside}
    />
  );
}
