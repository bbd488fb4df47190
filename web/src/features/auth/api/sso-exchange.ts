import { auth } from '@extranet/contract';
import { callApi } from '../../../shared/api';

export function ssoExchange(input: auth.SsoExchangeRequest): Promise<auth.Session> {
  return callApi(auth.ssoExchange, input);
}
