export {};
export * from './search-select';
