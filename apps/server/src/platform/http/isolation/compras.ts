import { multipartFile } from '../../../../test/multipart.ts';
import type { Answer, IsolationArea, IsolationContext } from './types.ts';

// ---- H1 (document engine): B's purchase payment (movstesoreriap) and recurring purchase (fcomprarec). ----
async function seedH1(ctx: IsolationContext): Promise<void> {
  const { b, sentinel, bIds, postB } = ctx;
  const proveedores = (await b.request('GET', '/api/compras/proveedores/list?TotalPagina=200')).body.Items;
  const proveedor = proveedores.find((p: Record<string, unknown>) => p.Nombre === sentinel);
  const cuentas = (await b.request('GET', '/api/tesoreria/tesoreria/list?TotalPagina=200')).body.Items;
  const cuenta = cuentas.find((c: Record<string, unknown>) => c.Nombre === sentinel) ?? cuentas[0];
  const serie = await postB('/api/configuracion/series/save', {
    Codigo: 'SCB',
    Descripcion: sentinel,
    TipoDocumento: 'facturacompra',
  });
  const factura = await postB('/api/compras/fcompra/save', {
    Proveedor: proveedor.Id,
    Fecha: '2026-02-03',
    Serie: serie.Id,
    Observaciones: sentinel,
    NumFacturaProveedor: `P-${sentinel}`.slice(0, 50),
    Lineas: [{ Descripcion: sentinel, Cantidad: '1', Precio: '10', TipoIva: 'IVAB' }],
  });
  await postB(`/api/compras/fcompra/registrar/${factura.Id}`, {});
  const pago = await postB('/api/tesoreria/movstesoreriap/save', {
    IdFactura: factura.Id,
    Fecha: '2026-02-04',
    Importe: '1',
    IdTesoreria: cuenta.Id,
    Notas: sentinel,
  });
  bIds.set('/api/tesoreria/movstesoreriap', pago.Id);
  // A recurring purchase template of B (fcomprarec, also served as fgastorec) that generated its periods.
  await ctx.t.database.query(
    `update empresas set modulos = modulos || '{"ActComprasRecurrentes": true}'::jsonb where id = $1`,
    [ctx.bEmpresaId],
  );
  const plantilla = await postB('/api/compras/fcomprarec/save', {
    Descripcion: sentinel,
    Observaciones: sentinel,
    Proveedor: proveedor.Id,
    Periodicidad: 'Mensual',
    FechaInicio: '2026-03-01',
    FechaFin: '2026-04-15',
    Accion: 'borrador',
    Lineas: [{ Descripcion: sentinel, Cantidad: '1', Precio: '10', TipoIva: 'IVAB' }],
  });
  await postB(`/api/compras/fcomprarec/generar/${plantilla.Id}`, {});
  for (const r of RECURRENTES_COMPRA) bIds.set(`/api/compras/${r}`, plantilla.Id);
}

const RECURRENTES_COMPRA = ['fcomprarec', 'fgastorec'];

function callersH1({ a, bIds }: IsolationContext): Record<string, () => Promise<Answer>> {
  const id = () => bIds.get('/api/compras/fcomprarec');
  const doc = (r: string) => bIds.get(`/api/compras/${r}`);
  return Object.fromEntries([
    ...RECURRENTES_COMPRA.flatMap((r) => [
      [`POST /api/compras/${r}/generar/:id`, () => a.request('POST', `/api/compras/${r}/generar/${id()}`)],
      [`GET /api/compras/${r}/historial/:id`, () => a.request('GET', `/api/compras/${r}/historial/${id()}`)],
    ]),
    // The engine's PDF and e-mail of every purchase resource.
    ...['dcompra', 'acompra', 'fcompra', 'fgasto'].flatMap((r) => [
      [`GET /api/compras/${r}/pdf/:id`, () => a.request('GET', `/api/compras/${r}/pdf/${doc(r)}`)],
      [`POST /api/compras/${r}/enviar/:id`, () => a.request('POST', `/api/compras/${r}/enviar/${doc(r)}`, {})],
    ]),
  ]);
}

async function verifyH1({ b, bIds, sentinel }: IsolationContext): Promise<void> {
  const pago = await b.request(
    'GET',
    `/api/tesoreria/movstesoreriap/edit/${bIds.get('/api/tesoreria/movstesoreriap')}`,
  );
  const rec = await b.request('GET', `/api/compras/fcomprarec/historial/${bIds.get('/api/compras/fcomprarec')}`);
  if (pago.body.Notas !== sentinel || rec.body.Items?.length !== 2)
    throw new Error(`B's payment or recurring purchase was touched: ${JSON.stringify([pago.body, rec.body])}`);
}
// ---- end H1 ----

// ---- H2 (purchases): B's expense; the expense, attachment and category routes through A. ----
async function seedComprasB({ bIds, postB, sentinel }: IsolationContext): Promise<void> {
  const gasto = await postB('/api/compras/fgasto/save', {
    NombreProveedor: sentinel,
    Fecha: '2026-02-05',
    Concepto: sentinel,
    Desglose: [{ TipoIva: 'IVAB', Base: '10' }],
  });
  bIds.set('/api/compras/fgasto', gasto.Id);
}

function comprasExplicit({ a, bIds }: IsolationContext): Record<string, () => Promise<Answer>> {
  const id = (r: string) => bIds.get(`/api/compras/${r}`);
  const png = multipartFile('original.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'image/png');
  const producto = () => bIds.get('/api/catalogo/productos');
  return {
    // B's product: its lots, their history and its purchase prices must not show through A.
    ...Object.fromEntries(
      ['/api/compras/lotes/list', '/api/compras/lotes/historial', '/api/compras/proveedores/precios'].map((u) => [
        `GET ${u}`,
        () => a.request('GET', `${u}?IdProducto=${producto()}`),
      ]),
    ),
    'GET /api/compras/doccomprahist/fgasto/:id': () =>
      a.request('GET', `/api/compras/doccomprahist/fgasto/${id('fgasto')}`),
    'POST /api/compras/fgasto/anular/:id': () => a.request('POST', `/api/compras/fgasto/anular/${id('fgasto')}`),
    'POST /api/compras/fgasto/registrar/:id': () => a.request('POST', `/api/compras/fgasto/registrar/${id('fgasto')}`),
    ...Object.fromEntries(
      ['fcompra', 'fgasto'].flatMap((r) => [
        [`GET /api/compras/${r}/adjunto/:id`, () => a.request('GET', `/api/compras/${r}/adjunto/${id(r)}`)],
        [
          `POST /api/compras/${r}/adjunto/:id`,
          () => a.request('POST', `/api/compras/${r}/adjunto/${id(r)}`, png.body, png.headers),
        ],
        [`DELETE /api/compras/${r}/adjunto/:id`, () => a.request('DELETE', `/api/compras/${r}/adjunto/${id(r)}`)],
      ]),
    ),
  };
}

async function verifyComprasB({ b, bIds }: IsolationContext): Promise<void> {
  const gasto = await b.request('GET', `/api/compras/fgasto/edit/${bIds.get('/api/compras/fgasto')}`);
  if (gasto.status !== 200 || gasto.body.Estado !== 'Provisional' || gasto.body.Numero !== null || gasto.body.Adjunto)
    throw new Error(`B's expense was touched: ${JSON.stringify(gasto.body)}`);
}
// ---- end H2 ----

/** Isolation fixture of the compras area (its issue fills it as routes arrive). */
export const comprasIsolation: IsolationArea = {
  async seedB(ctx) {
    await seedH1(ctx);
    await seedComprasB(ctx);
  },
  explicit: (ctx) => ({ ...callersH1(ctx), ...comprasExplicit(ctx) }),
  async verifyB(ctx) {
    await verifyH1(ctx);
    await verifyComprasB(ctx);
  },
};
