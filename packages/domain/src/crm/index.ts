export * from './calendario.ts';
