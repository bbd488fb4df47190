import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isRouteHandle } from '../../shared/navigation';

interface Crumb {
  to: string;
  label: ReactNode;
}

/** Breadcrumbs from the `handle.breadcrumb` of the matched routes, always starting at the dashboard. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs: Crumb[] = [{ to: '/', label: t('layout.breadcrumbs.home') }];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.breadcrumb || match.pathname === '/') continue;
    const { breadcrumb } = match.handle;
    const label = typeof breadcrumb === 'string' ? t(breadcrumb) : breadcrumb(match);
    const previous = crumbs[crumbs.length - 1];
    if (previous?.to === match.pathname) previous.label = label;
    else crumbs.push({ to: match.pathname, label });
  }

  return (
    <nav aria-label={t('layout.breadcrumbs.label')}>
      <Breadcrumbs mb="md" separatorMargin={6} fz="sm">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
