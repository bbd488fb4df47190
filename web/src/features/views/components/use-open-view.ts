import type { views } from '@extranet/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import { useTableColumns } from '../../../shared/ui/table-columns';
import { viewToUrl } from '../url-state';

/**
 * Opens a view on its list: its columns through the column chooser's own storage, its filters and
 * ordering as the list's URL (the caller navigates there). Says which saved filters it left out:
 * those the list no longer takes (the server named them) and those its URL cannot hold.
 */
export function useOpenView(tableId: Parameters<typeof useTableColumns>[0]) {
  const { t } = useTranslation();
  const columns = useTableColumns(tableId, []);
  return (view: views.ViewItem, current?: URLSearchParams) => {
    const { params, unshown } = viewToUrl(view.list, view, current);
    if (view.columns.length) columns.choose(view.columns);
    else if (!columns.isDefault) columns.reset();
    const dropped = [...view.dropped_filters, ...unshown];
    if (dropped.length) {
      notifications.show({
        color: 'yellow',
        message: t('views.open.dropped', { name: view.name, filters: dropped.join(', ') }),
        autoClose: 8000,
        closeButtonProps: { 'aria-label': t('common.close') },
      });
    } else notifySuccess(t('views.open.done', { name: view.name }));
    return params;
  };
}
