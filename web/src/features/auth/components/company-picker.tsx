import type { CallDef } from '@extranet/contract';
import { companySource } from '../../../shared/catalogs/sources';
import {
  RemoteMultiSelect,
  type RemoteMultiSelectProps,
  RemoteSelect,
  type RemoteSelectProps,
} from '../../../shared/ui/remote-select';

type Source = typeof companySource extends { call: infer C extends CallDef } ? C : never;
type OwnProps = 'source' | 'onChange';

/** One company of the user's (every company for role 99), from list_linked_companies. */
export function CompanySelect({
  onChange,
  ...props
}: Omit<RemoteSelectProps<Source>, OwnProps> & { onChange: (companyId: number | null) => void }) {
  return <RemoteSelect source={companySource} onChange={(companyId) => onChange(companyId)} {...props} />;
}

/** Several companies of the user's (every company for role 99), from list_linked_companies. */
export function CompanyMultiSelect({
  onChange,
  ...props
}: Omit<RemoteMultiSelectProps<Source>, OwnProps> & { onChange: (companyIds: number[]) => void }) {
  return (
    <RemoteMultiSelect source={companySource} onChange={(companyIds) => onChange(companyIds)} {...props} />
  );
}
