import { discussions } from '@extranet/contract';
import type { Visibility } from '../api/keys';

const STORAGE_KEY = 'discussions.tab';
/** SPEC.md §2 'Discussions list': the regular tab until the user picks another. */
export const DEFAULT_TAB: Visibility = 'normal';

export function isVisibility(value: unknown): value is Visibility {
  return typeof value === 'string' && (discussions.VISIBILITIES as readonly string[]).includes(value);
}

/** The last tab of the discussions list, remembered in this browser. */
export function readStoredTab(): Visibility {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isVisibility(value) ? value : DEFAULT_TAB;
  } catch {
    return DEFAULT_TAB;
  }
}

export function storeTab(tab: Visibility): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, tab);
  } catch {
    // Storage may be unavailable (private mode): the tab is simply not remembered.
  }
}
