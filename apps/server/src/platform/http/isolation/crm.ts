import { multipartFile } from '../../../../test/multipart.ts';
import type { IsolationArea, IsolationContext } from './types.ts';

/** B's ids of the CRM rows (funnel, opportunity, activity, agenda event, notification) for the explicit callers. */
const ids = { embudo: 0, oportunidad: 0, actividad: 0, aviso: 0, segmento: 0, correo: 0, sms: 0, fichero: 0 };

/** Isolation fixture of the crm area: B gets the CRM module and one row of each kind carrying the sentinel. */
export const crmIsolation: IsolationArea = {
  async seedB({ t, b, bEmpresaId, sentinel, bIds, postB }: IsolationContext) {
    await t.database.query(`update empresas set modulos = modulos || '{"ActCrm": true}'::jsonb where id = $1`, [
      bEmpresaId,
    ]);
    const clientes = (await b.request('GET', '/api/ventas/clientes/list?TotalPagina=200')).body.Items;
    const cliente = clientes.find((c: Record<string, unknown>) => JSON.stringify(c).includes(sentinel)) ?? clientes[0];
    const embudo = await postB('/api/ventas/crmembudos/save', {
      Nombre: sentinel,
      Fases: [{ Linea: 1, Nombre: sentinel.slice(0, 60), Probabilidad: 50 }],
    });
    const op = await postB('/api/ventas/crmoportuni/save', {
      IdEmbudo: embudo.Id,
      LinFaseEmbudo: 1,
      TipoContacto: 'c',
      IdContacto: cliente.Id,
      Titulo: sentinel,
      Importe: 10,
    });
    const act = await postB('/api/ventas/crmactividades/save', {
      Tipo: 'tarea',
      Asunto: sentinel,
      Inicio: '2026-11-10T09:00:00Z',
      IdOportunidad: op.Id,
    });
    const [aviso] = await t.database.query<{ id: number }>(
      `insert into crm_avisos (empresa_id, prioridad, origen, titulo) values ($1, 'a', 'a', $2) returning id`,
      [bEmpresaId, sentinel],
    );
    Object.assign(ids, { embudo: embudo.Id, oportunidad: op.Id, actividad: act.Id, aviso: Number(aviso!.id) });
    bIds.set('/api/ventas/crmembudos', embudo.Id);
    bIds.set('/api/ventas/crmoportuni', op.Id);
    bIds.set('/api/ventas/crmactividades', act.Id);
    bIds.set('/api/usuarios/usuario/agenda', act.Id);
    // Marketing: an e-mail and an SMS campaign of B to a segment of B.
    const seg = await postB('/api/comunicaciones/segmentacion/save', {
      Codigo: 'SEGB',
      Descripcion: sentinel.slice(0, 100),
    });
    ids.segmento = seg.Id;
    const correo = await postB('/api/comunicaciones/correos/save', {
      Nombre: sentinel,
      Asunto: sentinel,
      Cuerpo: `<p>${sentinel}</p>`,
      IdSegmentacion: seg.Id,
    });
    const sms = await postB('/api/comunicaciones/sms/save', {
      Nombre: sentinel,
      Cuerpo: sentinel,
      IdSegmentacion: seg.Id,
    });
    ids.correo = correo.Id;
    ids.sms = sms.Id;
    bIds.set('/api/comunicaciones/correos', correo.Id);
    bIds.set('/api/comunicaciones/sms', sms.Id);
    // Document manager: a folder and a PDF of B named with the sentinel.
    const carpeta = await postB('/api/configuracion/gdcarpetas/save', { Nombre: sentinel.slice(0, 100) });
    const m = multipartFile(`${sentinel.slice(0, 40)}.pdf`, '%PDF-1.4\n%B\n');
    const fichero = await b.request(
      'POST',
      `/api/configuracion/gestordoc/subir?IdCarpeta=${carpeta.Id}`,
      m.body,
      m.headers,
    );
    if (fichero.status !== 201) throw new Error(`gestordoc de B: ${JSON.stringify(fichero.body)}`);
    ids.fichero = fichero.body.Id;
    bIds.set('/api/configuracion/gdcarpetas', carpeta.Id);
    bIds.set('/api/configuracion/gestordoc', fichero.body.Id);
  },
  explicit({ a }) {
    return {
      'GET /api/ventas/crmoportuni/kanban/:id': () => a.request('GET', `/api/ventas/crmoportuni/kanban/${ids.embudo}`),
      'POST /api/ventas/crmoportuni/mover/:id': () =>
        a.request('POST', `/api/ventas/crmoportuni/mover/${ids.oportunidad}`, { LinFaseEmbudo: 1, Estado: 1 }),
      'POST /api/ventas/crmoportuni/presupuesto/:id': () =>
        a.request('POST', `/api/ventas/crmoportuni/presupuesto/${ids.oportunidad}`),
      'GET /api/usuarios/usuario/agenda/edit/:id': () =>
        a.request('GET', `/api/usuarios/usuario/agenda/edit/${ids.actividad}`),
      'PUT /api/usuarios/usuario/agenda/save/:id': async () => {
        const original = await a.request('GET', `/api/ventas/crmactividades/edit/${ids.actividad}`);
        return a.request('PUT', `/api/usuarios/usuario/agenda/save/${ids.actividad}`, {
          ...original.body,
          Asunto: 'x',
        });
      },
      'DELETE /api/usuarios/usuario/agenda/delete/:id': () =>
        a.request('DELETE', `/api/usuarios/usuario/agenda/delete/${ids.actividad}`),
      'POST /api/usuarios/usuario/agenda/mover/:id': () =>
        a.request('POST', `/api/usuarios/usuario/agenda/mover/${ids.actividad}`, { Inicio: '2026-11-12T09:00:00Z' }),
      'POST /api/comunicaciones/correos/enviar/:id': () =>
        a.request('POST', `/api/comunicaciones/correos/enviar/${ids.correo}`),
      'POST /api/comunicaciones/sms/enviar/:id': () => a.request('POST', `/api/comunicaciones/sms/enviar/${ids.sms}`),
      'GET /api/comunicaciones/segmentacion/reglas/:id': () =>
        a.request('GET', `/api/comunicaciones/segmentacion/reglas/${ids.segmento}`),
      'PUT /api/comunicaciones/segmentacion/reglas/:id': () =>
        a.request('PUT', `/api/comunicaciones/segmentacion/reglas/${ids.segmento}`, { TipoContacto: 'c' }),
      'GET /api/configuracion/gestordoc/descargar/:id': () =>
        a.request('GET', `/api/configuracion/gestordoc/descargar/${ids.fichero}`),
      'PUT /api/configuracion/gestordoc/mover/:id': () =>
        a.request('PUT', `/api/configuracion/gestordoc/mover/${ids.fichero}`, { IdCarpeta: null }),
      'POST /api/usuarios/usuario/notificaciones/leer/:id': () =>
        a.request('POST', `/api/usuarios/usuario/notificaciones/leer/${ids.aviso}`),
    };
  },
  async verifyB({ b }) {
    const op = await b.request('GET', `/api/ventas/crmoportuni/edit/${ids.oportunidad}`);
    if (op.body.Estado !== 0 || op.body.IdPresupuesto !== null) throw new Error('B’s opportunity was changed');
    const correo = await b.request('GET', `/api/comunicaciones/correos/edit/${ids.correo}`);
    if (correo.body.Estado !== 'borrador' || correo.body.Informe.Encolados !== 0)
      throw new Error('B’s campaign was sent');
    const leidas = await b.request('GET', '/api/usuarios/usuario/notificaciones/noleidas');
    if (!(leidas.body.NoLeidas >= 1)) throw new Error('B’s notification was read by A');
  },
};
