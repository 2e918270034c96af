import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the Gravatar image for the e-mail at 60 px by default', () => {
    render(<Avatar user={{ display_name: 'Jane Doe', email: 'jane@example.com' }} />);
    const image = screen.getByRole('img', { name: 'Avatar of Jane Doe' });
    expect(image).toHaveAttribute('width', '60');
    expect(image.getAttribute('src')).toMatch(
      /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=60&d=mp$/,
    );
  });

  it("prefers the user's 96 avatar URL and honours the size", () => {
    render(
      <Avatar
        size={96}
        user={{ name: 'Sam', avatar_URLs: { 24: 'https://a/24.png', 96: 'https://a/96.png' } }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Avatar of Sam' });
    expect(image).toHaveAttribute('src', 'https://a/96.png');
    expect(image).toHaveAttribute('width', '96');
  });

  it('shows initials when the image cannot load', () => {
    render(<Avatar user={{ display_name: 'Jane Q Doe', email: 'jane@example.com' }} />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar of Jane Q Doe' }));
    const fallback = screen.getByRole('img', { name: 'Avatar of Jane Q Doe' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('JD');
  });

  it('shows initials when there is no image at all', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Avatar of Ada Lovelace' })).toHaveTextContent('AL');
  });
});
