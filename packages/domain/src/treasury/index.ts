export * from './arqueo.ts';
export * from './conciliacion.ts';
export * from './devoluciones.ts';
export * from './norma43.ts';
export * from './sepa.ts';
