export * from './asientos.ts';
export * from './contaplus.ts';
export * from './libro.ts';
export * from './pgcPymes.ts';
export * from './plazos.ts';
