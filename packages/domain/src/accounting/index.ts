export * from './asientos.ts';
export * from './contaplus.ts';
export * from './plazos.ts';
