/** One series of a chart: the data field it reads, its name in the legend and tooltip, a Mantine colour. */
export interface SerieGrafico {
  clave: string;
  nombre: string;
  color: string;
}

/**
 * A chart of categories (bars) or of dates (a line): `datos` are rows with the category in `eje` and one number per
 * series; `formato` writes a value as a person reads it (axes, labels, tooltip and the table alternative).
 */
export interface PropsGrafico {
  /** The chart's name for screen readers and the table's caption. */
  titulo: string;
  datos: Record<string, string | number>[];
  eje: string;
  /** The column heading of the category in the table alternative ("Mes", "Profesor"…). */
  nombreEje: string;
  series: SerieGrafico[];
  formato: (v: number) => string;
  /** How a category reads on the axis and in the table (dates as dd/mm/aaaa); as is by default. */
  etiqueta?: (v: string) => string;
  alto?: number;
}

/** Characters of a category that fit on an axis; the whole text stays in the tooltip and the table. */
export const LARGO_ETIQUETA = 18;
export const recortar = (s: string, n = LARGO_ETIQUETA) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The rows of the table alternative: the category, then each series formatted. */
export function filasTabla(p: PropsGrafico): { clave: string; celdas: string[] }[] {
  const etiqueta = p.etiqueta ?? ((v: string) => v);
  return p.datos.map((d) => ({
    clave: String(d[p.eje]),
    celdas: [etiqueta(String(d[p.eje])), ...p.series.map((s) => p.formato(Number(d[s.clave] ?? 0)))],
  }));
}
