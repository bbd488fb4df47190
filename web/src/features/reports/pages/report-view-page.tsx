import { Alert, Anchor, Box, Button, Center, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataState } from '../../../shared/ui/data-state';
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

/**
 * A frame that has not loaded after this long gets the fallback. A frame its site refuses
 * (X-Frame-Options, CSP frame-ancestors) fires no error event, and Chromium even fires load for
 * its own error page, so the link to open the report in a new tab is always beside the frame too.
 */
export const REPORT_LOAD_TIMEOUT_MS = 10_000;

/**
 * The frame is cross-origin to the app, so allow-same-origin gives the report its own origin
 * (its cookies and storage, what embedded BI needs) and never the app's: docs/decisions.md.
 */
const REPORT_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** The report's page in a frame filling the workplace, with a spinner until the page has loaded. */
function ReportView({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const report = useViewReport(reportId);

  if (report.data === undefined) return <DataState query={report}>{() => null}</DataState>;
  const { name, url } = report.data;
  return (
    <Stack gap={0} h="100%">
      <PageTitle
        title={name}
        section={t('reports.list.title')}
        actions={
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
            {t('reports.view.openInNewTab')}
          </Anchor>
        }
      />
      <ReportFrame name={name} url={url} />
    </Stack>
  );
}

function ReportFrame({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'loaded' | 'stalled'>('loading');

  useEffect(() => {
    const timer = window.setTimeout(
      () => setState((current) => (current === 'loading' ? 'stalled' : current)),
      REPORT_LOAD_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Box pos="relative" h="calc(100dvh - 15rem)" mih={400}>
      <LoadingOverlay
        visible={state === 'loading'}
        zIndex={1}
        loaderProps={{ 'aria-label': t('reports.view.loading') }}
        overlayProps={{ blur: 1 }}
      />
      {state === 'stalled' && (
        <Center pos="absolute" inset={0} p="md" style={{ zIndex: 2 }} bg="var(--mantine-color-body)">
          <Alert
            variant="light"
            color="yellow"
            role="status"
            title={t('reports.view.fallbackTitle')}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            icon={<IconAlertTriangle aria-hidden />}
            maw={560}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                {t('reports.view.fallbackText', { count: REPORT_LOAD_TIMEOUT_MS / 1000 })}
              </Text>
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('reports.view.openInNewTab')}
              </Button>
            </Stack>
          </Alert>
        </Center>
      )}
      <iframe
        src={url}
        title={t('reports.view.frameTitle', { name })}
        onLoad={() => setState('loaded')}
        sandbox={REPORT_SANDBOX}
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
      />
    </Box>
  );
}
