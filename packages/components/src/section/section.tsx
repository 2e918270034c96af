import {
  type ComponentPropsWithoutRef,
  createContext,
  type ElementType,
  type ReactNode,
  useContext,
} from 'react';
import { type HeadingLevel, nestedLevel, toHeadingLevel } from './heading-level';
import './section.css';

const LevelContext = createContext<HeadingLevel>(2);

/** The heading level `H` renders at this point of the tree (2 at the top, +1 per Section). */
export function useHeadingLevel(): HeadingLevel {
  return useContext(LevelContext);
}

/** Props of {@link Section}. */
export interface SectionProps {
  /** Element wrapping the section, `false` for none; defaults to `div`. */
  component?: ElementType | false;
  /** Overrides the level of headings directly inside (otherwise the parent's + 1). */
  level?: number;
  /** Class name of the wrapping element. */
  className?: string;
  children?: ReactNode;
}

/** A section of content: headings (`H`) inside it render one level deeper than outside. */
export function Section({ component = 'div', level, className, children }: SectionProps) {
  const parent = useContext(LevelContext);
  const inner = level === undefined ? nestedLevel(parent) : toHeadingLevel(level);
  const Wrapper = component;
  return (
    <LevelContext.Provider value={inner}>
      {Wrapper === false ? children : <Wrapper className={className}>{children}</Wrapper>}
    </LevelContext.Provider>
  );
}

/** Props of {@link H}: those of a heading element. */
export type HProps = ComponentPropsWithoutRef<'h2'>;

/** A heading whose level follows its Section nesting. */
export function H({ className, ...props }: HProps) {
  const level = useContext(LevelContext);
  const Tag = `h${level}` as const;
  return <Tag className={className ? `sl-heading ${className}` : 'sl-heading'} {...props} />;
}
