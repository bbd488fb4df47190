export { ApiError, errorCodeOf } from './api-error';
export { type CallOptions, callApi } from './client';
export { downloadExport, downloadFrom } from './download';
export { errorMessage } from './error-message';
export { liveEvents, useLiveStream } from './live-events';
export { postMultipart } from './multipart';
export { getPageConfig } from './page-config';
export { useBackgroundRefresh } from './use-background-refresh';
