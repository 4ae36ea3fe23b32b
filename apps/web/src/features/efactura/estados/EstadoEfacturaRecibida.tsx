import {
  formatAmount,
  formatDate,
  formatDateTime,
  MOTIVOS_RECHAZO,
  type MotivoRechazo,
  NOMBRE_ESTADO_RECIBIDA,
  TIPOS_DOCUMENTO_COMPRA,
} from '@faro/domain';
import { Badge, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonProtegido } from '../../../ui/BotonProtegido.tsx';
import { TablaSimple } from '../../../ui/TablaSimple.tsx';
import { COLOR_NIVEL, ENVIO, type EstadoEnviado, RUTA_ESTADOS, type VistaRecibida } from './estadosApi.ts';
import { RechazarDialogo } from './RechazarDialogo.tsx';

const fcompra = TIPOS_DOCUMENTO_COMPRA.fcompra;
const ORIGEN: Record<string, string> = {
  fichero: 'subida a Faro',
  correo: 'por correo electrónico',
  spfe: 'por la SPFE',
};

/**
 * The query of one received e-invoice's statuses, under the received invoices' key: whatever refreshes them (a
 * payment registered, the invoice registered) refreshes the statuses too; the list's clocks share the prefix.
 */
export const claveEstados = (empresa: number, id?: number) =>
  id === undefined ? ['empresa', empresa, 'fcompra', 'efactura'] : ['empresa', empresa, 'fcompra', 'efactura', id];

/** What a status says beyond its kind: the rejection's reason, the amount paid. */
function detalle(e: EstadoEnviado): string {
  if (e.Tipo === 'pagada') return e.Importe ? `Importe ${formatAmount(e.Importe)}` : '';
  const motivo = e.Motivo && Object.hasOwn(MOTIVOS_RECHAZO, e.Motivo) ? MOTIVOS_RECHAZO[e.Motivo as MotivoRechazo] : '';
  return [motivo, e.Detalle].filter(Boolean).join('. ');
}

/**
 * On a received invoice that came as an e-invoice: when it came, the four-day clock of the report still open,
 * «Aceptar» / «Rechazar» while undecided, and every status (the payment's too, queued by itself) with how it is
 * travelling to the issuer's platform — «Enviar ahora» for the queued ones, «Reintentar» for a refused one.
 */
export function EstadoEfacturaRecibida({ idDocumento }: { idDocumento: number }) {
  const { info } = useReady();
  const client = useQueryClient();
  const [rechazando, setRechazando] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const vista = useQuery({
    queryKey: claveEstados(info.IdEmpresa, idDocumento),
    queryFn: () => api.get<VistaRecibida>(`${RUTA_ESTADOS}/${idDocumento}`, { silent: true }),
  });
  const v = vista.data;
  if (!v || v.Recibida === null) return null;

  const recargar = () => client.invalidateQueries({ queryKey: claveEstados(info.IdEmpresa) });
  const accion = async (ruta: string, hecho: (r: Record<string, unknown>) => string) => {
    setOcupado(true);
    try {
      const r = await api.post<Record<string, unknown>>(`${RUTA_ESTADOS}/${ruta}`, {}, { silent: true });
      // A round that stopped (no SPFE configured, the SPFE down) answers why: an error, not a success.
      if (typeof r.error === 'string' && r.error) notifyError(r.error);
      else notifySuccess(hecho(r));
      await recargar();
    } catch (err) {
      if (err instanceof ApiError) notifyError(err.message);
      else throw err;
    } finally {
      setOcupado(false);
    }
  };
  const enCola = v.Estados.some((e) => e.Envio === 'generado');
  const boton = { permiso: fcompra.permission, modulo: fcompra.module, disabled: ocupado } as const;
  return (
    <Stack gap="sm" mt="md" data-testid="efactura-estados">
      <Divider />
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h6">
            Factura electrónica recibida
          </Title>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={v.Decision === 'rechazada' ? 'red' : v.Decision ? 'green' : 'gray'}>
              {v.Decision ? NOMBRE_ESTADO_RECIBIDA[v.Decision] : 'Sin aceptar ni rechazar'}
            </Badge>
            <Badge variant="light" color={COLOR_NIVEL[v.Plazos.Nivel]} data-testid="efactura-plazo">
              {v.TextoPlazo}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {v.Formato}, {ORIGEN[v.Origen] ?? v.Origen} el {formatDateTime(v.Recibida)}. La aceptación o el rechazo y el
          pago se informan al emisor en 4 días naturales (desde la recepción y desde el pago).
        </Text>
        <Group gap="xs" wrap="wrap">
          {!v.Decision && (
            <>
              <BotonProtegido
                {...boton}
                color="green"
                onClick={() => void accion(`aceptar/${idDocumento}`, () => 'Factura aceptada: se informará al emisor')}
              >
                Aceptar
              </BotonProtegido>
              <BotonProtegido {...boton} color="red" variant="light" onClick={() => setRechazando(true)}>
                Rechazar…
              </BotonProtegido>
            </>
          )}
          {enCola && (
            <BotonProtegido
              {...boton}
              variant="default"
              onClick={() => void accion('enviar', (r) => `Estados enviados: ${Number(r.enviados ?? 0)}`)}
            >
              Enviar ahora
            </BotonProtegido>
          )}
        </Group>
        {v.Estados.length > 0 && (
          <TablaSimple
            columnas={['Estado', 'Fecha', 'Detalle', 'Envío', '']}
            minWidth={560}
            data-testid="efactura-eventos"
          >
            {v.Estados.map((e) => (
              <Table.Tr key={e.Id}>
                <Table.Td>{NOMBRE_ESTADO_RECIBIDA[e.Tipo]}</Table.Td>
                <Table.Td>{formatDate(e.Fecha)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{detalle(e)}</Text>
                  {e.Error && (
                    <Text size="xs" c="red">
                      {e.Error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={ENVIO[e.Envio].color}>
                    {ENVIO[e.Envio].texto}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {(e.Envio === 'rechazado' || e.Envio === 'conerrores') && (
                    <BotonProtegido
                      {...boton}
                      ocultar
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => void accion(`reintentar/${e.Id}`, () => 'El estado vuelve a la cola')}
                    >
                      Reintentar
                    </BotonProtegido>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </TablaSimple>
        )}
      </Stack>
      {rechazando && (
        <RechazarDialogo
          idDocumento={idDocumento}
          onClose={() => setRechazando(false)}
          onHecho={() => {
            setRechazando(false);
            void recargar();
          }}
        />
      )}
    </Stack>
  );
}
