export {};
export * from './search-select';
export * from './chart';
export * from './search';
export * from './search-list-control';
export * from './advanced-filters';
export * from './report-filters';
export * from './compare-filter';
