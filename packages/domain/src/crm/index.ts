export * from './calendario.ts';
export * from './oportunidades.ts';
