// Type-checks the jest-dom matchers that packages/components/test/setup.ts installs at runtime
// (test/ is outside tsconfig's include, so its import does not reach the type checker).
/// <reference types="@testing-library/jest-dom/vitest" />
