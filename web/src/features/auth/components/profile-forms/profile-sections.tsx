import { createContext, type ReactNode, type RefObject, useContext, useEffect, useRef } from 'react';

/** The parts of the profile editor, in the order one Save stores them (the password last). */
export const SECTION_NAMES = ['general', 'username', 'access', 'notifications', 'password'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** What the page's one Save needs of each section of the profile editor. */
export interface ProfileSection {
  /** Shows the section's input errors; true when it can be saved. */
  validate(): Promise<boolean>;
  /** Stores the section through its call; throws when refused (the section shows why). */
  save(): Promise<void>;
  /** Forgets the refusal of a previous save. */
  clearError(): void;
}

type Register = (name: SectionName, section: RefObject<ProfileSection>) => () => void;

const ProfileSectionsContext = createContext<Register | null>(null);

export function ProfileSectionsProvider({ register, children }: { register: Register; children: ReactNode }) {
  return <ProfileSectionsContext.Provider value={register}>{children}</ProfileSectionsContext.Provider>;
}

/** Makes a section known to the page's Save while it is shown. */
export function useProfileSection(name: SectionName, section: ProfileSection) {
  const register = useContext(ProfileSectionsContext);
  const ref = useRef(section);
  useEffect(() => {
    ref.current = section;
  });
  useEffect(() => register?.(name, ref), [register, name]);
}
