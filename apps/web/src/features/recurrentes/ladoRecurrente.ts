import type { PermissionCode } from '@faro/domain';
import { createContext, useContext } from 'react';
import { LADO_COMPRA } from '../compras/ladoCompra.ts';
import type { LadoWeb } from '../documentos/lado.ts';
import { LADO_VENTA } from '../ventas/ladoVenta.ts';

/**
 * One kind of recurring templates: sales invoices (`fventarec`), purchase invoices (`fcomprarec`) and expenses
 * (`fgastorec`). The list and editor are the same; the kind says its API path, permission, the document side
 * (party, JSON names, lists to refresh) and where the generated documents open.
 */
export interface LadoRecurrente {
  recurso: string;
  ruta: string;
  permiso: PermissionCode;
  lado: LadoWeb;
  /** The action whose editor opens a generated document (`fventa`, `fcompra`, `fgasto`). */
  generado: string;
  titulo: string;
  nuevo: string;
}

export const RECURRENTE_VENTA: LadoRecurrente = {
  recurso: 'fventarec',
  ruta: 'ventas/fventarec',
  permiso: 'VentasRecurr',
  lado: LADO_VENTA,
  generado: 'fventa',
  titulo: 'Facturas recurrentes',
  nuevo: 'Nueva factura recurrente',
};

export const RECURRENTE_COMPRA: LadoRecurrente = {
  recurso: 'fcomprarec',
  ruta: 'compras/fcomprarec',
  permiso: 'ComprasRecurr',
  lado: LADO_COMPRA,
  generado: 'fcompra',
  titulo: 'Facturas de compra recurrentes',
  nuevo: 'Nueva factura recurrente',
};

export const RECURRENTE_GASTO: LadoRecurrente = {
  recurso: 'fgastorec',
  ruta: 'compras/fgastorec',
  permiso: 'ComprasRecurr',
  lado: LADO_COMPRA,
  generado: 'fgasto',
  titulo: 'Gastos recurrentes',
  nuevo: 'Nuevo gasto recurrente',
};

export const RECURRENTES: Record<string, LadoRecurrente> = {
  fventarec: RECURRENTE_VENTA,
  fcomprarec: RECURRENTE_COMPRA,
  fgastorec: RECURRENTE_GASTO,
};

const Contexto = createContext<LadoRecurrente>(RECURRENTE_VENTA);
export const RecurrenteProvider = Contexto.Provider;
export const useRecurrente = () => useContext(Contexto);
