import { type reports, reportUrlProblem } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { errorMessage, getPageConfig } from '../../../shared/api';
import { companySource } from '../../../shared/catalogs/sources';
import { fieldError, MESSAGES, requiredText } from '../../../shared/forms';
import { confirmAction } from '../../../shared/ui/confirm';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useAddReport } from '../api/add-report';
import { useDeleteReport } from '../api/delete-report';
import { useEditReport } from '../api/edit-report';
import { useViewReport } from '../api/view-report';
import { reportPaths } from '../components/paths';

/** SPEC.md §5 'Report form': the contract's ReportFields with the form's messages. */
const ReportFormSchema = z.object({
  company_id: z
    .number()
    .nullable()
    .refine((value) => value !== null, { message: MESSAGES.required })
    .transform((value) => value as number),
  name: requiredText({ max: 200 }),
  url: requiredText({ max: 2000 })
    .pipe(z.url({ protocol: /^https?$/, message: MESSAGES.url }))
    .superRefine((url, ctx) => {
      // The server's rule (contract report-url.ts), told before saving.
      const problem = reportUrlProblem(url, getPageConfig().REPORT_ALLOWED_HOSTS);
      if (problem)
        ctx.addIssue({ code: 'custom', message: `errorReasons.report_url_not_allowed.${problem}` });
    }),
});

interface ReportFormValues {
  company_id: number | null;
  name: string;
  url: string;
}

function ReportAccess({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['cmgr']} message={t('reports.form.forbidden')}>
      {children}
    </RequirePermission>
  );
}

export function ReportAddPage() {
  return (
    <ReportAccess>
      <ReportForm />
    </ReportAccess>
  );
}

export function ReportEditPage() {
  const reportId = positiveInt(useParams().reportId ?? null);
  return (
    <ReportAccess>{reportId !== null && <ReportEdit key={reportId} reportId={reportId} />}</ReportAccess>
  );
}

function ReportEdit({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const report = useViewReport(reportId);
  if (report.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} role="progressbar" />
      </Center>
    );
  }
  if (report.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(t, report.error)}
      </Alert>
    );
  }
  return <ReportForm report={report.data} />;
}

/** Add (no report) or edit; saving and deleting go back to the list. */
function ReportForm({ report }: { report?: reports.Report }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddReport();
  const edit = useEditReport();
  const remove = useDeleteReport();
  const { control, register, handleSubmit, formState } = useForm<
    ReportFormValues,
    unknown,
    z.output<typeof ReportFormSchema>
  >({
    defaultValues: {
      company_id: report?.company_id ?? null,
      name: report?.name ?? '',
      url: report?.url ?? '',
    },
    resolver: zodResolver(ReportFormSchema),
    // Checked on submit, then on every change: no message appears under a field while the
    // pointer is on its way to the submit button, so the button never moves under it.
    mode: 'onSubmit',
  });
  const busy = add.isPending || edit.isPending || remove.isPending;
  const serverError = add.error ?? edit.error ?? remove.error;
  const title = report ? t('reports.form.editTitle') : t('reports.form.addTitle');

  const onSubmit = handleSubmit(
    async (fields) => {
      if (busy) return;
      try {
        if (report) await edit.mutateAsync({ report_id: report.report_id, fields });
        else await add.mutateAsync({ fields });
        notifySuccess(t('reports.form.saved'));
        navigate(reportPaths.list());
      } catch {
        window.scrollTo({ top: 0 });
      }
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  const confirmDelete = () => {
    if (!report) return;
    confirmAction({
      title: t('reports.form.deleteTitle'),
      text: t('reports.form.deleteText', { name: report.name }),
      confirm: t('reports.form.delete'),
      danger: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(report.report_id);
          // SPEC.md §8: a deleted report is announced in the error style.
          notifyError(t('reports.form.deleted'));
          navigate(reportPaths.list());
        } catch {
          window.scrollTo({ top: 0 });
        }
      },
    });
  };

  return (
    <Stack gap="md" maw={640}>
      <PageTitle title={title} section={t('reports.list.title')} />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            {serverError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(t, serverError)}
              </Alert>
            )}
            <Controller
              control={control}
              name="company_id"
              render={({ field, fieldState }) => (
                <RemoteSelect
                  source={companySource}
                  label={t('reports.fields.company')}
                  withAsterisk
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={fieldError(t, fieldState.error)}
                />
              )}
            />
            <TextInput
              label={t('reports.fields.name')}
              withAsterisk
              {...register('name')}
              error={fieldError(t, formState.errors.name)}
            />
            <TextInput
              label={t('reports.fields.url')}
              withAsterisk
              type="url"
              placeholder="https://"
              {...register('url')}
              error={fieldError(t, formState.errors.url)}
            />
            <Group justify="space-between" gap="sm">
              {report ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={confirmDelete}
                  disabled={busy}
                >
                  {t('reports.form.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" component={Link} to={reportPaths.list()}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={add.isPending || edit.isPending} disabled={remove.isPending}>
                  {t('reports.form.submit')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
