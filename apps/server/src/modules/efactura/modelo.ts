import {
  type ClaseFacturaElectronica,
  type DesgloseIva,
  type FacturaElectronica,
  PROVINCIAS,
  TIPOS_DOCUMENTO_VENTA,
} from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  type Cabecera,
  clientesTable,
  col,
  empresa,
  fpagoTable,
  type Linea,
  vencimientosVenta,
} from '../../platform/tenancy/tables.ts';
import { motorVenta } from '../ventas/ladoVenta.ts';

/**
 * An issued sales invoice as the e-invoice writers read it (`FacturaElectronica`, packages/domain/src/efactura):
 * the header the engine stored (the customer as the invoice names it, its breakdown and totals), its lines, the
 * company, the customer's kind of id, the payment method, the due dates and the invoice it corrects. The same
 * reads the PDF makes; nothing is recomputed.
 */
const provincia = (codigo: string | null | undefined) => PROVINCIAS.find((p) => p.value === codigo)?.label ?? codigo;
const TIPOS = TIPOS_DOCUMENTO_VENTA.fventa.tipos;

export interface FacturaCargada {
  cabecera: Cabecera;
  factura: FacturaElectronica;
}

export async function cargarFacturaElectronica(s: Scope, id: number): Promise<FacturaCargada> {
  const h = await motorVenta.cargarCabecera(s, id, TIPOS);
  const [lineas, [emp], [cliente], [forma], vencimientos, rectificada] = await Promise.all([
    motorVenta.cargarLineas(s, [id]),
    s.company({
      nombre: empresa.nombre,
      nif: empresa.nif,
      direccion: empresa.direccion,
      codPostal: empresa.codPostal,
      poblacion: empresa.poblacion,
      provincia: empresa.provincia,
      pais: empresa.pais,
    }),
    s.pick({ TipoNIF: col(clientesTable, 'TipoNIF') }, clientesTable, eq(col(clientesTable, 'Id'), h.idTercero)),
    h.idFormaPago
      ? s.pick({ Descripcion: col(fpagoTable, 'Descripcion') }, fpagoTable, eq(col(fpagoTable, 'Id'), h.idFormaPago))
      : Promise.resolve([]),
    s
      .pick(
        { Fecha: vencimientosVenta.Fecha, Importe: vencimientosVenta.Importe },
        vencimientosVenta,
        eq(vencimientosVenta.IdFactura, id),
      )
      .orderBy(vencimientosVenta.Plazo),
    h.idRectificada ? motorVenta.cargarCabecera(s, h.idRectificada, TIPOS).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    cabecera: h,
    factura: facturaDe(
      h,
      lineas,
      emp,
      cliente as { TipoNIF: string | null } | undefined,
      forma as { Descripcion: string } | undefined,
      vencimientos,
      rectificada,
    ),
  };
}

function facturaDe(
  h: Cabecera,
  lineas: Linea[],
  emp:
    | {
        nombre: string;
        nif: string;
        direccion: string | null;
        codPostal: string | null;
        poblacion: string | null;
        provincia: string | null;
        pais: string | null;
      }
    | undefined,
  cliente: { TipoNIF: string | null } | undefined,
  forma: { Descripcion: string } | undefined,
  vencimientos: { Fecha: string; Importe: string }[],
  rectificada: Cabecera | null,
): FacturaElectronica {
  return {
    Tipo: h.tipo as ClaseFacturaElectronica,
    Numero: h.numSerie ?? '',
    Fecha: h.fecha,
    Emisor: {
      Nombre: emp?.nombre ?? '',
      Nif: emp?.nif || null,
      Direccion: emp?.direccion,
      CodPostal: emp?.codPostal,
      Poblacion: emp?.poblacion,
      Provincia: provincia(emp?.provincia),
      Pais: emp?.pais,
    },
    Receptor: {
      Nombre: h.terceroNombre,
      Nif: h.terceroNif,
      TipoNif: cliente?.TipoNIF ?? null,
      Direccion: h.terceroDireccion,
      CodPostal: h.terceroCodPostal,
      Poblacion: h.terceroPoblacion,
      Provincia: provincia(h.terceroProvincia),
      Pais: h.terceroPais,
    },
    RegimenIva: h.regimenIva,
    Lineas: lineas.map((l) => ({
      Descripcion: l.descripcion,
      Cantidad: l.cantidad,
      Precio: l.precio,
      Descuento: l.descuento,
      Importe: l.importe,
      TipoIva: l.tipoIva,
    })),
    Desglose: h.desglose as DesgloseIva[],
    BaseImponible: h.baseImponible,
    TotalIva: h.totalIva,
    TotalRecargo: h.totalRecargo,
    PorcRetencion: h.porcRetencion,
    TotalRetencion: h.totalRetencion,
    Total: h.total,
    Rectificada: rectificada
      ? {
          Numero: rectificada.numSerie ?? '',
          Fecha: rectificada.fecha,
          Motivo: h.tipoRectificativa,
          Modo: h.modoRectificativa,
        }
      : null,
    Vencimientos: vencimientos,
    FormaPago: forma?.Descripcion ?? null,
    Observaciones: h.observaciones,
  };
}
