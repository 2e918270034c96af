import { render, screen } from '@testing-library/react';
import { H, Section } from './section';

describe('Section and H', () => {
  it('renders h2 at the top and one level deeper per nested section', () => {
    render(
      <>
        <H>Top</H>
        <Section>
          <H>Inner</H>
          <Section component={false}>
            <H>Innermost</H>
          </Section>
        </Section>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Top', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inner', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Innermost', level: 4 })).toBeInTheDocument();
  });

  it('caps the level at 6 and accepts an explicit level', () => {
    render(
      <Section level={6}>
        <Section>
          <H>Deep</H>
        </Section>
      </Section>,
    );
    expect(screen.getByRole('heading', { name: 'Deep', level: 6 })).toBeInTheDocument();
  });

  it('wraps children in the chosen element', () => {
    render(
      <Section component="section" className="x">
        <H>Titled</H>
      </Section>,
    );
    expect(screen.getByRole('heading', { name: 'Titled' }).parentElement?.tagName).toBe('SECTION');
  });
});
