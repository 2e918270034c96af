export {};
export * from './search-select';
export * from './chart';
export * from './search';
