import { Anchor, Card, List, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';

const SUPPORT_EMAIL = 'support@logistics-partner.lv';
const SUPPORT_PHONE = '+371 6700 1234';

export function SupportPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle title={t('support.title')} description={t('support.intro')} />
      <Card withBorder radius="md" padding="lg">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('support.emailLabel')}</Table.Th>
              <Table.Td>
                <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('support.phoneLabel')}</Table.Th>
              <Table.Td>
                <Anchor href={`tel:${SUPPORT_PHONE.replaceAll(' ', '')}`}>{SUPPORT_PHONE}</Anchor>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('support.hoursLabel')}</Table.Th>
              <Table.Td>{t('support.hours')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <List spacing="xs" size="sm">
        <List.Item>{t('support.accessHint')}</List.Item>
        <List.Item>{t('support.urgentHint')}</List.Item>
      </List>
    </Stack>
  );
}
