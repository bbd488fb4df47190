import type { companies } from '@extranet/contract';
import { Alert, Anchor, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingOff, IconBuildingStore } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import {
  useEditCompany,
  useSetCompanyActive,
  useSetCompanySecondFactor,
  useSetCompanySso,
} from '../api/change-company';
import { COMPANY_USERS_PAGE, useCompanyReports, useCompanyUsers } from '../api/company-members';
import { useViewCompany } from '../api/view-company';
import { CompanyForm } from '../components/company-form';
import { CompanyStatusBadge } from '../components/company-status-badge';
import { MasterDataUpload } from '../components/master-data-upload';
import { RequireAdmin } from '../components/require-admin';
import { SignInRuleSwitch } from '../components/sign-in-rule-switch';

export function CompanyPage() {
  const companyId = positiveInt(useParams().companyId ?? null);
  return (
    <RequireAdmin>{companyId !== null && <Company key={companyId} companyId={companyId} />}</RequireAdmin>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** One client company: its details, sign-in rule, consignees, users, reports and master data. */
function Company({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const company = useViewCompany(companyId);
  if (company.data === undefined) return <DataState query={company}>{() => null}</DataState>;
  const data = company.data;
  return (
    <Stack gap="md">
      <PageTitle
        title={
          <Group gap="sm" component="span">
            <span>{data.name}</span>
            <CompanyStatusBadge active={data.active} />
          </Group>
        }
        record={data.name}
        section={t('companies.list.title')}
        description={t('companies.page.code', { code: data.code })}
        actions={<ActiveToggle company={data} />}
      />
      {!data.active && (
        <Alert color="gray" variant="light" icon={<IconBuildingOff aria-hidden />}>
          {t('companies.page.inactiveNote')}
        </Alert>
      )}
      <Details company={data} />
      <SignInRules company={data} />
      <Consignees company={data} />
      <Users companyId={companyId} />
      <Reports companyId={companyId} />
      <Section title={t('companies.import.title')} description={t('companies.import.description')}>
        <MasterDataUpload company={data} />
      </Section>
    </Stack>
  );
}

function ActiveToggle({ company }: { company: companies.CompanyView }) {
  const { t } = useTranslation();
  const setActive = useSetCompanyActive();
  const change = async (active: boolean) => {
    try {
      await setActive.mutateAsync({ companyId: company.company_id, active });
      notifySuccess(active ? t('companies.page.activated') : t('companies.page.deactivated'));
    } catch (error) {
      notifyApiError(error);
    }
  };
  if (!company.active) {
    return (
      <Button
        variant="light"
        leftSection={<IconBuildingStore size={18} aria-hidden />}
        loading={setActive.isPending}
        onClick={() => change(true)}
      >
        {t('companies.page.activate')}
      </Button>
    );
  }
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconBuildingOff size={18} aria-hidden />}
      loading={setActive.isPending}
      onClick={() =>
        confirmAction({
          title: t('companies.page.deactivateTitle', { name: company.name }),
          text: t('companies.page.deactivateText', { count: company.users }),
          confirm: t('companies.page.deactivate'),
          danger: true,
          onConfirm: () => change(false),
        })
      }
    >
      {t('companies.page.deactivate')}
    </Button>
  );
}

function Details({ company }: { company: companies.CompanyView }) {
  const { t } = useTranslation();
  const edit = useEditCompany();
  return (
    <Section title={t('companies.page.details')}>
      <CompanyForm
        company={company}
        submitLabel={t('common.save')}
        busy={edit.isPending}
        error={edit.error}
        onSubmit={async (fields) => {
          await edit.mutateAsync({ company_id: company.company_id, ...fields });
          notifySuccess(t('companies.page.saved'));
        }}
      />
    </Section>
  );
}

/** Role 99: how the company's users must sign in, a second factor or single sign-on (issue 34). */
function SignInRules({ company }: { company: companies.CompanyView }) {
  const { t } = useTranslation();
  const secondFactor = useSetCompanySecondFactor();
  const sso = useSetCompanySso();
  const rules = [
    {
      rule: 'secondFactor',
      title: t('companies.page.security'),
      required: company.second_factor_required,
      setRequired: secondFactor,
    },
    { rule: 'sso', title: t('companies.page.ssoTitle'), required: company.sso_required, setRequired: sso },
  ] as const;
  return rules.map(({ rule, title, required, setRequired }) => (
    <Section key={rule} title={title}>
      <SignInRuleSwitch
        rule={rule}
        companyId={company.company_id}
        required={required}
        setRequired={setRequired}
      />
    </Section>
  ));
}

function Consignees({ company }: { company: companies.CompanyView }) {
  const { t } = useTranslation();
  const rows = company.consignees_list;
  return (
    <Section title={t('companies.page.consignees', { count: company.consignees })}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('companies.page.noConsignees')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('companies.fields.code')}</Table.Th>
                <Table.Th>{t('companies.fields.name')}</Table.Th>
                <Table.Th>{t('companies.page.businessLine')}</Table.Th>
                <Table.Th>{t('companies.list.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.consignee_id}>
                  <Table.Td>{row.code}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.business_line.name}</Table.Td>
                  <Table.Td>
                    <CompanyStatusBadge active={row.active} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Users({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const users = useCompanyUsers(companyId, page - 1);
  const total = users.data?.total ?? 0;
  return (
    <Section title={t('companies.page.users', { count: total })}>
      <DataState
        query={users}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('companies.page.noUsers')}
      >
        {(data) => (
          <Stack gap="xs">
            <Table striped>
              <Table.Tbody>
                {data.items.map((user) => (
                  <Table.Tr key={user.user_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/auth/users/profile/${user.user_id}`}>
                        {user.username}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.fio}</Table.Td>
                    <Table.Td>{user.excluded ? t('companies.page.userExcluded') : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {total > COMPANY_USERS_PAGE && (
              <Pagination
                total={Math.ceil(total / COMPANY_USERS_PAGE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`companies.page.pagination.${control}`) })}
              />
            )}
          </Stack>
        )}
      </DataState>
      <Group>
        <Button component={Link} to="/auth/users/add" variant="light" size="xs">
          {t('companies.page.addUser')}
        </Button>
      </Group>
    </Section>
  );
}

function Reports({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const reports = useCompanyReports(companyId);
  return (
    <Section title={t('companies.page.reports')}>
      <DataState
        query={reports}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('companies.page.noReports')}
      >
        {(data) => (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.items.map((report) => (
              <li key={report.report_id}>
                <Anchor component={Link} to={`/reports/view/${report.report_id}`}>
                  {report.name}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </DataState>
    </Section>
  );
}
