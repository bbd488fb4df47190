import type { reports } from '@extranet/contract';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session';
import { DataState } from '../../../shared/ui/data-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useListReports } from '../api/list-reports';
import { reportPaths } from '../components/paths';

interface CompanyGroup {
  companyId: number;
  name: string;
  reports: reports.Report[];
}

/** The list comes sorted by company name: consecutive rows of one company form its group. */
function groupByCompany(items: reports.Report[]): CompanyGroup[] {
  const groups: CompanyGroup[] = [];
  for (const report of items) {
    const last = groups[groups.length - 1];
    if (last?.companyId === report.company_id) last.reports.push(report);
    else groups.push({ companyId: report.company_id, name: report.company.name, reports: [report] });
  }
  return groups;
}

export function ReportsPage() {
  return (
    <RequirePermission anyOf={['reps']}>
      <ReportsList />
    </RequirePermission>
  );
}

function ReportsList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListReports();
  const groups = groupByCompany(list.data?.items ?? []);

  return (
    <Stack gap="md">
      <PageTitle
        title={t('reports.list.title')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} loading={list.isFetching} />
            {session.cmgr && (
              <Button
                component={Link}
                to={reportPaths.add()}
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                {t('reports.list.new')}
              </Button>
            )}
          </>
        }
      />

      <DataState query={list} isEmpty={(data) => data.items.length === 0} emptyText={t('reports.list.empty')}>
        {() =>
          groups.map((group) => (
            <Paper
              key={group.companyId}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-label={group.name}
            >
              <Title order={2} size="h4" mb="sm">
                {group.name}
              </Title>
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.reports.map((report) => (
                  <Group component="li" key={report.report_id} gap="xs" wrap="nowrap">
                    <IconReportAnalytics size={18} aria-hidden />
                    <Anchor component={Link} to={reportPaths.view(report.report_id)}>
                      {report.name}
                    </Anchor>
                    {session.cmgr && (
                      <ActionIcon
                        component={Link}
                        to={reportPaths.edit(report.report_id)}
                        variant="subtle"
                        size="sm"
                        aria-label={t('reports.list.edit', { name: report.name })}
                      >
                        <IconEdit size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))
        }
      </DataState>
    </Stack>
  );
}
