import { Box, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFooter } from './app-footer';
import { LanguageSwitch } from './language-switch';

/** SPEC.md §2 'Login layout': a centred card for login, the forced password change and not-found. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="gray.0" display="flex" style={{ flexDirection: 'column' }}>
      <Group component="header" justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center component="main" id="main-content" style={{ flex: 1 }} px="md">
        <Stack w="100%" maw={420} gap="lg">
          <Group gap="sm" justify="center">
            <ThemeIcon size={40} radius="md" aria-hidden>
              <IconTruckDelivery size={24} />
            </ThemeIcon>
            <Text fw={600} fz="h3">
              {t('common.appName')}
            </Text>
          </Group>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
        </Stack>
      </Center>
      <Box px="md">
        <AppFooter />
      </Box>
    </Box>
  );
}
