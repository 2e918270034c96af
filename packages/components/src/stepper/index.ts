export { type Step, Stepper, type StepperProps } from './Stepper';
export { type StepState, type StepStatus, stepStatus } from './steps';
