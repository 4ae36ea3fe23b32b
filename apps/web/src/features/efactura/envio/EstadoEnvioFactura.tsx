import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import type { DocumentoVenta } from '../../documentos/documentosModel.ts';
import {
  type EnvioFila,
  ESTADO_CLIENTE,
  ESTADO_ENVIO,
  nombreCanal,
  RUTA_ENVIOS,
  rutaEnviosFactura,
  textoEstadoCliente,
} from './envioApi.ts';

export const claveEnvios = (empresa: number) => ['efactura-envios', empresa] as const;

/** The badges of one send: its channel and state, and what the customer reported (its full sentence as the title). */
function Insignias({ e, size = 'sm' }: { e: EnvioFila; size?: 'sm' | 'md' }) {
  const cliente = textoEstadoCliente(e);
  return (
    <>
      <Badge size={size} variant="light" color={ESTADO_ENVIO[e.Estado].color} title={e.DescripcionError ?? undefined}>
        {nombreCanal(e.Canal)}: {ESTADO_ENVIO[e.Estado].texto}
      </Badge>
      {e.EstadoCliente && cliente && (
        <Badge
          size={size}
          variant="dot"
          color={ESTADO_CLIENTE[e.EstadoCliente].color}
          title={cliente}
          data-testid="efactura-estado-cliente"
        >
          {cliente}
        </Badge>
      )}
    </>
  );
}

/** On an issued invoice's screen: how its e-invoice went out and what the customer reported. */
export function EstadoEnvioFactura({ doc }: { doc: { Id: number; NumSerie?: string | null; Tipo?: string } }) {
  const { info } = useReady();
  const envios = useQuery({
    queryKey: [...claveEnvios(info.IdEmpresa), 'factura', doc.Id],
    queryFn: () => api.get<{ Envios: EnvioFila[] }>(rutaEnviosFactura(doc.Id), { background: true, silent: true }),
    enabled: !!doc.NumSerie,
  });
  const filas = envios.data?.Envios ?? [];
  if (!filas.length) return null;
  return (
    <Group gap={4} data-testid="efactura-envio">
      {filas.map((e) => (
        <Insignias key={e.Id} e={e} />
      ))}
    </Group>
  );
}

/** The sales list's e-invoice badges: one request for the page's issued invoices, the sends of each row. */
export function useEnviosLista(rows: readonly DocumentoVenta[]): (d: DocumentoVenta) => ReactNode {
  const { info } = useReady();
  const ids = rows.filter((d) => d.NumSerie).map((d) => d.Id);
  const envios = useQuery({
    queryKey: [...claveEnvios(info.IdEmpresa), 'lista', ids],
    queryFn: () =>
      api.get<{ Envios: EnvioFila[] }>(`${RUTA_ENVIOS}/estados`, {
        params: { Ids: ids.join(',') },
        background: true,
        silent: true,
      }),
    enabled: ids.length > 0,
  });
  const porId = new Map<number, EnvioFila[]>();
  for (const e of envios.data?.Envios ?? []) porId.set(e.IdDocumento, [...(porId.get(e.IdDocumento) ?? []), e]);
  return (d) => {
    const filas = porId.get(d.Id);
    if (!filas) return null;
    return (
      <Group gap={4} mt={4} data-testid="efactura-envio-fila">
        {filas.map((e) => (
          <Insignias key={e.Id} e={e} />
        ))}
      </Group>
    );
  };
}
