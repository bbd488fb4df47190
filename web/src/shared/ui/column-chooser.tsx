import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  accessor: string;
  label: string;
}

/**
 * The Columns button of a list table: a checkbox per column the user may show or hide. The last
 * column shown cannot be hidden; "Default columns" goes back to the table's own choice.
 */
export function ColumnChooser({
  columns,
  shown,
  isDefault,
  onChange,
  onReset,
}: {
  columns: ChoosableColumn[];
  shown: ReadonlySet<string>;
  isDefault: boolean;
  onChange: (shown: Set<string>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const toggle = (accessor: string, checked: boolean) => {
    const next = new Set(shown);
    if (checked) next.add(accessor);
    else next.delete(accessor);
    onChange(next);
  };
  const shownCount = columns.filter((column) => shown.has(column.accessor)).length;

  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns3 size={16} aria-hidden />}
          aria-label={t('lists.columns.button', { shown: shownCount, all: columns.length })}
        >
          {t('lists.columns.label')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={titleId} miw={200}>
          <Text size="sm" fw={600} id={titleId}>
            {t('lists.columns.title')}
          </Text>
          {columns.map((column) => {
            const checked = shown.has(column.accessor);
            return (
              <Checkbox
                key={column.accessor}
                label={column.label}
                checked={checked}
                disabled={checked && shownCount === 1}
                onChange={(event) => toggle(column.accessor, event.currentTarget.checked)}
              />
            );
          })}
          <Button variant="subtle" size="xs" onClick={onReset} disabled={isDefault}>
            {t('lists.columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
