import { discussions } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api';
import { companySource } from '../../../shared/catalogs/sources';
import { fieldError, MESSAGES, requiredText, useFormDraft } from '../../../shared/forms';
import { DraftNote } from '../../../shared/ui/draft-note';
import { notifyError } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { RemoteMultiSelect, RemoteSelect } from '../../../shared/ui/remote-select';
import { useAddDiscussion } from '../api/add-discussion';
import type { Visibility } from '../api/keys';
import { discussionUserSource } from '../api/list-users';
import { FileAttachments } from '../components/file-attachments';
import { discussionPaths } from '../components/paths';

/** SPEC.md §5 'Discussion': company, name and message are required. */
const DiscussionFormSchema = discussions.AddDiscussionRequest.pick({ files: true, users: true }).extend({
  company_id: z
    .number()
    .nullable()
    .refine((value) => value !== null, { message: MESSAGES.required })
    .transform((value) => value as number),
  name: requiredText({ max: 200 }),
  text: requiredText({ max: 10_000 }),
});
type FormInput = z.input<typeof DiscussionFormSchema>;
type FormOutput = z.output<typeof DiscussionFormSchema>;

/**
 * SPEC.md §2 'Discussion create form': company, name, attachments, message and, except for
 * broadcasts, users of the chosen company. Goes to the new discussion when saved.
 */
export function DiscussionAddPage({ visibility }: { visibility: Visibility }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddDiscussion(visibility);
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    defaultValues: { company_id: null, name: '', text: '', users: [], files: [] },
    resolver: zodResolver(DiscussionFormSchema),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, setValue, watch } = form;
  // Uploaded files cannot come back after a reload; what is typed and chosen can.
  const draft = useFormDraft(form, `discussion-add:${visibility}`, {
    fields: ['company_id', 'name', 'text', 'users'],
  });
  const companyId = watch('company_id');
  const title = t(`discussions.add.title.${visibility}`);

  const onSubmit = handleSubmit(
    async (values) => {
      if (add.isPending || uploading) return;
      try {
        const { discussion_id } = await add.mutateAsync({
          ...values,
          users: visibility === 'broadcast' ? [] : values.users,
        });
        draft.clear();
        navigate(discussionPaths.view(discussion_id));
      } catch {
        window.scrollTo({ top: 0 });
      }
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  return (
    <Stack gap="md" maw={720}>
      <PageTitle title={title} section={t('discussions.list.title')} />
      <DraftNote draft={draft} />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            {add.error && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(t, add.error)}
              </Alert>
            )}
            <Controller
              control={control}
              name="company_id"
              render={({ field, fieldState }) => (
                <RemoteSelect
                  source={companySource}
                  label={t('discussions.fields.company')}
                  withAsterisk
                  value={field.value ?? null}
                  onChange={(value) => {
                    field.onChange(value);
                    // Chosen users belong to one company: another company starts the choice again.
                    setValue('users', []);
                  }}
                  onBlur={field.onBlur}
                  error={fieldError(t, fieldState.error)}
                />
              )}
            />
            <TextInput
              label={t('discussions.fields.name')}
              withAsterisk
              {...register('name')}
              error={fieldError(t, formState.errors.name)}
            />
            <Controller
              control={control}
              name="files"
              render={({ field }) => (
                <FileAttachments onChange={field.onChange} onBusyChange={setUploading} />
              )}
            />
            <Textarea
              label={t('discussions.fields.message')}
              withAsterisk
              rows={6}
              {...register('text')}
              error={fieldError(t, formState.errors.text)}
            />
            {visibility !== 'broadcast' && (
              <Controller
                control={control}
                name="users"
                render={({ field }) => (
                  <RemoteMultiSelect
                    source={discussionUserSource}
                    filters={{ company_id: companyId ?? undefined }}
                    enabled={companyId !== null}
                    label={t('discussions.fields.users')}
                    description={companyId === null ? t('discussions.add.chooseCompanyFirst') : undefined}
                    value={field.value ?? []}
                    onChange={(value) => field.onChange(value)}
                    onBlur={field.onBlur}
                    clearable
                  />
                )}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={discussionPaths.list()}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending} disabled={uploading}>
                {t('discussions.add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export function BroadcastAddPage() {
  return <DiscussionAddPage visibility="broadcast" />;
}

export function NormalAddPage() {
  return <DiscussionAddPage visibility="normal" />;
}

export function PrivateAddPage() {
  return <DiscussionAddPage visibility="private" />;
}
