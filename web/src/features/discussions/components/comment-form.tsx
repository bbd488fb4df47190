import { discussions } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api';
import { fieldError, requiredText, useFormDraft } from '../../../shared/forms';
import { DraftNote } from '../../../shared/ui/draft-note';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { RemoteMultiSelect } from '../../../shared/ui/remote-select';
import { discussionUserSource } from '../api/list-users';
import { FileAttachments } from './file-attachments';

/** SPEC.md §5 'Comment': the message is required; users and files are optional. */
const CommentFormSchema = discussions.AddCommentGeneralRequest.pick({ files: true, users: true }).extend({
  text: requiredText({ max: 10_000 }),
});
export type CommentFormValues = z.output<typeof CommentFormSchema>;
type CommentFormInput = z.input<typeof CommentFormSchema>;

/**
 * The new-comment form of a thread. With `companyId` it also offers users of that company to
 * bring into the discussion (regular and private discussions); without, it has none (orders,
 * broadcasts).
 */
export function CommentForm({
  companyId,
  draftName,
  onSend,
}: {
  companyId?: number;
  /** Names the thread: what is typed is kept in the tab until sent or discarded. */
  draftName: string;
  onSend: (values: CommentFormValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [attachmentsKey, setAttachmentsKey] = useState(0);
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<CommentFormInput, unknown, CommentFormValues>({
    defaultValues: { text: '', users: [], files: [] },
    resolver: zodResolver(CommentFormSchema),
  });
  const { control, register, handleSubmit, formState, reset } = form;
  // Uploaded files cannot be shown again from a draft: only the text and the users are kept.
  const draft = useFormDraft(form, `comment:${draftName}`, { fields: ['text', 'users'] });

  const onSubmit = handleSubmit(
    async (values) => {
      if (uploading) return;
      setServerError(null);
      try {
        await onSend(values);
        draft.clear();
        reset();
        setAttachmentsKey((key) => key + 1);
        notifySuccess(t('discussions.comment.posted'));
      } catch (error) {
        setServerError(error);
      }
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('discussions.comment.title')}>
      <Stack gap="sm">
        <DraftNote draft={draft} />
        {serverError !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, serverError)}
          </Alert>
        )}
        <Textarea
          label={t('discussions.fields.message')}
          withAsterisk
          autosize
          minRows={3}
          maxRows={12}
          {...register('text')}
          error={fieldError(t, formState.errors.text)}
        />
        {companyId !== undefined && (
          <Controller
            control={control}
            name="users"
            render={({ field }) => (
              <RemoteMultiSelect
                source={discussionUserSource}
                filters={{ company_id: companyId }}
                label={t('discussions.fields.users')}
                value={field.value ?? []}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                clearable
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="files"
          render={({ field }) => (
            <FileAttachments key={attachmentsKey} onChange={field.onChange} onBusyChange={setUploading} />
          )}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={formState.isSubmitting}
            disabled={uploading}
          >
            {t('discussions.comment.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
