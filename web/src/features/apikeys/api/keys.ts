import type { apikeys } from '@extranet/contract';

/** Every API keys query lives under API_KEYS_KEY: adding or revoking a key refreshes them all. */
export const API_KEYS_KEY = ['apikeys'] as const;

export const apiKeysKeys = {
  list: (request: apikeys.ListKeysRequest) => [...API_KEYS_KEY, 'list', request] as const,
};
