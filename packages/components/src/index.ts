export {};
export * from './search-select';
export * from './chart';
export * from './search';
export * from './search-list-control';
