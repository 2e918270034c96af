export * from './errors';
export * from './intervals';
export * from './revenue';
export * from './reports-common';
export * from './reports-stats';
export * from './reports-lists';
export * from './pickers-search';
export * from './reports-indicators';
