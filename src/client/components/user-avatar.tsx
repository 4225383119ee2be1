import { Avatar } from '@mantine/core';
import type { Member } from '../../shared/schemas/projects';
import { productKey } from '../lib/config';

type Props = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  login: string;
  hasImage: boolean;
  size?: number | 'sm' | 'md' | 'lg' | 'xl';
  /** Changes after an upload so the browser fetches the new image. */
  version?: number;
  productKey: string;
};

export function initialsOf(firstName: string | null, lastName: string | null, login: string): string {
  const fromName = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase();
  return fromName || login.slice(0, 2).toUpperCase();
}

/** A round profile thumbnail, or the user's initials when there is no image. */
export function UserAvatar({ userId, firstName, lastName, login, hasImage, size = 'md', version, productKey }: Props) {
  const src = hasImage
    ? `/api/data/${productKey}/profilefiles/${userId}/thumbnail.png${version ? `?ts=${version}` : ''}`
    : null;
  return (
    <Avatar src={src} radius="xl" size={size} color="teal" variant="filled" alt="">
      {initialsOf(firstName, lastName, login)}
    </Avatar>
  );
}

/** A project member's avatar (the members card, the member profile). */
export function MemberAvatar({ member, size }: { member: Member; size?: Props['size'] }) {
  return (
    <UserAvatar
      userId={member.userID}
      firstName={member.firstName}
      lastName={member.lastName}
      login={member.userLogin ?? '?'}
      hasImage={member.hasProfileImage}
      size={size}
      productKey={productKey}
    />
  );
}
