import { __, sprintf } from '@storelens/i18n';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../primitives/visually-hidden';
import { stepStatus } from './steps';
import '../style/parts.css';
import './stepper.css';

/** One step of a {@link Stepper}. */
export interface Step {
  /** Step id. */
  key: string;
  /** Step name. */
  label: string;
  /** Text under the label. */
  description?: ReactNode;
  /** Shown under the current step. */
  content?: ReactNode;
  /** Marks the step complete whatever its position. */
  isComplete?: boolean;
  /** Makes the step a button (e.g. to go back to it). */
  onClick?: (key: string) => void;
}

/** Props of {@link Stepper}. */
export interface StepperProps {
  /** The steps in order. */
  steps: readonly Step[];
  /** Key of the current step. */
  currentStep: string;
  /** Lays the steps out vertically. */
  isVertical?: boolean;
  /** Accessible name of the list. */
  label?: string;
}

/** A list of steps: complete ones (before the current or flagged) show a check. */
export function Stepper({ steps, currentStep, isVertical = false, label }: StepperProps) {
  const current = steps.find((s) => s.key === currentStep);
  return (
    <div className={`sl-stepper${isVertical ? ' is-vertical' : ''}`}>
      <ol className="sl-stepper__steps" aria-label={label ?? __('Steps')}>
        {steps.map((step, index) => {
          const status = stepStatus(steps, index, currentStep);
          const marker = (
            <span className="sl-round-marker sl-stepper__marker" aria-hidden="true">
              {status === 'complete' ? '✓' : index + 1}
            </span>
          );
          const text = (
            <span className="sl-stepper__text">
              <span className="sl-stepper__label">{step.label}</span>
              {status === 'complete' && <VisuallyHidden>{` ${__('(completed)')}`}</VisuallyHidden>}
              {step.description !== undefined && (
                <span className="sl-stepper__description">{step.description}</span>
              )}
            </span>
          );
          return (
            <li
              key={step.key}
              className={`sl-stepper__step is-${status}`}
              aria-current={status === 'current' ? 'step' : undefined}
            >
              {step.onClick ? (
                <button
                  type="button"
                  className="sl-stepper__button"
                  onClick={() => step.onClick?.(step.key)}
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span className="sl-stepper__button">
                  {marker}
                  {text}
                </span>
              )}
              {isVertical && status === 'current' && step.content}
            </li>
          );
        })}
      </ol>
      {!isVertical && current?.content !== undefined && (
        <section
          className="sl-stepper__content"
          aria-label={sprintf(__('Step %1$d: %2$s'), steps.indexOf(current) + 1, current.label)}
        >
          {current.content}
        </section>
      )}
    </div>
  );
}
