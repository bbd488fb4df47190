import { Alert, Box, Center, Loader, LoadingOverlay, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useViewReport } from '../api/view-report';

export function ReportViewPage() {
  const reportId = positiveInt(useParams().reportId ?? null);
  return (
    <RequirePermission anyOf={['reps']}>
      {reportId === null ? null : <ReportView key={reportId} reportId={reportId} />}
    </RequirePermission>
  );
}

/** The report's page in a frame filling the workplace, with a spinner until the page has loaded. */
function ReportView({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const report = useViewReport(reportId);
  const [loaded, setLoaded] = useState(false);

  if (report.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
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

  return (
    <Stack gap={0} h="100%">
      <PageTitle title={report.data.name} />
      <Box pos="relative" h="calc(100dvh - 15rem)" mih={400}>
        <LoadingOverlay
          visible={!loaded}
          zIndex={1}
          loaderProps={{ 'aria-label': t('reports.view.loading') }}
          overlayProps={{ blur: 1 }}
        />
        <iframe
          src={report.data.url}
          title={t('reports.view.frameTitle', { name: report.data.name })}
          onLoad={() => setLoaded(true)}
          referrerPolicy="no-referrer"
          style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        />
      </Box>
    </Stack>
  );
}
