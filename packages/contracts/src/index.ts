export * from './api.ts';
export * from './leads.ts';
export * from './routes.ts';
