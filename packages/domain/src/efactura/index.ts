/** Structured e-invoices: the invoice model every format reads and its UBL / EN 16931 writer. */

export * from './canales.ts';
export * from './categorias.ts';
export * from './modelo.ts';
export * from './ubl.ts';
