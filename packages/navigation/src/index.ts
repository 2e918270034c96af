export {};
export * from './filters';
