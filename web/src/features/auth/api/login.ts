import { auth } from '@extranet/contract';
import { callApi } from '../../../shared/api';

export function login(input: auth.LoginRequest): Promise<auth.Session> {
  return callApi(auth.login, input);
}
