import { auth, type NotificationType } from '@extranet/contract';
import { Checkbox, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '../../../../shared/ui/form-error';
import { useChangeNotificationsSelf } from '../../api/change-notifications-self';
import { useListEmailRates } from '../../api/list-email-rates';
import { useListNotificationTypes } from '../../api/list-notification-types';
import { formResolver } from '../../forms/form-resolver';
import { FormSection } from '../form-section';
import { useAccessLabels } from '../use-access-labels';
import { useProfileSection } from './profile-sections';
import type { ProfileFormProps } from './types';
import { useReportDirty } from './use-report-dirty';

type NotificationsValues = z.input<typeof auth.ChangeNotificationsRequest>;

const NO_SUMMARY = 'none';

/** An email summary rate, from the server's minutes. */
export function emailRateLabel(t: TFunction, minutes: number): string {
  if (minutes === 60) return t('auth.users.edit.rates.hourly');
  if (minutes === 1440) return t('auth.users.edit.rates.daily');
  if (minutes % 1440 === 0) return t('auth.users.edit.rates.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('auth.users.edit.rates.hours', { count: minutes / 60 });
  return t('auth.users.edit.rates.minutes', { count: minutes });
}

/**
 * One's own email summary rate and the notification types one receives ("Notify me about"): only
 * on one's own profile, since they are each user's own choice.
 */
export function NotificationsForm({ onDirtyChange, profile }: Omit<ProfileFormProps, 'isSelf'>) {
  const { t } = useTranslation();
  const { notificationTypeName } = useAccessLabels();
  const rates = useListEmailRates();
  const types = useListNotificationTypes();
  const save = useChangeNotificationsSelf();
  const {
    control,
    reset,
    getValues,
    trigger,
    formState: { isDirty },
  } = useForm<NotificationsValues, unknown, auth.ChangeNotificationsRequest>({
    resolver: formResolver(auth.ChangeNotificationsRequest),
    defaultValues: { email_rate: profile.email_rate, ntfy_types: profile.notifications },
  });
  useReportDirty(isDirty, onDirtyChange);
  useProfileSection('notifications', {
    validate: () => trigger(),
    clearError: () => save.reset(),
    save: async () => {
      const input = getValues();
      await save.mutateAsync(auth.ChangeNotificationsRequest.parse(input));
      reset(input);
    },
  });

  return (
    <FormSection title={t('auth.users.edit.notifications')} testId="form-notifications">
      <Stack gap="md">
        <FormError error={save.error ?? rates.error ?? types.error} />
        <Controller
          control={control}
          name="email_rate"
          render={({ field }) => (
            <Radio.Group
              label={t('auth.users.fields.emailRate')}
              value={field.value === null || field.value === undefined ? NO_SUMMARY : String(field.value)}
              onChange={(value) => field.onChange(value === NO_SUMMARY ? null : Number(value))}
            >
              <Group gap="md" mt={6}>
                <Radio value={NO_SUMMARY} label={t('auth.users.edit.rates.never')} />
                {(rates.data?.items ?? []).map((rate) => (
                  <Radio
                    key={rate.erate_id}
                    value={String(rate.erate_id)}
                    label={emailRateLabel(t, rate.minutes)}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="ntfy_types"
          render={({ field }) => (
            <Checkbox.Group
              label={t('auth.users.fields.notificationTypes')}
              value={field.value}
              onChange={(value) => field.onChange(value as NotificationType[])}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
                {(types.data?.items ?? []).map((type) => (
                  <Checkbox
                    key={type.ntfy_id}
                    value={type.ntfy_id}
                    label={notificationTypeName(type.ntfy_id, type.name)}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
      </Stack>
    </FormSection>
  );
}
