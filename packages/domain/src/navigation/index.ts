export * from './areas.ts';
export * from './enrolments.ts';
export * from './guards.ts';
export * from './menu.ts';
export * from './routes.ts';
export * from './tables.ts';
export * from './userMenu.ts';
