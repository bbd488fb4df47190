export { ApiError, errorCodeOf, toApiError } from './api-error';
export { apiHeaders, type CallOptions, callApi } from './client';
export { errorMessage } from './error-message';
export { getPageConfig, loadPageConfig } from './page-config';
export { useBackgroundRefresh } from './use-background-refresh';
