export * from './amount.ts';
export * from './celdaHoja.ts';
export * from './date.ts';
export * from './minutes.ts';
