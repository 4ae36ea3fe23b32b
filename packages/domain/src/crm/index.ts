export * from './calendario.ts';
export * from './marketing.ts';
export * from './oportunidades.ts';
