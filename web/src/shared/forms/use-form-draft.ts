import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSessionState } from '../session';

const PREFIX = 'draft:';
const SAVE_DELAY_MS = 300;

interface StoredDraft<T> {
  savedAt: string;
  values: T;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    return parsed && typeof parsed === 'object' && 'values' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

/** Every draft of this tab; an explicit sign-out leaves none behind for the next user. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) remove(key);
}

export interface FormDraft {
  /** When the draft shown was typed, if the form opened with one. */
  restoredAt: Date | null;
  /** Forgets the draft and puts the form back as the server has it. */
  discard: () => void;
  /** Forgets the draft once the form has been saved. */
  clear: () => void;
}

function pick<T extends FieldValues>(values: T, fields: readonly (keyof T)[] | undefined): Partial<T> {
  if (!fields) return values;
  return Object.fromEntries(fields.map((field) => [field, values[field]])) as Partial<T>;
}

/**
 * Keeps what is typed into a form in the tab's sessionStorage until it is saved or discarded, so
 * a reload or a new sign-in after the session ended loses nothing: the form opens with the draft
 * (shown by a note with Discard). The draft is the user's own (keyed by user id) and is dropped
 * as soon as the form matches its saved values again. `fields` limits it to those fields (what
 * cannot be restored, such as uploaded files, stays out); values must be plain JSON.
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: string | null,
  options: { fields?: readonly (keyof T)[] } = {},
): FormDraft {
  const { session } = useSessionState();
  const key = name && session ? `${PREFIX}${session.user_id}:${name}` : null;
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const restoredKey = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const fields = useRef(options.fields);

  // The stored draft, once per form.
  useEffect(() => {
    if (!key || restoredKey.current === key) return;
    restoredKey.current = key;
    const draft = read<Partial<T>>(key);
    if (!draft) return;
    form.reset({ ...form.getValues(), ...draft.values }, { keepDefaultValues: true });
    setRestoredAt(new Date(draft.savedAt));
  }, [form, key]);

  useEffect(() => {
    if (!key) return;
    const subscription = form.watch(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const values = pick(form.getValues(), fields.current);
        const saved = pick((form.formState.defaultValues ?? {}) as T, fields.current);
        try {
          if (JSON.stringify(values) === JSON.stringify(saved)) remove(key);
          else
            storage()?.setItem(
              key,
              JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies StoredDraft<Partial<T>>),
            );
        } catch {
          // Full or unavailable storage: the form still works, without a draft.
        }
      }, SAVE_DELAY_MS);
    });
    return () => {
      window.clearTimeout(timer.current);
      subscription.unsubscribe();
    };
  }, [form, key]);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    if (key) remove(key);
    setRestoredAt(null);
  }, [key]);

  const discard = useCallback(() => {
    clear();
    form.reset();
  }, [form, clear]);

  return { restoredAt, discard, clear };
}
