export * from './entidades.ts';
export * from './reglas.ts';
