export * from './amount.ts';
export * from './date.ts';
export * from './minutes.ts';
