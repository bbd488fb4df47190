export { ApiError, errorCodeOf, isApiError } from './api-error';
export { type CallOptions, callApi } from './client';
export { errorMessage } from './error-message';
export { getPageConfig, loadPageConfig } from './page-config';
export { DISCUSSIONS_KEY } from './query-keys';
export { type BackgroundRefresh, useBackgroundRefresh } from './use-background-refresh';
