import { Box } from '@mantine/core';

/**
 * Where the header's notification dropdown (SPEC.md §2 'Header notification dropdown') goes. It
 * keeps the header's layout stable until the notifications feature renders its bell here.
 */
export function NotificationsSlot() {
  return <Box w={36} h={36} data-slot="notifications" />;
}
