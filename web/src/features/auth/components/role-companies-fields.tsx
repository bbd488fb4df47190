import { ROLE_ADMIN, type RoleId } from '@extranet/contract';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../shared/forms';
import { CompanyMultiSelect } from './company-picker';
import { RoleSelect } from './role-select';

type RoleCompanies = { role: RoleId; companies: number[] };

/**
 * A user's role and companies in a form (SPEC.md §5 'New user' and 'Edit access'): only the roles
 * the editor may grant, companies required unless the role is 99 (the form's schema checks it with
 * withCompaniesUnlessAdmin).
 */
export function RoleCompaniesFields<T extends RoleCompanies, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  const { t } = useTranslation();
  // Control is invariant in its form's values, so a form with more fields needs the cast; T has
  // these two, and they are the only ones read or written here.
  const fields = control as unknown as Control<RoleCompanies>;
  const role = useWatch({ control: fields, name: 'role' });

  return (
    <>
      <Controller
        control={fields}
        name="role"
        render={({ field, fieldState }) => (
          <RoleSelect
            view={false}
            label={t('auth.users.fields.role')}
            description={field.value ? t(`auth.roleDescriptions.${field.value}`) : undefined}
            withDescriptions
            withAsterisk
            aria-required
            allowDeselect={false}
            value={field.value ?? null}
            onChange={(role) => field.onChange(role)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(t, fieldState.error)}
          />
        )}
      />
      <Controller
        control={fields}
        name="companies"
        render={({ field, fieldState }) => (
          <CompanyMultiSelect
            label={t('auth.users.fields.companies')}
            withAsterisk={role !== ROLE_ADMIN}
            description={t('auth.users.fields.companiesHint')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(t, fieldState.error)}
          />
        )}
      />
    </>
  );
}
