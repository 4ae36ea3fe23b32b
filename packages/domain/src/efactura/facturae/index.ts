/** Facturae 3.2.2: the Spanish public sector's e-invoice (what FACe takes), written from `FacturaElectronica`. */

export * from './face.ts';
export * from './facturae.ts';
export * from './paises.ts';
