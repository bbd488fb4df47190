import type { auth } from '@extranet/contract';

/** What each of the profile editor's forms gets from the page. */
export interface ProfileFormProps {
  profile: auth.UserProfile;
  isSelf: boolean;
  /** Reports whether the form holds unsaved changes (the page asks before leaving). */
  onDirtyChange: (isDirty: boolean) => void;
}
