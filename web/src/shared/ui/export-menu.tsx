import type { CsvStyle, ExportFormat } from '@extranet/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from './notify';

/** The file asked for: its format and, for CSV, for whom it is written (contract `CSV_STYLES`). */
export interface ExportFile {
  format: ExportFormat;
  csv_style?: CsvStyle;
}

export interface ExportChoice {
  /** What is exported, e.g. "Orders" or "Order lines". */
  label: string;
  download: (file: ExportFile) => Promise<void>;
}

/** Each entry's words are `common.export.<key>`. */
const FILES: readonly { key: string; file: ExportFile }[] = [
  { key: 'xlsx', file: { format: 'xlsx' } },
  { key: 'csv', file: { format: 'csv', csv_style: 'local' } },
  { key: 'csvMachine', file: { format: 'csv', csv_style: 'machine' } },
];

/**
 * The Export button of a list: each choice in XLSX, in CSV for the reader's spreadsheet (their
 * language's separator and decimal mark) and in CSV for imports and integrations, with the
 * filters and ordering on screen. The file downloads when the server has written it.
 */
export function ExportMenu({ choices }: { choices: readonly ExportChoice[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (choice: ExportChoice, file: ExportFile) => {
    setBusy(true);
    try {
      await choice.download(file);
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
            {FILES.map(({ key, file }) => (
              <Menu.Item key={key} onClick={() => run(choice, file)}>
                {t(`common.export.${key}`, { what: choice.label })}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
