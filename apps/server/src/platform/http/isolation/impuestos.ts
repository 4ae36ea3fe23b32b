import { multipartFile } from '../../../../test/multipart.ts';
import type { Answer, IsolationArea, IsolationContext } from './types.ts';

const M = '/api/impuestos/modtributarios';
const ids = { presentado: 0, borrador: 0 };

/**
 * Isolation fixture of the tax models: B saves a 303 and presents it with the sentinel as its CSV, and
 * keeps a 111 draft; A then computes, traces, downloads and lists (its own books only: the sentinel never shows) and
 * tries to present or delete B's returns by id (404), after which B's returns are as they were.
 */
async function seedB({ b, sentinel, postB }: IsolationContext): Promise<void> {
  const g = await postB(`${M}/guardar/303/2024/4T`, {});
  ids.presentado = g.Id;
  const p = await b.request('POST', `${M}/presentar/${g.Id}`, {
    FechaPresentacion: '2025-01-20',
    Justificante: sentinel,
  });
  if (p.status !== 200) throw new Error(`B no pudo presentar su modelo: ${JSON.stringify(p.body)}`);
  const pdf = multipartFile(`${sentinel.slice(0, 40)}.pdf`, `%PDF-1.4\n%${sentinel}\n`);
  const j = await b.request('POST', `${M}/justificante/${g.Id}`, pdf.body, pdf.headers);
  if (j.status !== 201) throw new Error(`B no pudo adjuntar su justificante: ${JSON.stringify(j.body)}`);
  ids.borrador = (await postB(`${M}/guardar/111/2024/4T`, { Casillas: { '01': '1', '02': '1000', '03': '150' } })).Id;
}

function explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
  // B presented its 303 of 2024/4T: A asking for the same period gets its own books and no presented return.
  const P = '303/2024/4T';
  const propio = (expected: number) => async (r: Promise<Answer>) => ({ ...(await r), expected });
  const ok = propio(200);
  return {
    [`GET ${M}/calcular/:modelo/:anyo/:periodo`]: async () => {
      const r = await a.request('GET', `${M}/calcular/${P}`);
      return { ...r, expected: r.body?.Presentada === false && r.body.Registros?.length === 0 ? 200 : -1 };
    },
    [`GET ${M}/traza/:modelo/:anyo/:periodo/:casilla`]: () => ok(a.request('GET', `${M}/traza/${P}/71`)),
    [`GET ${M}/comprobaciones/:anyo`]: () => ok(a.request('GET', `${M}/comprobaciones/2024`)),
    [`GET ${M}/fichero/:modelo/:anyo/:periodo`]: () => ok(a.request('GET', `${M}/fichero/${P}`)),
    [`GET ${M}/pdf/:modelo/:anyo/:periodo`]: () => ok(a.request('GET', `${M}/pdf/${P}`)),
    [`POST ${M}/guardar/:modelo/:anyo/:periodo`]: () => propio(201)(a.request('POST', `${M}/guardar/115/2024/4T`, {})),
    [`POST ${M}/presentar/:id`]: () =>
      a.request('POST', `${M}/presentar/${ids.borrador}`, { FechaPresentacion: '2025-01-20', Justificante: 'A' }),
    [`GET ${M}/justificante/:id`]: () => a.request('GET', `${M}/justificante/${ids.presentado}`),
    [`POST ${M}/justificante/:id`]: () => {
      const m = multipartFile('a.pdf', '%PDF-1.4\n%A\n');
      return a.request('POST', `${M}/justificante/${ids.borrador}`, m.body, m.headers);
    },
    [`POST ${M}/presentados/delete/:id`]: () => a.request('POST', `${M}/presentados/delete/${ids.borrador}`),
  };
}

async function verifyB({ b, sentinel }: IsolationContext): Promise<void> {
  const list = await b.request('GET', `${M}/presentados/list`);
  const byId = new Map(list.body.Items.map((x: { Id: number }) => [x.Id, x]));
  const p = byId.get(ids.presentado) as { Justificante: string; Estado: string; JustificantePdf: boolean } | undefined;
  const d = byId.get(ids.borrador) as { Estado: string; JustificantePdf: boolean } | undefined;
  const pdf = await b.request('GET', `${M}/justificante/${ids.presentado}`);
  if (
    p?.Justificante !== sentinel ||
    p.Estado !== 'presentada' ||
    !p.JustificantePdf ||
    pdf.status !== 200 ||
    d?.Estado !== 'borrador' ||
    d.JustificantePdf
  )
    throw new Error('Los modelos de B han cambiado');
}

/** Isolation fixture of this area: B's rows carrying the sentinel, callers of routes with other parameters. */
export const impuestosIsolation: IsolationArea = { seedB, explicit, verifyB };
