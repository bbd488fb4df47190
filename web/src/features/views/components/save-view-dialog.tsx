import { views } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError, requiredText } from '../../../shared/forms';
import { FormError } from '../../../shared/ui/form-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSaveView } from '../api/save-view';

const SaveViewForm = z.object({ name: requiredText({ max: views.VIEW_NAME_MAX }), shared: z.boolean() });
type SaveViewForm = z.infer<typeof SaveViewForm>;

/** Names the list's current filters, ordering and columns as a view; shared or the user's own. */
export function SaveViewDialog({
  opened,
  onClose,
  current,
}: {
  opened: boolean;
  onClose: () => void;
  /** The view to save, as the list shows it now. */
  current: Omit<views.SaveViewRequest, 'name' | 'shared'>;
}) {
  const { t } = useTranslation();
  const save = useSaveView();
  const { register, handleSubmit, formState, reset } = useForm<SaveViewForm>({
    defaultValues: { name: '', shared: false },
    resolver: zodResolver(SaveViewForm),
    mode: 'onSubmit',
  });
  const close = () => {
    save.reset();
    reset();
    onClose();
  };
  const submit = handleSubmit(async (form) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ ...current, name: form.name, shared: form.shared });
      notifySuccess(t('views.save.done', { name: form.name }));
      close();
    } catch {
      // Shown above the fields.
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('views.save.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('views.save.intro')}
          </Text>
          <FormError error={save.error} />
          <TextInput
            label={t('views.save.name')}
            description={t('views.save.nameHint')}
            withAsterisk
            maxLength={views.VIEW_NAME_MAX}
            data-autofocus
            error={fieldError(t, formState.errors.name)}
            {...register('name')}
          />
          <Switch
            label={t('views.save.shared')}
            description={t('views.save.sharedHint')}
            {...register('shared')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
