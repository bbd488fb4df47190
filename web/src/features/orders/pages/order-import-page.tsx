import { orders } from '@extranet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorCodeOf, errorMessage } from '../../../shared/api';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { importOrders } from '../api/import-orders';
import { type OrderKind, orderKeys } from '../api/keys';
import { importColumnLabel, importColumnsList, importProblemText } from '../components/import-columns';
import { problemText } from '../components/order-problems';
import { orderPaths } from '../components/paths';
import { RequireOrderPermission } from '../components/require-order-permission';

type Response = orders.ImportOrdersResponse;
type Column = { header: string; column: string | null };

export function OrderImportPage({ kind }: { kind: OrderKind }) {
  return (
    <RequireOrderPermission kind={kind}>
      <OrderImport kind={kind} />
    </RequireOrderPermission>
  );
}

/**
 * Orders from a CSV or XLSX file: a preview first, every order and row with its
 * problems, then the import, all of the file's orders or none. Headers the product does not know
 * are mapped once to its columns; the server remembers the mapping for the user.
 */
function OrderImport({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [ready, setReady] = useState(false);
  // Headers mapped on this screen; those of earlier imports the server remembers and applies.
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Response | null>(null);
  const [columns, setColumns] = useState<Column[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const run = async (next: { file: File; dryRun: boolean; mapping: Record<string, string> }) => {
    setError(null);
    setProgress(0);
    try {
      const answer = await importOrders(kind, { ...next, ready }, setProgress);
      setColumns(answer.columns);
      return answer;
    } catch (failure) {
      setError(failure);
      // Unknown headers: the mapping step shows them.
      if (errorCodeOf(failure) === 'import_columns_missing') {
        const details = (failure as { details?: { found?: Column[] } }).details;
        setColumns(details?.found ?? null);
      }
      return null;
    } finally {
      setProgress(null);
    }
  };

  const previewFile = async (next: File | null, nextMapping = mapping) => {
    setFile(next);
    setPreview(null);
    setColumns(null);
    if (next) setPreview(await run({ file: next, dryRun: true, mapping: nextMapping }));
  };

  const doImport = async () => {
    if (!file) return;
    const answer = await run({ file, dryRun: false, mapping });
    if (!answer) return;
    if (answer.created === 0) {
      setPreview(answer);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: orderKeys.kind(kind) });
    notifySuccess(t('orders.import.done', { count: answer.created }));
    navigate(orderPaths.list(kind));
  };

  const allColumns = orders.IMPORT_COLUMNS[kind] as readonly string[];
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`${allColumns.join(',')}\r\n`)}`;
  const problems = preview?.orders.reduce((sum, order) => sum + order.problems.length, 0) ?? 0;
  const unmapped = columns?.filter((column) => column.column === null) ?? [];
  const missingColumns =
    errorCodeOf(error) === 'import_columns_missing'
      ? ((error as { details?: { columns?: string[] } }).details?.columns ?? [])
      : [];
  const columnOptions = allColumns.map((value) => ({ value, label: importColumnLabel(t, value) }));

  return (
    <Stack gap="md">
      <PageTitle
        title={t(`orders.import.title.${kind}`)}
        section={t(`orders.list.title.${kind}`)}
        description={t('orders.import.description')}
      />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label={t('orders.import.file')}
              description={t('orders.import.fileHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              value={file}
              onChange={(next) => void previewFile(next)}
              clearable
              clearButtonProps={{ 'aria-label': t('companies.import.clearFile') }}
              w={{ base: '100%', sm: 360 }}
              disabled={progress !== null}
            />
            <Anchor href={template} download={`${kind}-orders-template.csv`} size="sm" pb={28}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {t('orders.import.template')}
              </Group>
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            {t('orders.import.columns', { columns: importColumnsList(t, allColumns) })}
          </Text>
          <Checkbox
            label={t('orders.import.ready')}
            checked={ready}
            onChange={(event) => setReady(event.currentTarget.checked)}
          />
          {progress !== null && (
            <Progress
              value={Math.round(progress * 100)}
              animated
              aria-label={t('orders.import.progress')}
              size="lg"
            />
          )}
        </Stack>
      </Paper>

      {error ? (
        <Alert color="red" variant="light" role="alert">
          {missingColumns.length > 0
            ? t('orders.import.missingColumns', {
                columns: importColumnsList(t, missingColumns),
              })
            : errorMessage(t, error)}
        </Alert>
      ) : null}

      {columns && (unmapped.length > 0 || errorCodeOf(error) === 'import_columns_missing') && (
        <Paper withBorder p="lg" radius="md" component="section" aria-label={t('orders.import.mapping')}>
          <Stack gap="sm">
            <Text fw={600}>{t('orders.import.mapping')}</Text>
            <Text size="sm" c="dimmed">
              {t('orders.import.mappingHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {columns.map((column) => (
                <Select
                  key={column.header}
                  label={t('orders.import.mapHeader', { header: column.header })}
                  placeholder={t('orders.import.ignored')}
                  data={columnOptions}
                  value={mapping[column.header] ?? column.column}
                  clearable
                  // Cleared is ignored (''), also over what an earlier import mapped.
                  onChange={(value) => setMapping({ ...mapping, [column.header]: value ?? '' })}
                />
              ))}
            </SimpleGrid>
            <Group>
              <Button variant="light" disabled={!file} onClick={() => void previewFile(file, mapping)}>
                {t('orders.import.applyMapping')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {preview && (
        <Paper withBorder p="lg" radius="md" component="section" aria-label={t('orders.import.preview')}>
          <Stack gap="sm">
            <Group gap="xs" role="status">
              <Badge variant="light">{t('orders.import.orders', { count: preview.orders.length })}</Badge>
              <Badge variant="light" color={problems ? 'red' : 'teal'}>
                {t('orders.import.problems', { count: problems })}
              </Badge>
            </Group>
            <Table.ScrollContainer minWidth={560} mah={480}>
              <Table striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.fields.externalCode')}</Table.Th>
                    <Table.Th>{t('orders.import.rows')}</Table.Th>
                    <Table.Th>{t('orders.import.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.orders.slice(0, 500).map((order) => (
                    <Table.Tr key={`${order.external_code}-${order.rows[0]}`} data-testid="import-order">
                      <Table.Td>{order.external_code || '—'}</Table.Td>
                      <Table.Td>{order.rows.join(', ')}</Table.Td>
                      <Table.Td>
                        {order.problems.length === 0 ? (
                          <Stack gap={2} align="flex-start">
                            <Badge color="teal" variant="light">
                              {order.complete ? t('orders.import.complete') : t('orders.import.draft')}
                            </Badge>
                            {order.missing.map((problem) => (
                              <Text size="sm" c="dimmed" key={problem.code} data-testid="import-missing">
                                {problemText(t, problem)}
                              </Text>
                            ))}
                          </Stack>
                        ) : (
                          <Stack gap={2}>
                            {order.problems.map((problem) => (
                              <Text
                                size="sm"
                                c="red.9"
                                key={`${problem.row}-${problem.column}-${problem.code}`}
                              >
                                {importProblemText(t, problem, preview.columns)}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="sm">
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                disabled={problems > 0 || preview.orders.length === 0 || progress !== null}
                loading={progress !== null}
                onClick={() => void doImport()}
              >
                {t('orders.import.submit', { count: preview.orders.length })}
              </Button>
              <Button variant="default" component={Link} to={orderPaths.list(kind)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
