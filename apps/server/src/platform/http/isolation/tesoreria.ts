import { escribirNorma43 } from '@faro/domain';
import type { Answer, IsolationArea, IsolationContext } from './types.ts';

const IBAN_B = 'ES9121000418450200051332';
const ids = { banco: 0, linea: 0, apunte: 0, regla: 0 };

/**
 * Isolation fixture of the tesoreria area: B gets a bank account, a manual movement, a mandate, a sent
 * batch with one receipt, a cash count and an imported statement with a reconciled line, all carrying the sentinel;
 * A then calls every treasury route with B's ids.
 */
async function seedTesoreriaB({ t, b, bEmpresaId, sentinel, bIds, postB }: IsolationContext): Promise<void> {
  const banco = await postB('/api/tesoreria/tesoreria/save', {
    Codigo: 'BB',
    Nombre: sentinel,
    Tipo: 'banco',
    IBAN: IBAN_B,
    BIC: 'CAIXESBBXXX',
    Arqueable: true,
  });
  ids.banco = banco.Id;
  const mov = await postB('/api/tesoreria/movstesoreria/save', {
    IdTesoreria: banco.Id,
    Fecha: '2026-03-02',
    Importe: '-1.00',
    Descripcion: sentinel,
  });
  bIds.set('/api/tesoreria/movstesoreria', mov.Id);
  const clientes = (await b.request('GET', '/api/ventas/clientes/list?TotalPagina=200')).body.Items;
  const cliente = clientes.find((c: Record<string, unknown>) => c.Nombre === sentinel) ?? clientes[0];
  const mandato = await postB('/api/tesoreria/mandatos/save', {
    IdCliente: cliente.Id,
    IBAN: IBAN_B,
    FechaFirma: '2026-01-10',
    Motivo: sentinel,
  });
  bIds.set('/api/tesoreria/mandatos', mandato.Id);
  // A sent batch of B with one receipt (written directly: B has no direct-debit invoices to pick).
  const [remesa] = await t.database.query<{ id: number }>(
    `insert into remesas (empresa_id, tipo, id_tesoreria, fecha, esquema, estado, descripcion, num_recibos, total, msg_id)
     values ($1, 'cobro', $2, '2026-03-01', 'CORE', 'enviada', $3, 1, 1, 'REM-B') returning id`,
    [bEmpresaId, banco.Id, sentinel],
  );
  const [linea] = await t.database.query<{ id: number }>(
    `insert into recibos_remesa (empresa_id, id_remesa, plazo, id_tercero, tercero_nombre, iban, importe, vencimiento, end_to_end_id, estado)
     values ($1, $2, 1, $3, $4, $5, 1, '2026-03-01', 'E2E-B', 'cobrado') returning id`,
    [bEmpresaId, remesa!.id, cliente.Id, sentinel, IBAN_B],
  );
  bIds.set('/api/tesoreria/remesas', Number(remesa!.id));
  ids.linea = Number(linea!.id);
  const arqueo = await postB('/api/tesoreria/arqueos/save', {
    IdTesoreria: banco.Id,
    Fecha: '2026-02-01',
    Desglose: { '50': 1 },
    Motivo: sentinel,
  });
  bIds.set('/api/tesoreria/arqueos', arqueo.Id);
  const fichero = escribirNorma43({
    banco: IBAN_B.slice(4, 8),
    oficina: IBAN_B.slice(8, 12),
    cuenta: IBAN_B.slice(14),
    desde: '2026-03-01',
    hasta: '2026-03-31',
    saldoInicial: '0.00',
    divisa: '978',
    titular: 'B',
    apuntes: [
      {
        fechaOperacion: '2026-03-02',
        fechaValor: '2026-03-02',
        conceptoComun: '99',
        conceptoPropio: '000',
        importe: '-1.00',
        documento: '',
        referencia1: '',
        referencia2: '',
        concepto: sentinel,
      },
    ],
  });
  const ext = await postB('/api/tesoreria/extractos/importar', {
    IdTesoreria: banco.Id,
    Fichero: sentinel,
    Contenido: fichero,
  });
  const idExtracto = ext.Items[0].Id;
  bIds.set('/api/tesoreria/extractos', idExtracto);
  const detalle = await b.request('GET', `/api/tesoreria/extractos/edit/${idExtracto}`);
  ids.apunte = detalle.body.Apuntes[0].Id;
  await postB('/api/tesoreria/extractos/conciliar', {
    Pares: [{ IdApunte: ids.apunte, Clase: 'movimiento', Id: mov.Id }],
  });
  // A remembered reconciliation rule of B (its concept and description carry the sentinel).
  const concepto = await postB('/api/tesoreria/conceptosmovs/save', {
    Codigo: 'CRB',
    Descripcion: sentinel,
    Tipo: 'pago',
  });
  const regla = await postB('/api/tesoreria/reglasconciliacion/save', {
    Texto: 'comision de B',
    IdConcepto: concepto.Id,
    Descripcion: sentinel,
  });
  ids.regla = regla.Id;
}

function tesoreriaExplicit({ a, bIds }: IsolationContext): Record<string, () => Promise<Answer>> {
  const id = (r: string) => bIds.get(`/api/tesoreria/${r}`);
  const T = '/api/tesoreria';
  return {
    [`GET ${T}/movstesoreria/evolucion/:id`]: () => a.request('GET', `${T}/movstesoreria/evolucion/${ids.banco}`),
    [`GET ${T}/mandatos/pdf/:id`]: () => a.request('GET', `${T}/mandatos/pdf/${id('mandatos')}`),
    [`GET ${T}/remesas/fichero/:id`]: () => a.request('GET', `${T}/remesas/fichero/${id('remesas')}`),
    [`POST ${T}/remesas/enviar/:id`]: () => a.request('POST', `${T}/remesas/enviar/${id('remesas')}`),
    [`POST ${T}/remesas/deshacer/:id`]: () => a.request('POST', `${T}/remesas/deshacer/${id('remesas')}`),
    [`POST ${T}/remesas/devolver/:id`]: () =>
      a.request('POST', `${T}/remesas/devolver/${ids.linea}`, { Motivo: 'AM04', Fecha: '2026-03-05' }),
    [`POST ${T}/remesas/representar/:id`]: () =>
      a.request('POST', `${T}/remesas/representar/${ids.linea}`, { Fecha: '2026-04-05' }),
    [`GET ${T}/arqueos/esperado/:id`]: () => a.request('GET', `${T}/arqueos/esperado/${ids.banco}`),
    [`GET ${T}/arqueos/pdf/:id`]: () => a.request('GET', `${T}/arqueos/pdf/${id('arqueos')}`),
    [`POST ${T}/extractos/desconciliar/:id`]: () => a.request('POST', `${T}/extractos/desconciliar/${ids.apunte}`),
    [`POST ${T}/extractos/movimiento/:id`]: () =>
      a.request('POST', `${T}/extractos/movimiento/${ids.apunte}`, { Descripcion: 'Comisión' }),
    [`POST ${T}/extractos/pagar/:id`]: () => a.request('POST', `${T}/extractos/pagar/${ids.apunte}`, { IdFactura: 1 }),
    [`PUT ${T}/reglasconciliacion/save/:id`]: () =>
      a.request('PUT', `${T}/reglasconciliacion/save/${ids.regla}`, {
        Texto: 'otra regla',
        IdConcepto: 1,
        Descripcion: 'x',
      }),
    [`DELETE ${T}/reglasconciliacion/delete/:id`]: () =>
      a.request('DELETE', `${T}/reglasconciliacion/delete/${ids.regla}`),
  };
}

async function verifyTesoreriaB({ b, bIds }: IsolationContext): Promise<void> {
  const r = await b.request('GET', `/api/tesoreria/remesas/edit/${bIds.get('/api/tesoreria/remesas')}`);
  if (r.body.Estado !== 'enviada' || r.body.Recibos[0].Estado !== 'cobrado' || r.body.Recibos[0].Representar)
    throw new Error(`B's batch was touched: ${JSON.stringify(r.body)}`);
  const e = await b.request('GET', `/api/tesoreria/extractos/edit/${bIds.get('/api/tesoreria/extractos')}`);
  if (e.body.Apuntes[0].IdConciliado === null) throw new Error("B's reconciliation was undone");
  const reglas = await b.request('GET', '/api/tesoreria/reglasconciliacion/list');
  if (!reglas.body.Items.some((x: { Id: number }) => x.Id === ids.regla)) throw new Error("B's rule was deleted");
}

export const tesoreriaIsolation: IsolationArea = {
  seedB: seedTesoreriaB,
  explicit: tesoreriaExplicit,
  verifyB: verifyTesoreriaB,
};
