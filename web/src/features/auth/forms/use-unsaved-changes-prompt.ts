import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { confirmAction } from '../../../shared/ui/confirm';

/**
 * SPEC.md §2 'Edit profile': leaving with unsaved changes asks Cancel/OK, for in-app navigation
 * (a blocker of the router) and for closing or reloading the tab (the browser's own prompt).
 * Returns `allowNavigation`, to call right before a navigation that follows a successful save.
 */
export function useUnsavedChangesPrompt(isDirty: boolean): { allowNavigation: () => void } {
  const { t } = useTranslation();
  const bypass = useRef(false);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty.current && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  const latest = useRef(blocker);
  latest.current = blocker;
  const isBlocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!isBlocked) return;
    let settled = false;
    const settle = (leave: boolean) => {
      const current = latest.current;
      if (settled || current.state !== 'blocked') return;
      settled = true;
      if (leave) {
        // The page may stay mounted until the next screen has loaded: it must not ask again.
        bypass.current = true;
        current.proceed();
      } else {
        current.reset();
      }
    };
    confirmAction({
      title: t('auth.unsaved.title'),
      text: t('auth.unsaved.text'),
      confirm: t('common.ok'),
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
    });
  }, [isBlocked, t]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNavigation: useCallback(() => {
      bypass.current = true;
    }, []),
  };
}
