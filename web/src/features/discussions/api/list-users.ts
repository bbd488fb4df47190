import { discussions } from '@extranet/contract';
import { defineRemoteSource } from '../../../shared/ui/remote-select';

/** Users who may be chosen in a discussion; give `{company_id}` to keep to one company. */
export const discussionUserSource = defineRemoteSource({
  call: discussions.listUsers,
  getValue: (item) => item.user_id,
  getLabel: (item) => (item.fio ? `${item.fio} (${item.username})` : item.username),
  valueListFilter: 'user_id_list',
  ordering: 'username',
});
