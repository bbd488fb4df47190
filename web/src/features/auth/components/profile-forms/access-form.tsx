import { auth, PERMISSIONS, type Permission } from '@extranet/contract';
import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../../../shared/session';
import { useChangeAccess } from '../../api/change-access';
import { useListPermissions } from '../../api/list-permissions';
import { formResolver } from '../../forms/form-resolver';
import { withCompaniesUnlessAdmin } from '../../forms/rules';
import { FormError } from '../form-error';
import { FormSection } from '../form-section';
import { RoleCompaniesFields } from '../role-companies-fields';
import { useAccessLabels } from '../use-access-labels';
import { SaveButton } from './save-button';
import type { ProfileFormProps } from './types';
import { useProfileFormState } from './use-profile-form-state';

// SPEC.md §5 'Edit access': role required; companies required unless role 99.
const AccessSchema = withCompaniesUnlessAdmin(auth.ChangeAccessRequest.omit({ user_id: true }));
type AccessValues = z.input<typeof AccessSchema>;
type AccessOutput = z.output<typeof AccessSchema>;

/** Another user's role, companies and permissions; one grants only what one holds (DESIGN.md §4). */
export function AccessForm({ profile, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { permissionName } = useAccessLabels();
  const permissions = useListPermissions();
  const save = useChangeAccess();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<AccessValues, unknown, AccessOutput>({
    resolver: formResolver(AccessSchema),
    defaultValues: {
      role: profile.role as AccessValues['role'],
      companies: profile.companies.map((company) => company.company_id),
      permissions: profile.permissions,
    },
  });
  const { notifySaved, notifyInvalid } = useProfileFormState(isDirty, onDirtyChange);
  // A permission the editor lacks can be kept (the user has it) but not granted.
  const isGrantable = (permission: Permission) =>
    session[permission] || profile.permissions.includes(permission);

  const onSubmit = handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      { ...values, user_id: profile.user_id },
      {
        onSuccess: () => {
          reset(values);
          notifySaved();
        },
      },
    );
  }, notifyInvalid);

  const offered = permissions.data?.items ?? PERMISSIONS.map((perm_id) => ({ perm_id, name: perm_id }));

  return (
    <FormSection title={t('auth.users.edit.access')} testId="form-access">
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.users.edit.access')}>
        <Stack gap="md">
          <FormError error={save.error} />
          <RoleCompaniesFields control={control} />
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <Checkbox.Group
                label={t('auth.users.fields.permissions')}
                value={field.value}
                onChange={(value) => field.onChange(value as Permission[])}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
                  {offered.map((permission) => (
                    <Checkbox
                      key={permission.perm_id}
                      value={permission.perm_id}
                      label={permissionName(permission.perm_id, permission.name)}
                      disabled={!isGrantable(permission.perm_id)}
                    />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <SaveButton pending={save.isPending} />
        </Stack>
      </form>
    </FormSection>
  );
}
