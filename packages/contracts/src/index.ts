export * from './api.ts';
export * from './routes.ts';
