export { ApiError, errorCodeOf } from './api-error';
export { type CallOptions, callApi } from './client';
export { errorMessage } from './error-message';
export { getPageConfig, loadPageConfig } from './page-config';
export { useBackgroundRefresh } from './use-background-refresh';
