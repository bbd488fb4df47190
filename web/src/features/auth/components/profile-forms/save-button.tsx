import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Each form saves on its own; a running save blocks a second one (SPEC.md §5 'Double submit'). */
export function SaveButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending} disabled={pending}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
