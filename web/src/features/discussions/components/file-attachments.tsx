import { files } from '@extranet/contract';
import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCheck,
  IconFile,
  IconPaperclip,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, getPageConfig } from '../../../shared/api';
import { formatFileSize } from '../../../shared/i18n/numbers';
import { uploadFile } from '../api/upload-file';

interface Upload {
  id: number;
  name: string;
  size: number;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  code?: string;
  error?: string;
  controller: AbortController;
}

let nextId = 0;

/**
 * Attachments of a comment: dropped on the zone or chosen with the button, each uploaded at once
 * with its progress, within the configured limits (COMMENT_MAX_FILES, COMMENT_MAX_FILESIZE,
 * COMMENT_ACCEPTED_FILES; the server checks them again). Reports the codes of the finished uploads
 * and whether any is still running. Remount it (a new `key`) to start empty after sending.
 */
export function FileAttachments({
  onChange,
  onBusyChange,
  disabled = false,
}: {
  onChange: (codes: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const config = getPageConfig();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const labelId = useId();
  const openRef = useRef<() => void>(null);
  const onChangeRef = useRef(onChange);
  const onBusyRef = useRef(onBusyChange);
  onChangeRef.current = onChange;
  onBusyRef.current = onBusyChange;

  const codes = uploads.flatMap((upload) => (upload.status === 'done' && upload.code ? [upload.code] : []));
  const codesKey = codes.join(',');
  const busy = uploads.some((upload) => upload.status === 'uploading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined codes are the identity.
  useEffect(() => {
    onChangeRef.current(codes);
  }, [codesKey]);
  useEffect(() => {
    onBusyRef.current?.(busy);
  }, [busy]);
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  // Leaving the form stops the uploads still running.
  useEffect(
    () => () => {
      for (const upload of uploadsRef.current) upload.controller.abort();
    },
    [],
  );

  const patch = (id: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const start = (file: File) => {
    const upload: Upload = {
      id: ++nextId,
      name: file.name,
      size: file.size,
      progress: 0,
      status: 'uploading',
      controller: new AbortController(),
    };
    setUploads((current) => [...current, upload]);
    uploadFile(file, {
      signal: upload.controller.signal,
      onProgress: (progress) => patch(upload.id, { progress }),
    })
      .then((result) => patch(upload.id, { status: 'done', progress: 1, code: result.code }))
      .catch((error: unknown) => {
        if (upload.controller.signal.aborted) return;
        patch(upload.id, { status: 'failed', error: errorMessage(t, error) });
      });
  };

  const onDrop = (dropped: File[]) => {
    const problems: string[] = [];
    let room = config.COMMENT_MAX_FILES - uploads.filter((upload) => upload.status !== 'failed').length;
    for (const file of dropped) {
      if (file.size === 0) problems.push(t('discussions.files.empty', { name: file.name }));
      else if (file.size > config.COMMENT_MAX_FILESIZE)
        problems.push(
          t('discussions.files.tooLarge', {
            name: file.name,
            max: formatFileSize(config.COMMENT_MAX_FILESIZE),
          }),
        );
      else if (!files.isAcceptedFile(config.COMMENT_ACCEPTED_FILES, file.name, file.type))
        problems.push(t('discussions.files.typeNotAccepted', { name: file.name }));
      else if (room <= 0)
        problems.push(t('discussions.files.tooMany', { name: file.name, count: config.COMMENT_MAX_FILES }));
      else {
        room -= 1;
        start(file);
      }
    }
    setRejected(problems);
  };

  const remove = (upload: Upload) => {
    upload.controller.abort();
    setUploads((current) => current.filter((item) => item.id !== upload.id));
  };

  const accepted = config.COMMENT_ACCEPTED_FILES.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={labelId}>
        {t('discussions.files.label')}
      </Text>
      <Dropzone
        onDrop={onDrop}
        openRef={openRef}
        activateOnClick={false}
        activateOnKeyboard={false}
        disabled={disabled}
        multiple
        inputProps={{ 'aria-labelledby': labelId, accept: accepted.join(',') }}
        p="sm"
        radius="md"
      >
        <Group gap="sm" justify="center" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconUpload size={24} aria-hidden />
          <div>
            <Text size="sm">{t('discussions.files.drop')}</Text>
            <Text size="xs" c="dimmed">
              {t('discussions.files.limits', {
                count: config.COMMENT_MAX_FILES,
                size: formatFileSize(config.COMMENT_MAX_FILESIZE),
                types: accepted.join(', '),
              })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPaperclip size={14} aria-hidden />}
          onClick={() => openRef.current?.()}
          disabled={disabled}
        >
          {t('discussions.files.choose')}
        </Button>
      </Group>
      {rejected.map((problem) => (
        <Text key={problem} size="sm" c="red.9" role="alert">
          <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {problem}
        </Text>
      ))}
      {uploads.length > 0 && (
        <Stack
          gap={6}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('discussions.files.list')}
        >
          {uploads.map((upload) => (
            <li key={upload.id} data-testid="attachment">
              <Group gap="xs" wrap="nowrap">
                <IconFile size={16} aria-hidden />
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {upload.name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatFileSize(upload.size)})
                  </Text>
                </Text>
                {upload.status === 'done' && (
                  <IconCheck
                    size={16}
                    color="var(--mantine-color-green-8)"
                    aria-label={t('discussions.files.uploaded')}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => remove(upload)}
                  aria-label={t('discussions.files.remove', { name: upload.name })}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
              {upload.status === 'uploading' && (
                <Progress
                  value={Math.round(upload.progress * 100)}
                  size="sm"
                  animated
                  aria-label={t('discussions.files.progress', { name: upload.name })}
                />
              )}
              {upload.status === 'failed' && (
                <Text size="xs" c="red.9" role="alert">
                  {upload.error}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
