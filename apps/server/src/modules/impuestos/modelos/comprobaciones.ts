import {
  comprobarAnual,
  filasRetencion,
  MSG_MODELOS,
  PERIODICO,
  type Periodo,
  type PeriodoComprobado,
  type Resultado390,
  TRIMESTRES,
} from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { calcularAnual, type LibrosDelAnyo, librosDelAnyo, presentada, trimestreDe } from './resumenesAnuales.ts';
import { ajustesDelPeriodo, calcular, propiosDelPeriodo } from './servicio.ts';

/**
 * `GET /api/impuestos/modtributarios/comprobaciones/:anyo`: each annual summary of the year against its four
 * periodic returns (390 ↔ 303, 190 ↔ 111, 180 ↔ 115): the year's rows read once, each quarter computed from the
 * same rows with its own adjustments and compared with the return presented, the differences explained by the
 * domain (comprobaciones.ts). Read-only, with the models' own permission.
 */
const MODELOS = ['390', '190', '180'] as const;

/** The corrective invoices of a quarter that the periodic return reads (for the explanation of a difference). */
function rectificativas(libros: LibrosDelAnyo, p: Periodo, modelo: (typeof MODELOS)[number]): string[] {
  const en = (f: string) => f >= p.desde && f <= p.hasta;
  const recibidas = libros.recibidas.filter((l) => en(l.Fecha));
  const filas =
    modelo === '390'
      ? [...libros.emitidas.filter((l) => en(l.Fecha)), ...recibidas]
      : filasRetencion(recibidas, modelo === '190' ? '111' : '115');
  return [...new Set(filas.filter((l) => l.Rectificativa).map((l) => l.NumSerie))];
}

export function registerComprobaciones(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/impuestos/modtributarios/comprobaciones/:anyo',
    {
      config: { access: access.permission('ImptoEmit', 1) },
      schema: { tags: ['impuestos'], summary: 'Resúmenes anuales (390, 190, 180) frente a sus modelos periódicos' },
    },
    async (request) => {
      const anyo = Number((request.params as { anyo?: string }).anyo);
      if (!Number.isInteger(anyo) || anyo < 2000 || anyo > 2100) throw badRequest(MSG_MODELOS.anyo);
      const s = deps.scopeOf(request);
      const libros = await librosDelAnyo(s, anyo);
      const Modelos = [];
      for (const modelo of MODELOS) {
        const r = await calcularAnual(s, modelo, anyo, (pq) => ajustesDelPeriodo(s, '303', pq), libros);
        const periodico = PERIODICO[modelo];
        const periodos: PeriodoComprobado[] = [];
        for (const [i, q] of TRIMESTRES.entries()) {
          const p = trimestreDe(modelo, anyo, q);
          const Libros =
            modelo === '390'
              ? (r as Resultado390).Trimestres303[i]!.Casillas
              : (await calcular(s, periodico, p, await propiosDelPeriodo(s, periodico, p), 'normal')).Casillas;
          const x = await presentada(s, periodico, p);
          periodos.push({
            Periodo: q,
            Libros,
            Presentada: x
              ? { Casillas: (x.casillas ?? {}) as Record<string, string>, FechaPresentacion: x.fechaPresentacion }
              : null,
            Rectificativas: rectificativas(libros, p, modelo),
          });
        }
        Modelos.push({ ...comprobarAnual(modelo, r.Casillas, periodos), Avisos: r.Avisos });
      }
      return { Anyo: anyo, Modelos };
    },
  );
}
