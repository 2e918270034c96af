export { Avatar, type AvatarProps, type AvatarUser, avatarSource } from './avatar';
export { DEFAULT_AVATAR_SIZE, gravatarUrl, initials } from './gravatar';
export { md5 } from './md5';
