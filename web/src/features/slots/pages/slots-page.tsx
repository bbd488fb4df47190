import { ROLE_ADMIN } from '@extranet/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconCalendarCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { locationSource } from '../../../shared/catalogs/sources';
import { useSession } from '../../../shared/session';
import { PageTitle } from '../../../shared/ui/page-title';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { thisWeek, WeekNav, WeekSlots } from '../components/week-slots';

/** Orders → Dock slots: a location's week with the free docks of each slot. */
export function SlotsPage() {
  return (
    <RequirePermission anyOf={['pord', 'sord']}>
      <Slots />
    </RequirePermission>
  );
}

function Slots() {
  const { t } = useTranslation();
  const session = useSession();
  const [locationId, setLocationId] = useState<number | null>(null);
  const [week, setWeek] = useState(thisWeek);
  return (
    <Stack>
      <PageTitle
        title={t('slots.title')}
        actions={
          session.role === ROLE_ADMIN ? (
            <Button
              variant="default"
              component={Link}
              to="/slots/schedule"
              leftSection={<IconCalendarCog size={18} aria-hidden />}
            >
              {t('slots.schedule.title')}
            </Button>
          ) : undefined
        }
      />
      <Group align="flex-end">
        <RemoteSelect
          source={locationSource}
          label={t('slots.location')}
          placeholder={t('slots.chooseLocation')}
          value={locationId}
          onChange={(value) => setLocationId(value)}
          w={280}
        />
        <WeekNav week={week} onChange={setWeek} />
      </Group>
      {locationId !== null && <WeekSlots locationId={locationId} week={week} />}
    </Stack>
  );
}
