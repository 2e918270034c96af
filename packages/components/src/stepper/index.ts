export { type Step, Stepper, type StepperProps } from './stepper';
export { type StepState, type StepStatus, stepStatus } from './steps';
