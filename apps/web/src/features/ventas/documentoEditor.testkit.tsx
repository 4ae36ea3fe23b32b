import type { RecursoVenta } from '@faro/domain';
import type { SessionApi } from '../../platform/session/types.ts';
import { writeTokens } from '../../platform/storage.ts';
import { fakeSession, json, mockFetch, renderUi, setCookie } from '../../test/render.tsx';
import { DocumentoEditor } from './DocumentoEditor.tsx';
import { catalogos, type documento, list } from './ventasTestData.ts';

/** The pickers an invoice's header fills from (warehouses, sales agents), empty. */
export const SIN_ALMACENES = {
  'GET catalogo/almacenes/list': list([]),
  'GET rrhh/comerciales/list': list([]),
};

/**
 * The sales editor signed in (token pair and CSRF cookie) on `doc` of `recurso`: the catalogues, the document and
 * its history answer, then `routes` (which may override them). Answers the fetch mock (its `calls`).
 */
export function abrirDocumento(
  recurso: RecursoVenta,
  doc: ReturnType<typeof documento>,
  routes: Parameters<typeof mockFetch>[0] = {},
  session: SessionApi = fakeSession(),
) {
  writeTokens({ Token: 'T', TokenRefresh: 'R', Expiracion: new Date(Date.now() + 600_000).toISOString() });
  setCookie('XSRF-TOKEN', 'x');
  const net = mockFetch({
    ...catalogos(),
    [`GET ventas/${recurso}/edit/${doc.Id}`]: () => json(200, doc),
    [`GET ventas/docventahist/${recurso}/${doc.Id}`]: () => json(200, { Items: [doc] }),
    ...routes,
  });
  renderUi(<DocumentoEditor recurso={recurso} id={String(doc.Id)} />, { session });
  return net;
}
