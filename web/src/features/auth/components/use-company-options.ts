import type { auth } from '@extranet/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef } from 'react';
import { useListLinkedCompanies } from '../api/list-linked-companies';

/** SPEC.md §7 'List conventions': pickers search with filters.smart after 250 ms, 10 at a time. */
export const PICKER_SEARCH_DELAY_MS = 250;
export const PICKER_PAGE_SIZE = 10;

/**
 * Options of a company picker: the companies matching the search (list_linked_companies), plus
 * the chosen ones, whose names come from `known` or are fetched by id (after a reload of a URL
 * that carries only the id).
 */
export function useCompanyOptions(options: { selected: number[]; search: string; known?: auth.Company[] }) {
  const { selected, search, known = [] } = options;
  const names = useRef(new Map<number, string>());
  for (const company of known) names.current.set(company.company_id, company.name);
  // A single select shows the chosen name in its search box: offer every company then.
  const shownName = selected.length === 1 ? names.current.get(selected[0] as number) : undefined;
  const term = search === shownName ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, PICKER_SEARCH_DELAY_MS);

  const matching = useListLinkedCompanies({
    filters: debounced ? { smart: debounced } : {},
    page: 0,
    count: PICKER_PAGE_SIZE,
    ordering: 'name',
    with_total: false,
  });
  const unnamed = selected.filter((id) => !names.current.has(id));
  const chosen = useListLinkedCompanies(
    { filters: { company_id_list: unnamed }, page: 0, count: Math.max(unnamed.length, 1), with_total: false },
    unnamed.length > 0,
  );
  for (const company of [...(matching.data?.items ?? []), ...(chosen.data?.items ?? [])]) {
    names.current.set(company.company_id, company.name);
  }

  const matchingItems = matching.data?.items;
  const chosenItems = chosen.data?.items;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the name cache is filled from the query data listed.
  const data = useMemo(() => {
    const ids = [...selected, ...(matchingItems ?? []).map((company) => company.company_id)];
    return [...new Set(ids)].map((id) => ({ value: id, label: names.current.get(id) ?? `#${id}` }));
  }, [selected, matchingItems, chosenItems]);

  return { data, isFetching: matching.isFetching || chosen.isFetching };
}
