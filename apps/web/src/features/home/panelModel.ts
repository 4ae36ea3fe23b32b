import { formatDate, formatNumber } from '@faro/domain';

/** `GET informes/panel`: every figure of the dashboard in one answer (the server's `contabilidad/panel.ts`). */
export interface Tramo {
  Tramo: 'sinvencer' | '1-30' | '31-60' | '61-90' | '90+';
  /** The due dates it covers (null: open end). */
  Desde: string | null;
  Hasta: string | null;
  Importe: string;
}
export interface Pendiente {
  Pendiente: string;
  Vencido: string;
  Recibos: number;
  Tramos: Tramo[];
}
export interface TarjetaImpuesto {
  Modelo: string;
  Anyo: number;
  Periodo: string;
  /** The AEAT deadline (yyyy-mm-dd) and the days left. */
  Fecha: string;
  Dias: number;
  Resultado: string;
  Estado: 'presentada' | 'borrador' | 'pendiente';
  FechaPresentacion: string | null;
}
export interface Panel {
  Hoy: string;
  VentasMes: { Mes: string; Base: string; Facturas: number; BaseAnyoAnterior: string };
  VentasAnyo: { Anyo: number; Base: string; Facturas: number; BaseAnyoAnterior: string };
  /** `Estimado`: some lines sold had no cost taken at issuing; their product's current purchase price stands in. */
  Margen: { Coste: string; Margen: string; Porcentaje: string | null; Estimado?: boolean } | null;
  VentasPorMes: { Mes: string; Base: string }[];
  VentasPorMesAnterior: { Mes: string; Base: string }[];
  MejoresClientes: { Id: number; Nombre: string; Base: string }[];
  Cobros: Pendiente;
  Pagos: Pendiente;
  /** Balances a fecha (today) and previsto (with the movements recorded for later days): treasury's definition. */
  Tesoreria: {
    Caja: string;
    Bancos: string;
    Previsto?: { Caja: string; Bancos: string };
    Cuentas: { Id: number; Nombre: string; Tipo: string; Saldo: string }[];
  };
  ProximoPlazo: { Fecha: string; Descripcion: string; Dias: number };
  /** Null for whoever may not read the tax models. */
  Impuestos: TarjetaImpuesto[] | null;
}

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** '2026-04' → 'abr 26'. */
export const nombreMes = (mes: string) => `${MESES[Number(mes.slice(5, 7)) - 1]} ${mes.slice(2, 4)}`;

const centimos = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
/** a + b of two amounts given as text, exact to the cent. */
export const suma = (a: string | undefined, b: string | undefined) => ((centimos(a) + centimos(b)) / 100).toFixed(2);

/** '+12,3 %' / '−4,0 %' against last year; null when last year had nothing to compare with. */
export function variacion(actual: string, anterior: string): string | null {
  const antes = Number(anterior);
  if (!antes) return null;
  const v = ((Number(actual) - antes) * 100) / Math.abs(antes);
  return `${v >= 0 ? '+' : '−'}${formatNumber(Math.abs(v), 1)} %`;
}

export const ETIQUETA_TRAMO: Record<Tramo['Tramo'], string> = {
  sinvencer: 'Sin vencer',
  '1-30': 'Hasta 30 días',
  '31-60': '31 a 60 días',
  '61-90': '61 a 90 días',
  '90+': 'Más de 90 días',
};

/** 'hoy', 'mañana', 'faltan 12 días'. */
export const faltan = (dias: number) => (dias === 0 ? 'hoy' : dias === 1 ? 'mañana' : `faltan ${dias} días`);

export const ESTADO_IMPUESTO: Record<TarjetaImpuesto['Estado'], { texto: string; color: string }> = {
  presentada: { texto: 'Presentado', color: 'green' },
  borrador: { texto: 'Borrador guardado', color: 'yellow' },
  pendiente: { texto: 'Sin presentar', color: 'red' },
};

export const textoEstadoImpuesto = (c: TarjetaImpuesto) =>
  c.Estado === 'presentada' && c.FechaPresentacion
    ? `Presentado el ${formatDate(c.FechaPresentacion)}`
    : ESTADO_IMPUESTO[c.Estado].texto;

/** The tax-model screen opened on a card's model and period (the screen reads `Modelo`, `Ejercicio`, `Periodo`). */
export const enlaceModelo = (c: Pick<TarjetaImpuesto, 'Modelo' | 'Anyo' | 'Periodo'>) =>
  `/modtributarios/lista?${new URLSearchParams({ Modelo: c.Modelo, Periodo: c.Periodo, Ejercicio: String(c.Anyo) })}`;
