import { auth, ROLE_ADMIN } from '@extranet/contract';
import { Button, Group, Loader, Paper, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { fieldError } from '../../../shared/forms';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useAddUser } from '../api/add-user';
import { useAddUserDefaults } from '../api/get-add-user-defaults';
import { CompanyMultiSelect } from '../components/company-picker';
import { FormError } from '../components/form-error';
import { RequireUserManagement } from '../components/require-user-management';
import { RoleSelect } from '../components/role-select';
import { formResolver } from '../forms/form-resolver';
import { usePasswordToggleProps } from '../forms/password-toggle';
import { withCompaniesUnlessAdmin, withPasswordsIdentical } from '../forms/rules';
import { useUnsavedChangesPrompt } from '../forms/use-unsaved-changes-prompt';

// The contract's fields and checks; the form's own rules carry i18n keys (SPEC.md §5 'New user').
const AddUserForm = withCompaniesUnlessAdmin(
  withPasswordsIdentical(z.object(auth.AddUserRequest.shape), 'password', 'password_conf'),
);
type AddUserForm = z.input<typeof AddUserForm>;

export function UserAddPage() {
  return (
    <RequireUserManagement>
      <UserAdd />
    </RequireUserManagement>
  );
}

function UserAdd() {
  const { t } = useTranslation();
  const defaults = useAddUserDefaults();
  return (
    <Stack gap="md" maw={720}>
      <PageTitle title={t('auth.users.add.title')} />
      {defaults.data ? (
        <AddUserFormCard defaults={{ ...defaults.data, role: defaults.data.role as AddUserForm['role'] }} />
      ) : (
        <FormError error={defaults.error} />
      )}
      {defaults.isPending && <Loader aria-label={t('common.loading')} />}
    </Stack>
  );
}

function AddUserFormCard({ defaults }: { defaults: Pick<AddUserForm, 'role' | 'companies'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addUser = useAddUser();
  const toggle = usePasswordToggleProps();
  const {
    register,
    control,
    watch,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<AddUserForm, unknown, auth.AddUserRequest>({
    resolver: formResolver(AddUserForm),
    defaultValues: { username: '', password: '', password_conf: '', ...defaults },
  });
  const { allowNavigation } = useUnsavedChangesPrompt(isDirty);
  const role = watch('role');

  const onSubmit = handleSubmit(
    (values) => {
      if (addUser.isPending) return;
      addUser.mutate(values, {
        onSuccess: ({ user_id }) => {
          notifySuccess(t('auth.users.add.created', { name: values.username }));
          allowNavigation();
          navigate(`/auth/users/edit/${user_id}`);
        },
      });
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.users.add.title')}>
        <Stack gap="md">
          <FormError error={addUser.error} />
          <TextInput
            label={t('auth.users.fields.username')}
            autoComplete="off"
            withAsterisk
            aria-required
            error={fieldError(t, errors.username)}
            {...register('username')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              {...toggle}
              label={t('auth.users.fields.password')}
              autoComplete="new-password"
              withAsterisk
              aria-required
              error={fieldError(t, errors.password)}
              {...register('password', { deps: ['password_conf'] })}
            />
            <PasswordInput
              {...toggle}
              label={t('auth.users.fields.confirm')}
              autoComplete="new-password"
              withAsterisk
              aria-required
              error={fieldError(t, errors.password_conf)}
              {...register('password_conf')}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <RoleSelect
                view={false}
                label={t('auth.users.fields.role')}
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
            control={control}
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
          <Group justify="flex-end">
            <Button component={Link} to="/auth/users" variant="default">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={addUser.isPending} disabled={addUser.isPending}>
              {t('auth.users.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
