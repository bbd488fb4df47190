import { auth, type Permission, ROLE_USUAL_PERMISSIONS, type RoleId } from '@extranet/contract';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { fieldError } from '../../../shared/forms';
import { useSession } from '../../../shared/session';
import { confirmAction } from '../../../shared/ui/confirm';
import { FormError } from '../../../shared/ui/form-error';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { useAddUser } from '../api/add-user';
import { useAddUserDefaults } from '../api/get-add-user-defaults';
import { PermissionsField } from '../components/permissions-field';
import { RequireUserManagement } from '../components/require-user-management';
import { RoleCompaniesFields } from '../components/role-companies-fields';
import { formResolver } from '../forms/form-resolver';
import { NewPasswordInputs } from '../forms/new-password-inputs';
import { withCompaniesUnlessAdmin, withPasswordsIdentical } from '../forms/rules';
import { useUnsavedChangesPrompt } from '../forms/use-unsaved-changes-prompt';

// The contract's fields and checks; the form's own rules carry i18n keys (SPEC.md §5 'New user').
// Role, companies and permissions are given here, in the one call that creates the user.
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
      <PageTitle title={t('auth.users.add.title')} section={t('auth.users.list.title')} />
      {defaults.data ? (
        <AddUserFormCard defaults={{ ...defaults.data, role: defaults.data.role as AddUserForm['role'] }} />
      ) : (
        <FormError error={defaults.error} />
      )}
      {defaults.isPending && <Loader aria-label={t('common.loading')} role="progressbar" />}
    </Stack>
  );
}

function AddUserFormCard({ defaults }: { defaults: Pick<AddUserForm, 'role' | 'companies'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addUser = useAddUser();
  const session = useSession();
  // The role's usual permissions, of those the editor may grant (DESIGN.md §4).
  const usual = (role: RoleId): Permission[] => ROLE_USUAL_PERMISSIONS[role].filter((perm) => session[perm]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<AddUserForm, unknown, auth.AddUserRequest>({
    resolver: formResolver(AddUserForm),
    defaultValues: {
      username: '',
      fio: '',
      email: '',
      password: '',
      password_conf: '',
      permissions: usual(defaults.role as RoleId),
      ...defaults,
    },
  });
  const { allowNavigation } = useUnsavedChangesPrompt(isDirty);
  const role = watch('role') as RoleId;
  const permissionsChosen = Boolean(dirtyFields.permissions);
  // Another role starts from its own usual permissions, until the editor ticks their own choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: usual() reads the session only.
  useEffect(() => {
    if (!permissionsChosen) setValue('permissions', usual(role));
  }, [role, permissionsChosen, setValue]);

  const save = (values: auth.AddUserRequest) => {
    // Name and address are optional: left empty, they are not sent.
    const { fio, email, ...account } = values;
    const request = { ...account, ...(fio ? { fio } : {}), ...(email ? { email } : {}) };
    addUser.mutate(request, {
      onSuccess: ({ user_id }) => {
        notifySuccess(t('auth.users.add.created', { name: values.username }));
        allowNavigation();
        navigate(`/auth/users/profile/${user_id}`);
      },
    });
  };

  const onSubmit = handleSubmit(
    (values) => {
      if (addUser.isPending) return;
      if (values.permissions.length > 0) return save(values);
      // Without a permission the user's menu is empty: said before saving, not found out later.
      confirmAction({
        title: t('auth.users.add.noPermissionsTitle'),
        text: t('auth.users.add.noPermissionsText'),
        confirm: t('auth.users.add.noPermissionsConfirm'),
        onConfirm: () => save(values),
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
            <TextInput
              label={t('auth.users.fields.fio')}
              autoComplete="off"
              error={fieldError(t, errors.fio)}
              {...register('fio')}
            />
            <TextInput
              label={t('auth.users.fields.email')}
              type="email"
              autoComplete="off"
              error={fieldError(t, errors.email)}
              {...register('email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordInputs
              labels={{ password: t('auth.users.fields.password'), confirm: t('auth.users.fields.confirm') }}
              password={watch('password')}
              context={{ username: watch('username') }}
              field={register('password', { deps: ['password_conf'] })}
              confirmField={register('password_conf')}
              error={errors.password}
              confirmError={errors.password_conf}
            />
          </SimpleGrid>
          <RoleCompaniesFields control={control} />
          <PermissionsField control={control} />
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
