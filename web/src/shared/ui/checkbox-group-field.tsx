import { Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CheckboxOption<V extends string> {
  value: V;
  label: string;
  description?: string;
  disabled?: boolean;
}

/**
 * A form's set of ticks (an API key's permissions, a webhook's events, a user's companies): one
 * labelled group whose value is the ticked options, laid out in a row or, with `column`, one a line.
 */
export function CheckboxGroupField<V extends string>({
  label,
  description,
  hint,
  withAsterisk,
  error,
  options,
  value,
  onChange,
  column = false,
}: {
  label: string;
  description?: string;
  /** A line above the options, under the label's description. */
  hint?: ReactNode;
  withAsterisk?: boolean;
  error?: ReactNode;
  options: readonly CheckboxOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  column?: boolean;
}) {
  const Layout = column ? Stack : Group;
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      error={error}
      value={value}
      onChange={(next) => onChange(next as V[])}
    >
      <Stack gap={6} mt={6}>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        <Layout gap={column ? 6 : 'md'}>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
              disabled={option.disabled}
            />
          ))}
        </Layout>
      </Stack>
    </Checkbox.Group>
  );
}
