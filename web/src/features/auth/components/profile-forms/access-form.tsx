import { auth } from '@extranet/contract';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '../../../../shared/ui/form-error';
import { useChangeAccess } from '../../api/change-access';
import { formResolver } from '../../forms/form-resolver';
import { withCompaniesUnlessAdmin } from '../../forms/rules';
import { FormSection } from '../form-section';
import { PermissionsField } from '../permissions-field';
import { RoleCompaniesFields } from '../role-companies-fields';
import { useProfileSection } from './profile-sections';
import type { ProfileFormProps } from './types';
import { useReportDirty } from './use-report-dirty';

// SPEC.md §5 'Edit access': role required; companies required unless role 99.
const AccessSchema = withCompaniesUnlessAdmin(auth.ChangeAccessRequest.omit({ user_id: true }));
type AccessValues = z.input<typeof AccessSchema>;
type AccessOutput = z.output<typeof AccessSchema>;

/** Another user's role, companies and permissions; one grants only what one holds (DESIGN.md §4). */
export function AccessForm({ profile, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const save = useChangeAccess();
  const {
    control,
    reset,
    getValues,
    trigger,
    formState: { isDirty },
  } = useForm<AccessValues, unknown, AccessOutput>({
    resolver: formResolver(AccessSchema),
    defaultValues: {
      role: profile.role as AccessValues['role'],
      companies: profile.companies.map((company) => company.company_id),
      permissions: profile.permissions,
    },
  });
  useReportDirty(isDirty, onDirtyChange);
  useProfileSection('access', {
    validate: () => trigger(),
    clearError: () => save.reset(),
    save: async () => {
      const input = getValues();
      await save.mutateAsync({ ...AccessSchema.parse(input), user_id: profile.user_id });
      reset(input);
    },
  });

  return (
    <FormSection title={t('auth.users.edit.access')} testId="form-access">
      <Stack gap="md">
        <FormError error={save.error} />
        <RoleCompaniesFields control={control} />
        <PermissionsField control={control} held={profile.permissions} />
      </Stack>
    </FormSection>
  );
}
