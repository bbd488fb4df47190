import { catalogs, MAX_PAGE_SIZE } from '@extranet/contract';
import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorMessage } from '../../../shared/api';
import { fromAmount } from './amount-inputs';
import { emptyLine, type LineFormValues } from './order-form-values';
import { MAX_PASTED_ROWS, type ResolvedRow, readPasted, resolvePasted } from './paste-lines';

interface PasteLinesProps {
  consigneeId: number;
  defaultUomId: number | null;
  /** SKUs the order's kept lines already have. */
  inOrder: ReadonlySet<number>;
  onAdd: (lines: LineFormValues[]) => void;
}

/** The catalogs a paste needs, in two calls: its SKU codes among the consignee's, and the units. */
async function lookUp(consigneeId: number, codes: string[]) {
  const [skus, uoms] = await Promise.all([
    codes.length
      ? callApi(catalogs.listSkus, {
          filters: { consignee_id: consigneeId, for_order: true, external_code_list: codes },
          page: 0,
          count: codes.length,
          with_total: false,
        })
      : { items: [] },
    callApi(catalogs.listUoms, { filters: {}, page: 0, count: MAX_PAGE_SIZE, with_total: false }),
  ]);
  return {
    skus: new Map(skus.items.map((item) => [item.external_code, item.sku_id])),
    // The unit's code (as files and the warehouse write it) or its name in the reader's language.
    uom: catalogs.unitMatcher([
      ...uoms.items.map((item) => [item.code, item.uom_id] as const),
      ...uoms.items.map((item) => [item.name, item.uom_id] as const),
    ]),
    counted: new Set(uoms.items.flatMap((item) => (item.counted ? [item.uom_id] : []))),
  };
}

/**
 * Rows copied from a spreadsheet (SKU code, quantity, unit, price) become order lines: pasted,
 * checked against the consignee's catalogs, and added only when every row can be read.
 */
export function PasteLinesDialog({ consigneeId, defaultUomId, inOrder, onAdd }: PasteLinesProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ rows: ResolvedRow[]; headings: boolean } | null>(null);
  const [tooMany, setTooMany] = useState(false);

  const check = useMutation({
    mutationFn: async (pasted: string) => {
      const { rows, headings } = readPasted(pasted);
      const codes = [...new Set(rows.map((row) => row.sku).filter(Boolean))];
      const found = await lookUp(consigneeId, codes);
      return { rows: resolvePasted(rows, { ...found, inOrder, defaultUomId }), headings };
    },
    onSuccess: setChecked,
  });

  const close = () => {
    setOpened(false);
    setText('');
    setChecked(null);
    setTooMany(false);
    check.reset();
  };

  const runCheck = () => {
    const { rows } = readPasted(text);
    setTooMany(rows.length > MAX_PASTED_ROWS);
    if (rows.length > 0 && rows.length <= MAX_PASTED_ROWS) check.mutate(text);
  };

  const rows = checked?.rows ?? [];
  const withProblems = rows.filter((row) => row.problems.length > 0).length;
  const add = () => {
    onAdd(
      rows.map((row) => ({
        ...emptyLine(row.uomId),
        sku_id: row.skuId,
        ordered_qty: fromAmount(row.qtyValue),
        price: fromAmount(row.priceValue),
      })),
    );
    close();
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconClipboardList size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('orders.paste.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        size="xl"
        title={t('orders.paste.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('orders.paste.hint')}</Text>
          <Textarea
            label={t('orders.paste.rows')}
            description={t('orders.paste.columns')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setChecked(null);
            }}
            autosize
            minRows={6}
            maxRows={14}
            data-autofocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {tooMany && (
            <Alert color="red" role="alert">
              {t('orders.paste.tooMany', { count: MAX_PASTED_ROWS })}
            </Alert>
          )}
          {check.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, check.error)}
            </Alert>
          )}
          {checked && <PastePreview rows={rows} headings={checked.headings} />}
          {checked && withProblems > 0 && (
            <Alert color="red" role="alert" data-testid="paste-problems">
              {t('orders.paste.fixRows', { count: withProblems })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button variant="light" onClick={runCheck} loading={check.isPending} disabled={!text.trim()}>
              {t('orders.paste.check')}
            </Button>
            <Button onClick={add} disabled={!checked || rows.length === 0 || withProblems > 0}>
              {t('orders.paste.add', { count: rows.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Each pasted row as read, with what is wrong with it. */
function PastePreview({ rows, headings }: { rows: ResolvedRow[]; headings: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {headings && (
        <Text size="xs" c="dimmed">
          {t('orders.paste.headings')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560} mah={320}>
        <Table striped withTableBorder data-testid="paste-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.paste.row')}</Table.Th>
              <Table.Th>{t('orders.lines.skuCode')}</Table.Th>
              <Table.Th>{t('orders.lines.quantity')}</Table.Th>
              <Table.Th>{t('orders.lines.uom')}</Table.Th>
              <Table.Th>{t('orders.lines.price')}</Table.Th>
              <Table.Th>{t('orders.paste.problems')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.sku}</Table.Td>
                <Table.Td>{row.qty}</Table.Td>
                <Table.Td>{row.uom}</Table.Td>
                <Table.Td>{row.price}</Table.Td>
                <Table.Td c={row.problems.length ? 'red.9' : 'teal.9'}>
                  {row.problems.length
                    ? row.problems.map((problem) => t(`orders.paste.problem.${problem}`)).join(' ')
                    : t('orders.paste.ok')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
