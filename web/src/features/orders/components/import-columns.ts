import type { orders } from '@extranet/contract';
import type { TFunction } from 'i18next';

type FileColumn = { header: string; column: string | null };

/** A column of the import as the reader's language names it ("Quantity", not `qty`). */
export function importColumnLabel(t: TFunction, column: string): string {
  return t(`orders.import.column.${column}`, { defaultValue: column });
}

/**
 * A column named for the reader with the header the file gave it beside the label, so a message
 * points at the column both as the product calls it and as the file does.
 */
export function importColumnText(t: TFunction, column: string, columns: readonly FileColumn[] = []): string {
  const label = importColumnLabel(t, column);
  const header = columns.find((item) => item.column === column)?.header;
  return header === undefined ? label : t('orders.import.withHeader', { label, header });
}

/** One problem of a previewed row: its row, its column (label and file header) and what is wrong. */
export function importProblemText(
  t: TFunction,
  problem: orders.ImportProblem,
  columns: readonly FileColumn[],
): string {
  const at = t('orders.import.at', {
    row: problem.row,
    column: importColumnText(t, problem.column, columns),
  });
  return `${at} ${t(`orders.import.problem.${problem.code}`, { value: problem.value })}`;
}

/** The template's columns as a list to read: each label with the header the file must give it. */
export function importColumnsList(t: TFunction, columns: readonly string[]): string {
  return columns
    .map((column) => t('orders.import.named', { label: importColumnLabel(t, column), header: column }))
    .join(', ');
}
