import { PERMISSIONS, type Permission } from '@extranet/contract';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { useListPermissions } from '../api/list-permissions';
import { useAccessLabels } from './use-access-labels';

type WithPermissions = { permissions?: Permission[] };

/**
 * The permissions a user gets, as checkboxes (new user and access forms). One grants only what one
 * holds (DESIGN.md §4): a permission the editor lacks is offered only when the user already has it,
 * to be kept, never to be granted.
 */
export function PermissionsField<T extends WithPermissions, O>({
  control,
  held = [],
}: {
  control: Control<T, unknown, O>;
  /** What the user already has. */
  held?: readonly Permission[];
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { permissionName } = useAccessLabels();
  const permissions = useListPermissions();
  // Control is invariant in its form's values; T has this field, the only one read or written here.
  const fields = control as unknown as Control<WithPermissions>;
  const offered = permissions.data?.items ?? PERMISSIONS.map((perm_id) => ({ perm_id, name: perm_id }));
  const isGrantable = (permission: Permission) => session[permission] || held.includes(permission);

  return (
    <Controller
      control={fields}
      name="permissions"
      render={({ field }) => (
        <Checkbox.Group
          label={t('auth.users.fields.permissions')}
          value={field.value ?? []}
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
  );
}
