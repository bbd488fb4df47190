import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { useUrlSearch } from './paged-table';

/** The free-text search box of a list (useUrlSearch's), as wide as the screen on a phone. */
export function ListSearch({
  search,
  label,
  placeholder,
  width,
  description,
}: {
  search: Pick<ReturnType<typeof useUrlSearch>, 'value' | 'onChange'>;
  label: string;
  placeholder: string;
  /** Its width in pixels from Mantine's `sm` breakpoint on. */
  width: number;
  /** A hint under the box. */
  description?: ReactNode;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      description={description}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.value}
      onChange={search.onChange}
      w={{ base: '100%', sm: width }}
      type="search"
    />
  );
}
