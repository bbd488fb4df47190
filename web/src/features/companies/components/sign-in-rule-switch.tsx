import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/ui/confirm';
import { notifyApiError, notifySuccess } from '../../../shared/ui/notify';

/** Each rule's own texts: what it asks, its confirmation, and the notice once saved. */
const TEXTS = {
  secondFactor: {
    label: 'companies.page.secondFactor',
    hint: 'companies.page.secondFactorHint',
    confirmTitle: 'companies.page.secondFactorTitle',
    confirmText: 'companies.page.secondFactorText',
    confirm: 'companies.page.secondFactorConfirm',
    saved: 'companies.page.secondFactorSaved',
  },
  sso: {
    label: 'companies.page.ssoRequired',
    hint: 'companies.page.ssoRequiredHint',
    confirmTitle: 'companies.page.ssoConfirmTitle',
    confirmText: 'companies.page.ssoConfirmText',
    confirm: 'companies.page.ssoConfirm',
    saved: 'companies.page.ssoSaved',
  },
} as const;

/**
 * A company's sign-in rule that role 99 turns on or off (a second factor, single sign-on): turning
 * it on asks first, since it changes how every user of the company signs in; turning it off does
 * not.
 */
export function SignInRuleSwitch({
  rule,
  companyId,
  required,
  setRequired,
}: {
  rule: keyof typeof TEXTS;
  companyId: number;
  required: boolean;
  setRequired: {
    mutateAsync: (input: { company_id: number; required: boolean }) => Promise<unknown>;
    isPending: boolean;
  };
}) {
  const { t } = useTranslation();
  const texts = TEXTS[rule];
  const change = async (next: boolean) => {
    try {
      await setRequired.mutateAsync({ company_id: companyId, required: next });
      notifySuccess(t(texts.saved));
    } catch (error) {
      notifyApiError(error);
    }
  };
  return (
    <Switch
      checked={required}
      disabled={setRequired.isPending}
      label={t(texts.label)}
      description={t(texts.hint)}
      onChange={(event) => {
        if (!event.currentTarget.checked) return change(false);
        confirmAction({
          title: t(texts.confirmTitle),
          text: t(texts.confirmText),
          confirm: t(texts.confirm),
          onConfirm: () => change(true),
        });
      }}
    />
  );
}
