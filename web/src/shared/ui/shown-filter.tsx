import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface UrlParams {
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
}

/**
 * Which rows a list shows (active or all, a status…), kept in the URL's `param` like the rest of
 * the table's state: a value the list does not know reads as the first one, which the URL omits.
 */
export function useShownParam<V extends string>(
  table: UrlParams,
  param: string,
  values: readonly [V, ...V[]],
) {
  const raw = table.params.get(param);
  const [fallback] = values;
  const shown = values.includes(raw as V) ? (raw as V) : fallback;
  const setShown = (next: string) => table.update({ [param]: next === fallback ? null : next });
  return [shown, setShown] as const;
}

/** The labelled segmented choice of which rows a list shows; `stacked` puts the label above. */
export function ShownFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  stacked = false,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (next: string) => void;
  stacked?: boolean;
}) {
  const labelId = useId();
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={stacked ? 4 : 'sm'}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} value={value} onChange={onChange} data={[...options]} />
    </Layout>
  );
}
