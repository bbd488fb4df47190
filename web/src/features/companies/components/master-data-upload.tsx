import { catalogs, type companies } from '@extranet/contract';
import { Alert, Anchor, Badge, Button, FileInput, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { notifySuccess } from '../../../shared/ui/notify';
import { useImportMasterData } from '../api/change-company';
import { useUnitCodes } from '../api/list-unit-codes';
import {
  type FileProblem,
  MASTER_COLUMNS,
  type ParsedMasterFile,
  parseMasterFile,
  templateOf,
} from './master-files';

type Catalog = catalogs.MasterCatalog;
type Outcome = catalogs.MasterOutcome;

const OUTCOME_COLORS: Record<Outcome['outcome'], string> = {
  added: 'teal',
  changed: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

/** At most this many rows of a preview are listed; the counts cover all of them. */
const PREVIEW_ROWS = 200;

export function fileProblemText(t: TFunction, problem: FileProblem): string {
  switch (problem.kind) {
    case 'invalid':
      return t('companies.import.fileProblems.at', {
        row: problem.row,
        header: problem.header,
        problem: t(`companies.import.cellProblems.${problem.reason}`, {
          value: problem.value,
          max: problem.max,
          allowed: problem.allowed?.join(', '),
        }),
      });
    case 'missingColumns':
      return t('companies.import.fileProblems.missingColumns', { columns: problem.columns.join(', ') });
    case 'unknownColumns':
      return t('companies.import.fileProblems.unknownColumns', {
        columns: problem.columns.join(', '),
        allowed: problem.allowed.join(', '),
      });
    case 'tooMany':
      return t('companies.import.fileProblems.tooMany', { count: problem.max });
    default:
      return t(`companies.import.fileProblems.${problem.kind}`);
  }
}

/**
 * A refusal of the server's preview, with the column as the file heads it and, for a unit, the
 * units there are.
 */
export function outcomeProblemText(
  t: TFunction,
  problem: Outcome['problems'][number],
  headers: Record<string, string>,
  units: readonly string[] | undefined,
): string {
  const text = t(`companies.import.problems.${problem.problem}`, {
    field: problem.field,
    value: problem.value,
  });
  const allowed =
    problem.problem === 'uom_unknown' && units?.length
      ? ` ${t('companies.import.allowedUnits', { units: units.join(', ') })}`
      : '';
  return (
    t('companies.import.columnProblem', { header: headers[problem.field] ?? problem.field, problem: text }) +
    allowed
  );
}

/** What the template's note row says the columns take, in the reader's language. */
function templateNote(
  t: TFunction,
  catalog: Catalog,
  units: readonly string[] | undefined,
): string | undefined {
  if (!MASTER_COLUMNS[catalog].includes('uom') || !units?.length) return undefined;
  return t('companies.import.templateNote', { units: units.join(', ') });
}

/**
 * Master data from CSV or XLSX files, one catalog a file, for a provider whose warehouse system
 * cannot push it: read in the browser, previewed by the server (what would be added, changed and
 * refused, row by row), then applied on request. On a company's page, a consignees file without a
 * `company` column belongs to this company, and only its consignees are known.
 */
export function MasterDataUpload({ company }: { company: companies.CompanyView }) {
  const { t } = useTranslation();
  const [catalog, setCatalog] = useState<Catalog>('skus');
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedMasterFile | null>(null);
  const [preview, setPreview] = useState<Outcome[] | null>(null);
  const [reading, setReading] = useState(false);
  const importData = useImportMasterData();
  const units = useUnitCodes();

  const master = (records: unknown[]) => ({ [catalog]: records }) as unknown as catalogs.MasterData;

  const reset = () => {
    setFile(null);
    setParsed(null);
    setPreview(null);
    importData.reset();
  };

  const read = async (next: File | null) => {
    reset();
    setFile(next);
    if (!next) return;
    setReading(true);
    try {
      const result = await parseMasterFile(next, catalog, { company: company.code, units });
      setParsed(result);
      if (result.records.length) {
        const answer = await importData.mutateAsync({
          master: master(result.records),
          dry_run: true,
          company_id: company.company_id,
        });
        setPreview(answer.outcomes);
      }
    } catch {
      // The error is shown under the file field.
    } finally {
      setReading(false);
    }
  };

  const apply = async () => {
    if (!parsed) return;
    try {
      const answer = await importData.mutateAsync({
        master: master(parsed.records),
        dry_run: false,
        company_id: company.company_id,
      });
      const count = (outcome: Outcome['outcome']) =>
        answer.outcomes.filter((item) => item.outcome === outcome).length;
      notifySuccess(
        t('companies.import.applied', {
          added: count('added'),
          changed: count('changed'),
          refused: count('refused'),
        }),
      );
      reset();
    } catch {
      // Shown above the preview.
    }
  };

  const counts = preview
    ? (['added', 'changed', 'unchanged', 'refused'] as const).map((outcome) => ({
        outcome,
        count: preview.filter((item) => item.outcome === outcome).length,
      }))
    : [];
  const writable = preview?.some((item) => item.outcome === 'added' || item.outcome === 'changed') ?? false;
  const note = templateNote(t, catalog, units);
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateOf(catalog, note))}`;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('companies.import.catalog')}
          data={catalogs.MASTER_CATALOGS.map((value) => ({
            value,
            label: t(`companies.import.catalogs.${value}`),
          }))}
          value={catalog}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setCatalog(value as Catalog);
            reset();
          }}
          w={{ base: '100%', sm: 240 }}
        />
        <FileInput
          label={t('companies.import.file')}
          // Mantine draws a file input's placeholder as text too light for its contrast rule.
          description={t('companies.import.filePlaceholder')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={read}
          clearable
          clearButtonProps={{ 'aria-label': t('companies.import.clearFile') }}
          w={{ base: '100%', sm: 320 }}
          disabled={reading}
        />
        <Anchor href={template} download={`${catalog}.csv`} size="sm" pb={8}>
          <Group gap={4} component="span" wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            {t('companies.import.template')}
          </Group>
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t('companies.import.columns', { columns: MASTER_COLUMNS[catalog].join(', ') })}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}

      {importData.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, importData.error)}
        </Alert>
      ) : null}
      {parsed?.problems.length ? (
        <Alert color="orange" variant="light" title={t('companies.import.fileProblemsTitle')}>
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {parsed.problems.slice(0, 50).map((problem, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole
              <li key={i}>
                <Text size="sm">{fileProblemText(t, problem)}</Text>
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {preview && parsed && (
        <Stack gap="sm">
          <Group gap="xs" aria-label={t('companies.import.summary')} role="status">
            {counts.map(({ outcome, count }) => (
              <Badge key={outcome} color={OUTCOME_COLORS[outcome]} variant="light">
                {t(`companies.import.outcomes.${outcome}`)}: {count}
              </Badge>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={560} mah={420}>
            <Table striped stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.import.row')}</Table.Th>
                  <Table.Th>{t('companies.import.key')}</Table.Th>
                  <Table.Th>{t('companies.import.outcome')}</Table.Th>
                  <Table.Th>{t('companies.import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.slice(0, PREVIEW_ROWS).map((item) => (
                  <Table.Tr key={item.index}>
                    <Table.Td>{parsed.rows[item.index]?.join(', ')}</Table.Td>
                    <Table.Td>{item.key}</Table.Td>
                    <Table.Td>
                      <Badge color={OUTCOME_COLORS[item.outcome]} variant="light">
                        {t(`companies.import.outcomes.${item.outcome}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {item.problems
                        .map((problem) => outcomeProblemText(t, problem, parsed.headers, units))
                        .join('; ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {preview.length > PREVIEW_ROWS && (
            <Text size="sm" c="dimmed">
              {t('companies.import.moreRows', { count: preview.length - PREVIEW_ROWS })}
            </Text>
          )}
          <Group gap="sm">
            <Button onClick={apply} loading={importData.isPending} disabled={!writable}>
              {t('companies.import.apply')}
            </Button>
            <Button variant="default" onClick={reset}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
