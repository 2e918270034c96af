export * from './errors';
export * from './intervals';
export * from './revenue';
