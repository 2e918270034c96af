import { __, sprintf } from '@storelens/i18n';
import { useState } from 'react';
import { DEFAULT_AVATAR_SIZE, gravatarUrl, initials } from './gravatar';
import './avatar.css';

/** The user fields an avatar reads. */
export interface AvatarUser {
  /** Preferred display name. */
  display_name?: string;
  /** Name when there is no display name. */
  name?: string;
  /** E-mail, used for the Gravatar image. */
  email?: string;
  /** Avatar URLs by size; the 96 variant is used. */
  avatar_URLs?: Record<string | number, string>;
}

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The user shown. */
  user?: AvatarUser;
  /** Overrides the name (alt text and initials). */
  name?: string;
  /** Overrides the image address. */
  src?: string;
  /** Size in pixels; defaults to 60. */
  size?: number;
}

/** The image address: explicit, else the user's 96 variant, else Gravatar by e-mail. */
export function avatarSource(user: AvatarUser | undefined, size: number): string | undefined {
  const sized = user?.avatar_URLs?.[96];
  if (sized) return sized;
  return user?.email ? gravatarUrl(user.email, size) : undefined;
}

/** A round user picture; shows the user's initials when there is no image or it cannot load. */
export function Avatar({ user, name, src, size = DEFAULT_AVATAR_SIZE }: AvatarProps) {
  const label = name ?? user?.display_name ?? user?.name ?? '';
  const source = src ?? avatarSource(user, size);
  // Remembers which address failed, so a new address gets its own chance.
  const [failedSource, setFailedSource] = useState<string>();
  const failed = source !== undefined && failedSource === source;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const alt = label ? sprintf(__('Avatar of %s'), label) : __('User avatar');
  if (source && !failed) {
    return (
      <img
        className="sl-avatar"
        src={source}
        alt={alt}
        width={size}
        height={size}
        style={style}
        onError={() => setFailedSource(source)}
      />
    );
  }
  return (
    <span className="sl-avatar is-initials" role="img" aria-label={alt} style={style}>
      <span aria-hidden="true">{initials(label)}</span>
    </span>
  );
}
