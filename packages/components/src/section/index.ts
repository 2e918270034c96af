export { type HeadingLevel, toHeadingLevel } from './heading-level';
export { H, type HProps, Section, type SectionProps, useHeadingLevel } from './section';
