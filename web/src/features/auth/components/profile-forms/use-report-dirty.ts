import { useEffect } from 'react';

/** Tells the page whether the section holds unsaved changes. */
export function useReportDirty(isDirty: boolean, onDirtyChange: (isDirty: boolean) => void) {
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
}
