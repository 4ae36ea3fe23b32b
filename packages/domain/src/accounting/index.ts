export * from './amortizacion.ts';
export * from './asientos.ts';
export * from './asientosTesoreria.ts';
export * from './contaplus.ts';
export * from './libro.ts';
export * from './pgcPymes.ts';
export * from './plazos.ts';
