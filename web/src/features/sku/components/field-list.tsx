import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list, in columns on wide screens. */
export function FieldList({ fields }: { fields: Field[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="sm" c="dimmed">
            {field.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {field.value === null || field.value === undefined || field.value === ''
              ? t('sku.view.none')
              : field.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
