import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useAddCompany } from '../api/change-company';
import { CompanyForm } from '../components/company-form';
import { RequireAdmin } from '../components/require-admin';

export function CompanyAddPage() {
  return (
    <RequireAdmin>
      <CompanyAdd />
    </RequireAdmin>
  );
}

/** A new client company; saved, its page opens, where consignees, users and data follow. */
function CompanyAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddCompany();
  return (
    <Stack gap="md">
      <PageTitle
        title={t('companies.add.title')}
        section={t('companies.list.title')}
        description={t('companies.add.description')}
      />
      <Paper withBorder p="lg" radius="md">
        <CompanyForm
          submitLabel={t('companies.add.submit')}
          busy={add.isPending}
          error={add.error}
          onCancel={() => navigate('/companies')}
          onSubmit={async (fields) => {
            const { company_id } = await add.mutateAsync(fields);
            notifySuccess(t('companies.add.saved'));
            navigate(`/companies/${company_id}`);
          }}
        />
      </Paper>
    </Stack>
  );
}
