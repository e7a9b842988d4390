export * from './api.ts';
export * from './leads.ts';
export * from './routes.ts';
export * from './forms.ts';
export * from './messages.ts';
