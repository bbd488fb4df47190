import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FormDraft } from '../forms';
import { useLanguage } from '../i18n';

/** Says that a form opened with an unsaved draft (shared/forms/use-form-draft.ts), with Discard. */
export function DraftNote({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!draft.restoredAt) return null;
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(draft.restoredAt);
  return (
    <Alert color="blue" variant="light" icon={<IconRestore aria-hidden />} data-testid="draft-note">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('drafts.restored', { time })}</Text>
        <Button size="xs" variant="default" onClick={draft.discard}>
          {t('drafts.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
