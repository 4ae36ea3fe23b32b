/**
 * Daily and monthly views of the time clock against the planned schedule: worked minutes, pauses (by reason),
 * overtime, absences and days without an exit. Pure; the server and the browser both use it. Days are civil days in
 * Europe/Madrid; a workday belongs to the day of its entry.
 */
export interface Marca {
  /** ISO-8601 instant. */
  Fecha: string;
  Estado: string;
  MotivoPausa?: string | null;
}

/** A person who clocks in, named by their employee file when they have one (`rrhh/fichajes/personas`). */
export interface PersonaFichaje {
  IdPersona: number;
  Codigo: string | null;
  Nombre: string;
  IdEmpleado: number | null;
  IdCentro: number | null;
}

export interface Plan {
  /** Planned minutes of a day (yyyy-mm-dd): 0 on rest days and holidays. */
  previstos: (dia: string) => number;
  /** Days of approved leave (yyyy-mm-dd → its kind): not counted as absences. */
  ausencias?: ReadonlyMap<string, string>;
  /** Overtime alert threshold, minutes per month (default: none). */
  limiteExtraMes?: number;
}

export interface Dia {
  Dia: string;
  Entrada: string | null;
  Salida: string | null;
  Trabajados: number;
  Pausas: number;
  PausasPorMotivo: Record<string, number>;
  Previstos: number;
  Extra: number;
  SinSalida: boolean;
  Ausencia: boolean;
  Permiso: string | null;
}

export interface Mes {
  Dias: Dia[];
  Trabajados: number;
  Pausas: number;
  Previstos: number;
  Extra: number;
  Ausencias: number;
  SinSalida: number;
  Alertas: string[];
}

const madrid = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The civil day (yyyy-mm-dd, Europe/Madrid) of an instant. */
export function diaMadrid(instant: string | Date): string {
  return madrid.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The days of a month 'yyyy-mm'. */
export function diasDelMes(mes: string): string[] {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${mes}-${String(i + 1).padStart(2, '0')}`);
}

const minutes = (a: string, b: string) => Math.max(0, Math.round((Date.parse(b) - Date.parse(a)) / 60000));

/** One day's marks (in time order) → worked and paused minutes, first entry, last exit, a missing exit. */
export function resumenDia(marcas: readonly Marca[], hoy?: string) {
  let trabajados = 0;
  let pausas = 0;
  const porMotivo: Record<string, number> = {};
  let desde: string | null = null;
  let pausaDesde: string | null = null;
  let motivo = '';
  let entrada: string | null = null;
  let salida: string | null = null;
  let abierto = false;
  for (const m of marcas) {
    if (m.Estado === 'e') {
      entrada ??= m.Fecha;
      desde = m.Fecha;
      abierto = true;
    } else if (m.Estado === 'p' && desde) {
      trabajados += minutes(desde, m.Fecha);
      desde = null;
      pausaDesde = m.Fecha;
      motivo = m.MotivoPausa?.trim() || 'Sin motivo';
    } else if (m.Estado === 'r') {
      if (pausaDesde) {
        const p = minutes(pausaDesde, m.Fecha);
        pausas += p;
        porMotivo[motivo] = (porMotivo[motivo] ?? 0) + p;
      }
      pausaDesde = null;
      desde = m.Fecha;
    } else if (m.Estado === 's') {
      if (desde) trabajados += minutes(desde, m.Fecha);
      desde = null;
      pausaDesde = null;
      salida = m.Fecha;
      abierto = false;
    }
  }
  const dia = marcas[0] ? diaMadrid(marcas[0].Fecha) : null;
  return { trabajados, pausas, porMotivo, entrada, salida, sinSalida: abierto && dia !== hoy };
}

/** A month 'yyyy-mm' of one person's marks against the plan. `hoy` (yyyy-mm-dd): later days are not absences. */
export function resumenMes(mes: string, marcas: readonly Marca[], plan: Plan, hoy: string): Mes {
  const porDia = new Map<string, Marca[]>();
  for (const m of [...marcas].sort((a, b) => a.Fecha.localeCompare(b.Fecha))) {
    const d = diaMadrid(m.Fecha);
    const list = porDia.get(d) ?? [];
    list.push(m);
    porDia.set(d, list);
  }
  const dias: Dia[] = diasDelMes(mes).map((d) => {
    const r = resumenDia(porDia.get(d) ?? [], hoy);
    const previstos = plan.previstos(d);
    const permiso = plan.ausencias?.get(d) ?? null;
    return {
      Dia: d,
      Entrada: r.entrada,
      Salida: r.salida,
      Trabajados: r.trabajados,
      Pausas: r.pausas,
      PausasPorMotivo: r.porMotivo,
      Previstos: permiso ? 0 : previstos,
      Extra: Math.max(0, r.trabajados - (permiso ? 0 : previstos)),
      SinSalida: r.sinSalida,
      Ausencia: !permiso && previstos > 0 && r.trabajados === 0 && !r.entrada && d < hoy,
      Permiso: permiso,
    };
  });
  const sum = (f: (d: Dia) => number) => dias.reduce((s, d) => s + f(d), 0);
  const mesResumen: Mes = {
    Dias: dias,
    Trabajados: sum((d) => d.Trabajados),
    Pausas: sum((d) => d.Pausas),
    Previstos: sum((d) => d.Previstos),
    Extra: sum((d) => d.Extra),
    Ausencias: sum((d) => (d.Ausencia ? 1 : 0)),
    SinSalida: sum((d) => (d.SinSalida ? 1 : 0)),
    Alertas: [],
  };
  for (const d of dias) if (d.SinSalida) mesResumen.Alertas.push(`Falta la salida del ${formatoDia(d.Dia)}`);
  if (plan.limiteExtraMes !== undefined && mesResumen.Extra > plan.limiteExtraMes) {
    mesResumen.Alertas.push('Se ha superado el límite de horas extraordinarias del mes');
  }
  return mesResumen;
}

const formatoDia = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

const DIAS_SEMANA = ['L', 'M', 'X', 'J', 'V', 'S', 'D'] as const;

/** The weekday letter of a day (L M X J V S D). */
export function letraDia(dia: string): (typeof DIAS_SEMANA)[number] {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number];
  return DIAS_SEMANA[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

/**
 * The plan of a contract: weekly hours spread over its working days ('LMXJV' by default), none on holidays, none
 * outside the contract's dates.
 */
export function planContrato(c: {
  JornadaSemanal: number | string | null;
  DiasSemana?: string | null;
  FechaInicio?: string | null;
  FechaFin?: string | null;
  festivos?: ReadonlySet<string>;
}): (dia: string) => number {
  const dias = (c.DiasSemana?.toUpperCase() || 'LMXJV').split('').filter((x) => DIAS_SEMANA.includes(x as never));
  const semanal = Number(c.JornadaSemanal ?? 0) * 60;
  const porDia = dias.length ? Math.round(semanal / dias.length) : 0;
  return (dia) => {
    if (c.FechaInicio && dia < c.FechaInicio) return 0;
    if (c.FechaFin && dia > c.FechaFin) return 0;
    if (c.festivos?.has(dia)) return 0;
    return dias.includes(letraDia(dia)) ? porDia : 0;
  };
}
