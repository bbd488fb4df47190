import { Select, type SelectProps, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListRoles } from '../api/list-roles';
import { useAccessLabels } from './use-access-labels';

interface RoleSelectProps extends Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> {
  /** true: every role (list filters); false: only the roles the user may grant (forms). */
  view: boolean;
  value: number | null;
  onChange: (value: number | null) => void;
  /** Each option says what the role is for (forms that grant a role). */
  withDescriptions?: boolean;
}

/** Roles from list_roles, named in the current language. */
export function RoleSelect({ view, value, onChange, withDescriptions = false, ...props }: RoleSelectProps) {
  const { t } = useTranslation();
  const roles = useListRoles(view);
  const { roleName } = useAccessLabels();
  const data = useMemo(() => {
    const items: Array<{ value: number; label: string; disabled?: boolean }> = (roles.data?.items ?? []).map(
      (role) => ({
        value: role.role_id,
        label: roleName(role.role_id, role.name),
      }),
    );
    // A role that the list does not offer (not grantable) still shows as chosen.
    if (value !== null && !items.some((item) => item.value === value)) {
      items.push({ value, label: roleName(value), disabled: true });
    }
    return items;
  }, [roles.data, roleName, value]);

  return (
    <Select<number>
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      renderOption={
        withDescriptions
          ? ({ option }) => (
              <div>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed">
                  {t(`auth.roleDescriptions.${option.value}`)}
                </Text>
              </div>
            )
          : undefined
      }
      {...props}
    />
  );
}
