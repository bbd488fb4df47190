import type { ExportFormat } from '@extranet/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from './notify';

export interface ExportChoice {
  /** What is exported, e.g. "Orders" or "Order lines". */
  label: string;
  download: (format: ExportFormat) => Promise<void>;
}

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];

/**
 * The Export button of a list: each choice in XLSX and CSV, with the filters and
 * ordering on screen. The file downloads when the server has written it.
 */
export function ExportMenu({ choices }: { choices: readonly ExportChoice[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (choice: ExportChoice, format: ExportFormat) => {
    setBusy(true);
    try {
      await choice.download(format);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconFileExport size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          {t('common.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Items only: a menu holds nothing else (axe: aria-required-children). */}
        {choices.map((choice) => (
          <Fragment key={choice.label}>
            {FORMATS.map((format) => (
              <Menu.Item key={format} onClick={() => run(choice, format)}>
                {t(`common.export.${format}`, { what: choice.label })}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
