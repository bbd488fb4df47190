import { files, type orders } from '@extranet/contract';
import { Anchor, Table, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFrom } from '../../../shared/api';
import { formatFileSize } from '../../../shared/i18n/numbers';
import { DataState } from '../../../shared/ui/data-state';
import { notifyApiError } from '../../../shared/ui/notify';
import type { OrderKind } from '../api/keys';
import { useListDocuments } from '../api/list-documents';
import { formatDateTime } from './format';

function download(document: orders.OrderDocument) {
  return downloadFrom(
    `${files.DOWNLOAD_PATH}?code=${encodeURIComponent(document.file_code)}`,
    {},
    document.name,
  ).catch(notifyApiError);
}

/** The warehouse's papers about the order (delivery note, CMR, proof of delivery...), to download. */
export function OrderDocuments({ kind, headId }: { kind: OrderKind; headId: number }) {
  const { t } = useTranslation();
  const query = useListDocuments(kind, headId);
  return (
    <section aria-labelledby="order-documents-title">
      <Title order={2} size="h4" mb="sm" id="order-documents-title">
        {t('orders.documents.title')}
      </Title>
      <DataState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orders.documents.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table data-testid="order-documents">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.documents.type')}</Table.Th>
                    <Table.Th>{t('orders.documents.name')}</Table.Th>
                    <Table.Th>{t('orders.documents.size')}</Table.Th>
                    <Table.Th>{t('orders.documents.received')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((document) => (
                    <Table.Tr key={document.document_id}>
                      <Table.Td>{t(`orders.documentType.${document.type}`)}</Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" onClick={() => download(document)}>
                          <IconFileDownload
                            size={16}
                            aria-hidden
                            style={{ verticalAlign: 'middle', flexShrink: 0 }}
                          />{' '}
                          {document.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatFileSize(document.size)}</Table.Td>
                      <Table.Td>{formatDateTime(document.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </DataState>
    </section>
  );
}
