import { files } from '@extranet/contract';
import { downloadFrom } from '../../../shared/api';

/**
 * GET /files/download?code=...: the session travels in a header, so the file is fetched and
 * handed to the browser as a download under its own name.
 */
export function downloadFile(file: { code: string; name: string }): Promise<void> {
  return downloadFrom(`${files.DOWNLOAD_PATH}?code=${encodeURIComponent(file.code)}`, {}, file.name);
}
