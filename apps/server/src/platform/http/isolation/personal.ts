import { multipartFile } from '../../../../test/multipart.ts';
import type { IsolationArea, IsolationContext } from './types.ts';

/** B's rows of the personal area that the explicit callers name. */
const ids = { correccion: 0, enlace: 0, empresa: 0, persona: 0, empleado: 0, documento: 0, ausencia: 0 };

/**
 * Isolation fixture of the personal area: B gets the sales-rep module, an absence, a holiday, a
 * commission rule, a time-clock correction and an inspector link, each carrying the sentinel. The inspector's
 * public routes are called with B's link id and a wrong secret (404: the link is a bearer secret).
 */
export const personalIsolation: IsolationArea = {
  async seedB({ t, b, bEmpresaId, sentinel, bIds, postB }: IsolationContext) {
    await t.database.query(`update empresas set modulos = modulos || '{"ActComerciales": true}'::jsonb where id = $1`, [
      bEmpresaId,
    ]);
    const first = async (path: string) => (await b.request('GET', `${path}/list?TotalPagina=1`)).body.Items[0];
    const empleado = await first('/api/rrhh/empleados');
    const sit = await first('/api/rrhh/sitlaboral');
    const comercial = await first('/api/rrhh/comerciales');
    const ausencia = await postB('/api/rrhh/ausencias/save', {
      IdEmpleado: empleado.Id,
      IdSitLaboral: sit.Id,
      Desde: '2026-08-01',
      Hasta: '2026-08-15',
      Estado: 'solicitada',
      Motivo: sentinel,
    });
    const festivo = await postB('/api/rrhh/festivos/save', { Fecha: '2026-12-25', Descripcion: sentinel });
    const regla = await postB('/api/rrhh/reglascomision/save', {
      IdComercial: comercial.Id,
      Descripcion: sentinel,
      Porcentaje: 5,
      Base: 'facturado',
    });
    bIds.set('/api/rrhh/ausencias', ausencia.Id);
    bIds.set('/api/rrhh/festivos', festivo.Id);
    bIds.set('/api/rrhh/reglascomision', regla.Id);
    const correccion = await postB('/api/rrhh/fichajesusu/correccion', {
      Estado: 'e',
      Fecha: '2026-11-02T08:00:00Z',
      Motivo: sentinel,
    });
    const enlace = await postB('/api/rrhh/inspeccion/save', {
      Destinatario: sentinel,
      Desde: '2026-11-01',
      Hasta: '2026-11-30',
    });
    const [persona] = await t.database.query<{ id: number }>(
      `select persona_id as id from miembros where empresa_id = $1 limit 1`,
      [bEmpresaId],
    );
    // The employee's photo and a document of B (document manager folder 'Empleados').
    const pdf = multipartFile(`${sentinel.slice(0, 40)}.pdf`, '%PDF-1.4\n%B\n');
    const doc = await b.request('POST', `/api/rrhh/empleados/documentos/${empleado.Id}`, pdf.body, pdf.headers);
    const png = multipartFile('foto.png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]));
    const foto = await b.request('PUT', `/api/rrhh/empleados/foto/${empleado.Id}`, png.body, png.headers);
    if (doc.status !== 201 || foto.status !== 200) throw new Error('documentos del empleado de B');
    Object.assign(ids, {
      empleado: empleado.Id,
      documento: doc.body.Id,
      ausencia: ausencia.Id,
      correccion: correccion.Id,
      enlace: enlace.Id,
      empresa: bEmpresaId,
      persona: Number(persona!.id),
    });
  },
  explicit({ a }) {
    const ver = '/api/rrhh/inspeccion/ver';
    const forged = () => `${ids.empresa}.${ids.enlace}.secreto-equivocado`;
    const calls: Record<string, () => ReturnType<typeof a.request>> = {
      'PUT /api/rrhh/fichajes/pin/:id': () =>
        a.request('PUT', `/api/rrhh/fichajes/pin/${ids.persona}`, { Pin: '1234' }),
      'GET /api/rrhh/inspeccion/accesos/:id': () => a.request('GET', `/api/rrhh/inspeccion/accesos/${ids.enlace}`),
      'POST /api/rrhh/inspeccion/revocar/:id': () => a.request('POST', `/api/rrhh/inspeccion/revocar/${ids.enlace}`),
      [`GET ${ver}/:token`]: () => a.request('GET', `${ver}/${forged()}`),
      [`GET ${ver}/:token/datos`]: () => a.request('GET', `${ver}/${forged()}/datos`),
      [`GET ${ver}/:token/exportar`]: () => a.request('GET', `${ver}/${forged()}/exportar?Formato=csv`),
    };
    const docs = `/api/rrhh/empleados/documentos`;
    const foto = `/api/rrhh/empleados/foto`;
    const png = () => multipartFile('x.png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(8)]));
    Object.assign(calls, {
      [`GET ${docs}/:id`]: () => a.request('GET', `${docs}/${ids.empleado}`),
      [`POST ${docs}/:id`]: () => {
        const m = png();
        return a.request('POST', `${docs}/${ids.empleado}`, m.body, m.headers);
      },
      [`GET ${docs}/:id/descargar/:idFichero`]: () =>
        a.request('GET', `${docs}/${ids.empleado}/descargar/${ids.documento}`),
      [`DELETE ${docs}/:id/delete/:idFichero`]: () =>
        a.request('DELETE', `${docs}/${ids.empleado}/delete/${ids.documento}`),
      [`GET ${foto}/:id`]: () => a.request('GET', `${foto}/${ids.empleado}`),
      [`PUT ${foto}/:id`]: () => {
        const m = png();
        return a.request('PUT', `${foto}/${ids.empleado}`, m.body, m.headers);
      },
      [`DELETE ${foto}/:id`]: () => a.request('DELETE', `${foto}/${ids.empleado}`),
      'DELETE /api/rrhh/fichajesusu/ausencias/:id': () =>
        a.request('DELETE', `/api/rrhh/fichajesusu/ausencias/${ids.ausencia}`),
    });
    for (const side of ['fichajesusu/correccion', 'fichajescorr']) {
      for (const action of ['aprobar', 'rechazar']) {
        calls[`POST /api/rrhh/${side}/${action}/:id`] = () =>
          a.request('POST', `/api/rrhh/${side}/${action}/${ids.correccion}`, {});
      }
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const suffix of ['', '/datos', '/exportar']) {
        calls[`${method} ${ver}/:token${suffix}`] = () =>
          a.request(method, `${ver}/${forged()}${suffix}`, method === 'DELETE' ? undefined : {});
      }
    }
    return calls;
  },
  async verifyB({ b }: IsolationContext) {
    const enlaces = (await b.request('GET', '/api/rrhh/inspeccion/list')).body.Items;
    if (enlaces[0]?.Revocado) throw new Error('A revocó el enlace de inspección de B');
    const correcciones = (await b.request('GET', '/api/rrhh/fichajesusu/correcciones')).body.Items;
    if (correcciones[0]?.Situacion !== 'pendiente') throw new Error('A resolvió una corrección de B');
    const docs = (await b.request('GET', `/api/rrhh/empleados/documentos/${ids.empleado}`)).body;
    if (docs.Items?.[0]?.Id !== ids.documento || !docs.Foto) throw new Error('A tocó la foto o los documentos de B');
    if ((await b.request('GET', `/api/rrhh/ausencias/edit/${ids.ausencia}`)).status !== 200)
      throw new Error('A retiró una solicitud de B');
  },
};
