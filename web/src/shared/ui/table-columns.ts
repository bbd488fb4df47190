import { auth } from '@extranet/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api';
import { notifyApiError } from './notify';

const TABLE_COLUMNS_KEY = ['table_columns'] as const;

type Choices = auth.TableColumns[];

function getTableColumnsQueryOptions() {
  return queryOptions({
    queryKey: TABLE_COLUMNS_KEY,
    queryFn: async ({ signal }) => (await callApi(auth.getTableColumns, {}, { signal })).items,
    staleTime: Number.POSITIVE_INFINITY,
    // A table whose choice cannot be read shows its default columns; the list says the rest.
    meta: { silent: true },
  });
}

/**
 * The columns a user shows in one list table: their choice, remembered on the server for every
 * browser they use, or the table's defaults until they choose. `choose` saves at once and shows
 * the new choice before the server has answered.
 */
export function useTableColumns(table: auth.TableId, defaults: readonly string[]) {
  const queryClient = useQueryClient();
  const choices = useQuery(getTableColumnsQueryOptions());
  const saved = choices.data?.find((choice) => choice.table === table)?.columns;
  const mutation = useMutation({
    mutationFn: (columns: string[] | null) => callApi(auth.setTableColumns, { table, columns }),
    // The new choice shows at once (the choices are read once a session: no load to overtake it).
    onMutate: (columns) => {
      const previous = queryClient.getQueryData<Choices>(TABLE_COLUMNS_KEY);
      queryClient.setQueryData<Choices>(TABLE_COLUMNS_KEY, (current = []) => [
        ...current.filter((choice) => choice.table !== table),
        ...(columns ? [{ table, columns }] : []),
      ]);
      return { previous };
    },
    onError: (error, _columns, context) => {
      queryClient.setQueryData(TABLE_COLUMNS_KEY, context?.previous);
      notifyApiError(error);
    },
  });
  const known: readonly string[] = auth.TABLE_COLUMNS[table];
  const shown = saved?.length ? saved : defaults.filter((column) => known.includes(column));
  return {
    shown: new Set(shown),
    isDefault: !saved?.length,
    /** Saves the columns shown, in the table's own order. */
    choose: (columns: Iterable<string>) => {
      const chosen = new Set(columns);
      mutation.mutate(known.filter((column) => chosen.has(column)));
    },
    reset: () => mutation.mutate(null),
  };
}
