import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../../shared/schemas/account';
import { useAfterFirstScreen } from '../lib/first-screen';
import { ProfileButton } from './profile-button';

// The menu (popover and its positioning code) loads once the first screen is up (or when the
// pointer reaches the button); until then the same button is shown, marked as not yet usable.
const ProfileMenu = lazy(async () => ({ default: (await import('./profile-menu')).ProfileMenu }));

/** Round thumbnail (or initials) and login name, with the profile menu below. */
export function ProfileHeader({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const [ready, loadNow] = useAfterFirstScreen();
  const placeholder = <ProfileButton user={user} aria-disabled onPointerEnter={loadNow} />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ProfileMenu user={user} onSignOut={onSignOut} />
    </Suspense>
  );
}
