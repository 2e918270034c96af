import { Fragment, type ReactNode } from 'react';
import { parseTemplate } from './template';

/** Elements for a template: nodes for `{{name /}}` slots, wrappers for `{{name}}…{{/name}}`. */
export interface TemplateParts {
  /** Nodes placed at `{{name /}}`. */
  readonly slots?: Readonly<Record<string, ReactNode>>;
  /** Wrappers given the text of `{{name}}text{{/name}}`. */
  readonly wraps?: Readonly<Record<string, (text: string) => ReactNode>>;
}

/** Renders a translated sentence with elements in its placeholders; unknown names render nothing. */
export function renderTemplate(template: string, { slots = {}, wraps = {} }: TemplateParts) {
  return parseTemplate(template).map((segment, index) => {
    const key = `${segment.kind}-${index}`;
    if (segment.kind === 'text') return <Fragment key={key}>{segment.text}</Fragment>;
    if (segment.kind === 'slot')
      return <Fragment key={key}>{slots[segment.name] ?? null}</Fragment>;
    const wrap = wraps[segment.name];
    return <Fragment key={key}>{wrap ? wrap(segment.text) : segment.text}</Fragment>;
  });
}
