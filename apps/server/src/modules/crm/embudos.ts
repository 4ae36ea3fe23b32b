import { embudoSchema, MSG_CRM } from '@faro/domain';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { AreaModule } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { crmEmbudos, crmFases, crmOportunidades } from '../../platform/tenancy/tables.ts';
import { ACCESO_CRM, borrarFila, rutasRegistro } from './comun.ts';

export type Fase = { Linea: number; Nombre: string; Probabilidad: number };

export async function cargarEmbudo(s: Scope, id: number) {
  const [e] = await s.select(crmEmbudos, eq(crmEmbudos.Id, id));
  if (!e) throw notFound();
  const fases = await s
    .pick(
      { Linea: crmFases.Linea, Nombre: crmFases.Nombre, Probabilidad: crmFases.Probabilidad },
      crmFases,
      eq(crmFases.IdEmbudo, id),
    )
    .orderBy(asc(crmFases.Linea));
  const { empresaId: _e, ...json } = e;
  return { ...json, Fases: fases as Fase[] };
}

async function guardar(s: Scope, body: ReturnType<typeof embudoSchema.parse>, id?: number) {
  return s.tx(async (t) => {
    let Id = id;
    if (Id) {
      const [e] = await t
        .update(crmEmbudos, { Nombre: body.Nombre, Baja: body.Baja }, eq(crmEmbudos.Id, Id))
        .returning();
      if (!e) throw notFound();
      const lineas = body.Fases.map((f) => f.Linea);
      const usadas = await t
        .pick(
          { Linea: crmOportunidades.LinFaseEmbudo },
          crmOportunidades,
          and(eq(crmOportunidades.IdEmbudo, Id), notInArray(crmOportunidades.LinFaseEmbudo, lineas)),
        )
        .limit(1);
      if (usadas[0]) {
        const [f] = await t.pick(
          { Nombre: crmFases.Nombre },
          crmFases,
          and(eq(crmFases.IdEmbudo, Id), eq(crmFases.Linea, usadas[0].Linea)),
        );
        throw badRequest(MSG_CRM.faseConOportunidades(f?.Nombre ?? String(usadas[0].Linea)));
      }
      await t.delete(crmFases, eq(crmFases.IdEmbudo, Id));
    } else {
      const [e] = await t.insert(crmEmbudos, { Nombre: body.Nombre, Baja: body.Baja }).returning({ Id: crmEmbudos.Id });
      Id = e!.Id;
    }
    await t.insert(
      crmFases,
      body.Fases.map((f) => ({ ...f, IdEmbudo: Id! })),
    );
    await t.audit({ accion: id ? 'M' : 'A', recurso: 'crmembudos', idRegistro: Id!, campos: body });
    return cargarEmbudo(t, Id!);
  });
}

/** Sales funnels (`crmembudos`, also shown at `embudosvta`): ordered phases with a default probability. */
export const embudosRoutes: AreaModule = (app, deps) => {
  const base = '/api/ventas/crmembudos';
  const tags = ['ventas'];
  const { leer } = ACCESO_CRM;

  app.get(`${base}/list`, { config: leer, schema: { tags, summary: 'Embudos de venta' } }, async (request) => {
    const s = deps.scopeOf(request);
    const embudos = await s.select(crmEmbudos).orderBy(asc(crmEmbudos.Nombre));
    const ids = embudos.map((e) => e.Id);
    const fases = ids.length
      ? await s.select(crmFases, inArray(crmFases.IdEmbudo, ids)).orderBy(asc(crmFases.IdEmbudo), asc(crmFases.Linea))
      : [];
    const cuenta = ids.length
      ? await s
          .pick(
            { IdEmbudo: crmOportunidades.IdEmbudo, n: count() },
            crmOportunidades,
            inArray(crmOportunidades.IdEmbudo, ids),
          )
          .groupBy(crmOportunidades.IdEmbudo)
      : [];
    const Items = embudos.map(({ empresaId: _e, ...e }) => ({
      ...e,
      Fases: fases
        .filter((f) => f.IdEmbudo === e.Id)
        .map(({ Linea, Nombre, Probabilidad }) => ({ Linea, Nombre, Probabilidad })),
      Oportunidades: Number(cuenta.find((c) => c.IdEmbudo === e.Id)?.n ?? 0),
    }));
    return { Items, Total: Items.length, TotalLimitado: false };
  });

  rutasRegistro(app, deps, {
    base,
    tags,
    acceso: ACCESO_CRM,
    cuerpo: embudoSchema,
    resumen: { ver: 'Embudo', crear: 'Crear embudo', guardar: 'Guardar embudo' },
    cargar: cargarEmbudo,
    guardar,
    borrar: {
      resumen: 'Eliminar embudo',
      borrar: async (s, id) => {
        await cargarEmbudo(s, id);
        const [uso] = await s
          .pick({ Id: crmOportunidades.Id }, crmOportunidades, eq(crmOportunidades.IdEmbudo, id))
          .limit(1);
        if (uso) throw badRequest(MSG_CRM.embudoConOportunidades);
        await borrarFila(s, crmEmbudos, id, 'crmembudos');
        return { Mensaje: 'Embudo eliminado' };
      },
    },
  });
};
