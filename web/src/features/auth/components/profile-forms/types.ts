import type { auth } from '@extranet/contract';

/** What each section of the profile editor gets from the page. */
export interface ProfileFormProps {
  profile: auth.UserProfile;
  isSelf: boolean;
  /** Reports whether the section holds unsaved changes (the page saves and asks before leaving). */
  onDirtyChange: (isDirty: boolean) => void;
}
