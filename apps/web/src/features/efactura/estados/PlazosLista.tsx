import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import type { DocumentoVenta } from '../../documentos/documentosModel.ts';
import { claveEstados } from './EstadoEfacturaRecibida.tsx';
import { COLOR_NIVEL, type PlazoFila, RUTA_ESTADOS, textoCorto } from './estadosApi.ts';

/**
 * The received invoices list's clocks: one request for the page's invoices (`…/efactura/plazos?Ids=…`), and per
 * row a badge for the ones that came as e-invoices (its full sentence as the title).
 */
export function usePlazosLista(rows: readonly DocumentoVenta[]): (d: DocumentoVenta) => ReactNode {
  const { info } = useReady();
  const ids = rows.filter((d) => d.Tipo === 'factura').map((d) => d.Id);
  const plazos = useQuery({
    queryKey: [...claveEstados(info.IdEmpresa), 'lista', ids],
    queryFn: () =>
      api.get<{ Items: PlazoFila[] }>(`${RUTA_ESTADOS}/plazos`, {
        params: { Ids: ids.join(',') },
        background: true,
        silent: true,
      }),
    enabled: ids.length > 0,
  });
  const porId = new Map((plazos.data?.Items ?? []).map((p) => [p.IdDocumento, p]));
  return (d) => {
    const p = porId.get(d.Id);
    if (!p) return null;
    return (
      <Badge
        size="sm"
        variant="outline"
        color={COLOR_NIVEL[p.Nivel]}
        title={p.TextoPlazo}
        data-testid="efactura-plazo-fila"
      >
        {textoCorto(p)}
      </Badge>
    );
  };
}
