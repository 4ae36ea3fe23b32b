import { TIPOS_IVA_DEFECTO } from '../reference/fiscal.ts';
import { calcularTotales, type TipoIva } from '../sales/totals.ts';
import type { FacturaElectronica, LineaFactura, ParteFactura } from './modelo.ts';

/** Invoices for the e-invoice tests: every tax case Faro issues, with totals from the one totals calculation. */
/** The VAT types a new company gets (IVA, IGIC, IPSI), plus causes it configures by hand (E6, S2, N1). */
const TIPOS: TipoIva[] = [
  ...TIPOS_IVA_DEFECTO.IVA,
  ...TIPOS_IVA_DEFECTO.IGIC,
  ...TIPOS_IVA_DEFECTO.IPSI,
  ...(['E6', 'S2', 'N1'] as const).map((Exencion) => ({
    Valor: Exencion,
    Impuesto: 'IVA' as const,
    PorcentajeIva: '0',
    Exencion,
  })),
];

export const EMISOR_PRUEBA: ParteFactura = {
  Nombre: 'Ferretería Faro, S.L.',
  Nif: 'B12345674',
  Direccion: 'Calle Mayor, 1',
  CodPostal: '28001',
  Poblacion: 'Madrid',
  Provincia: 'Madrid',
  Pais: 'ES',
};
export const CLIENTE_PRUEBA: ParteFactura = {
  Nombre: 'Construcciones López, S.A.',
  Nif: 'A58818501',
  TipoNif: 'nif',
  Direccion: 'Avenida del Puerto, 20',
  CodPostal: '46021',
  Poblacion: 'Valencia',
  Provincia: 'Valencia/València',
  Pais: 'ES',
};
export const CLIENTE_UE: ParteFactura = { Nombre: 'Bauhaus GmbH', Nif: 'DE123456789', TipoNif: 'nifiva', Pais: 'DE' };
export const CLIENTE_EXTRANJERO: ParteFactura = {
  Nombre: 'Acme Inc.',
  Nif: '12-3456789',
  TipoNif: 'extranjero',
  Pais: 'US',
};

type LineaPrueba = Pick<LineaFactura, 'Descripcion' | 'Cantidad' | 'Precio' | 'TipoIva'> & { Descuento?: string };

export interface FacturaPrueba {
  Tipo?: FacturaElectronica['Tipo'];
  Receptor?: ParteFactura;
  RegimenIva?: string;
  Lineas: LineaPrueba[];
  PorcRetencion?: string;
  Rectificada?: FacturaElectronica['Rectificada'];
}

/** A complete invoice from its lines (totals, breakdown and one due date as Faro stores them). */
export function facturaPrueba(p: FacturaPrueba, numero = 'F-2026/1'): FacturaElectronica {
  const lineas = p.Lineas.map((l) => ({ ...l, Descuento: l.Descuento ?? '0' }));
  const t = calcularTotales(
    { Lineas: lineas, RecargoEquivalencia: p.RegimenIva === 'recargo', PorcRetencion: p.PorcRetencion ?? '0' },
    TIPOS,
  );
  return {
    Tipo: p.Tipo ?? 'factura',
    Numero: numero,
    Fecha: '2026-03-02',
    Emisor: EMISOR_PRUEBA,
    Receptor: p.Receptor ?? CLIENTE_PRUEBA,
    RegimenIva: p.RegimenIva ?? 'general',
    Lineas: lineas.map((l, i) => ({ ...l, Importe: t.Lineas[i]!.Importe })),
    Desglose: t.Desglose,
    BaseImponible: t.BaseImponible,
    TotalIva: t.TotalIva,
    TotalRecargo: t.TotalRecargo,
    PorcRetencion: p.PorcRetencion ?? '0',
    TotalRetencion: t.TotalRetencion,
    Total: t.Total,
    Rectificada: p.Rectificada ?? null,
    Vencimientos: [{ Fecha: '2026-04-01', Importe: t.Total }],
    FormaPago: 'Transferencia a 30 días',
    Observaciones: null,
  };
}

const linea = (Descripcion: string, Cantidad: string, Precio: string, TipoIva: string, Descuento?: string) => ({
  Descripcion,
  Cantidad,
  Precio,
  TipoIva,
  ...(Descuento ? { Descuento } : {}),
});

/** One invoice per tax case, by name. */
export const CASOS_FACTURA: Record<string, FacturaElectronica> = {
  general: facturaPrueba({
    Lineas: [
      linea('Taladro percutor', '2', '89.95', 'IVA21', '10'),
      linea('Libro técnico', '1', '25', 'IVA4'),
      linea('Reparación de vivienda', '3.5', '30.123', 'IVA10'),
    ],
  }),
  recargo: facturaPrueba({
    RegimenIva: 'recargo',
    Lineas: [linea('Tornillería', '100', '0.37', 'IVA21'), linea('Pan', '10', '1.1', 'IVA4')],
  }),
  irpf: facturaPrueba({
    PorcRetencion: '15',
    Lineas: [linea('Honorarios de dirección de obra', '1', '1000', 'IVA21')],
  }),
  exenta: facturaPrueba({
    RegimenIva: 'exento',
    Lineas: [linea('Curso de formación', '1', '300', 'EXENTO'), linea('Seguro', '1', '50', 'E6')],
  }),
  mixtaExenta: facturaPrueba({
    Lineas: [
      linea('Material', '1', '100', 'IVA21'),
      linea('Curso', '1', '300', 'EXENTO'),
      linea('Muestra', '1', '5', 'IVA0'),
    ],
  }),
  exportacion: facturaPrueba({
    Receptor: CLIENTE_EXTRANJERO,
    RegimenIva: 'exportacion',
    Lineas: [linea('Generador', '1', '2500', 'EXPORT')],
  }),
  intracomunitaria: facturaPrueba({
    Receptor: CLIENTE_UE,
    RegimenIva: 'intracomunitario',
    Lineas: [linea('Herramientas', '5', '40', 'INTRAUE')],
  }),
  inversionSujetoPasivo: facturaPrueba({ Lineas: [linea('Obra de rehabilitación', '1', '12000', 'S2')] }),
  noSujeta: facturaPrueba({ Lineas: [linea('Indemnización', '1', '600', 'N1')] }),
  igic: facturaPrueba({ Lineas: [linea('Servicio en Canarias', '2', '150', 'IGIC7')] }),
  ipsi: facturaPrueba({ Lineas: [linea('Servicio en Ceuta', '1', '80', 'IPSI4')] }),
  simplificada: facturaPrueba({ Tipo: 'simplificada', Lineas: [linea('Martillo', '1', '12.40', 'IVA21')] }),
  rectificativaAbono: facturaPrueba(
    {
      Tipo: 'rectificativa',
      PorcRetencion: '15',
      Rectificada: { Numero: 'F-2026/1', Fecha: '2026-03-02', Motivo: 'R1', Modo: 'I' },
      Lineas: [linea('Devolución de taladro', '-1', '89.95', 'IVA21')],
    },
    'R-2026/1',
  ),
  rectificativaSustitucion: facturaPrueba(
    {
      Tipo: 'rectificativa',
      Rectificada: { Numero: 'F-2026/1', Fecha: '2026-03-02', Motivo: 'R4', Modo: 'S' },
      Lineas: [linea('Taladro percutor', '2', '85', 'IVA21'), linea('Abono de portes', '1', '-5', 'IVA21')],
    },
    'R-2026/2',
  ),
};
