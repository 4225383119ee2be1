import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../../shared/schemas/account';
import { ProfileButton } from './profile-button';

// The menu (popover and its positioning code) loads after the first screen; until then the
// same button is shown, marked as not yet usable.
const ProfileMenu = lazy(async () => ({ default: (await import('./profile-menu')).ProfileMenu }));

/** Round thumbnail (or initials) and login name, with the profile menu below. */
export function ProfileHeader({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  return (
    <Suspense fallback={<ProfileButton user={user} aria-disabled />}>
      <ProfileMenu user={user} onSignOut={onSignOut} />
    </Suspense>
  );
}
