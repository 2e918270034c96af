import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './avatar';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

const inlineImage =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#2c5fb3"/><circle cx="48" cy="38" r="18" fill="#e5effa"/><rect x="18" y="62" width="60" height="34" rx="30" fill="#e5effa"/></svg>',
  );

/** A user with a 96 avatar URL. */
export const WithImage: Story = {
  args: { user: { display_name: 'Jane Doe', avatar_URLs: { 96: inlineImage } } },
};

/** The 96 px variant. */
export const Large: Story = {
  args: { size: 96, user: { display_name: 'Jane Doe', avatar_URLs: { 96: inlineImage } } },
};

/** Gravatar by e-mail; offline the image fails and the initials show. */
export const Gravatar: Story = {
  args: { user: { display_name: 'Ada Lovelace', email: 'ada@example.com' } },
};

/** No image: initials. */
export const Initials: Story = { args: { name: 'Grace Hopper' } };
