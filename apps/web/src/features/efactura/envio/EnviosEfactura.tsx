import { formatAmount, formatDate, LEVEL_FOR_ACTION, levelIn, type RouteDef } from '@faro/domain';
import { Alert, Anchor, Badge, Group, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonProtegido } from '../../../ui/BotonProtegido.tsx';
import { Forbidden } from '../../../ui/Forbidden.tsx';
import { Pestanas } from '../../../ui/Pestanas.tsx';
import { TablaSimple } from '../../../ui/TablaSimple.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { ConfiguracionEnvio } from './ConfiguracionEnvio.tsx';
import { claveEnvios } from './EstadoEnvioFactura.tsx';
import {
  type EnvioFila,
  ESTADO_CLIENTE,
  ESTADO_ENVIO,
  type EstadoEnvio,
  nombreCanal,
  RUTA_ENVIOS,
  textoEstadoCliente,
} from './envioApi.ts';

const TITULO = 'Envíos de factura electrónica';

/** `fventaefactura`: the sending queue (states, retry, send now, ask the SPFE) and the e-invoicing settings. */
export function EnviosEfactura(_: { action: string; segments: string[]; route: RouteDef }) {
  usePageTitle(TITULO);
  const { info, centro } = useReady();
  if (levelIn(info, 'VentasFact', centro) < LEVEL_FOR_ACTION.list) return <Forbidden />;
  return (
    <Stack>
      <Title order={1} fz="h2">
        {TITULO}
      </Title>
      <Pestanas
        defaultValue="cola"
        pestanas={[
          { valor: 'cola', etiqueta: 'Cola de envíos', contenido: <ColaEnvios /> },
          { valor: 'config', etiqueta: 'Configuración', contenido: <ConfiguracionEnvio /> },
        ]}
      />
    </Stack>
  );
}

function ColaEnvios() {
  const { info } = useReady();
  const client = useQueryClient();
  const [estado, setEstado] = useState<'' | EstadoEnvio>('');
  const [ocupado, setOcupado] = useState(false);
  const envios = useQuery({
    queryKey: [...claveEnvios(info.IdEmpresa), 'cola', estado],
    queryFn: () => api.get<{ Envios: EnvioFila[] }>(RUTA_ENVIOS, { params: estado ? { Estado: estado } : {} }),
  });
  const accion = async (ruta: string, aviso: (r: Record<string, unknown>) => string) => {
    setOcupado(true);
    try {
      const r = await api.post<Record<string, unknown>>(ruta, {});
      notifySuccess(aviso(r));
      await client.invalidateQueries({ queryKey: claveEnvios(info.IdEmpresa) });
    } catch {
      // the toast shows the error
    } finally {
      setOcupado(false);
    }
  };
  const filas = envios.data?.Envios ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label="Estado"
          value={estado}
          onChange={(e) => setEstado(e.currentTarget.value as '' | EstadoEnvio)}
          data={[
            { value: '', label: 'Todos' },
            ...Object.entries(ESTADO_ENVIO).map(([value, e]) => ({ value, label: e.texto })),
          ]}
        />
        <Group gap="xs">
          <BotonProtegido
            permiso="VentasFact"
            loading={ocupado}
            onClick={() =>
              void accion(`${RUTA_ENVIOS}/enviar`, (r) => `Enviadas: ${r.Enviados}; rechazadas: ${r.Rechazados}`)
            }
          >
            Enviar ahora
          </BotonProtegido>
          <BotonProtegido
            permiso="VentasFact"
            variant="default"
            loading={ocupado}
            onClick={() =>
              void accion(`${RUTA_ENVIOS}/consultar`, (r) =>
                r.Error ? String(r.Error) : `Estados actualizados: ${r.Actualizadas}`,
              )
            }
          >
            Consultar estados en la SPFE
          </BotonProtegido>
        </Group>
      </Group>
      {envios.isLoading && <Loader size="sm" />}
      {!envios.isLoading && !filas.length && (
        <Alert color="gray" variant="light">
          No hay envíos de factura electrónica
        </Alert>
      )}
      {filas.length > 0 && (
        <TablaSimple
          minWidth={900}
          columnas={['Factura', 'Cliente', 'Canal', 'Envío', 'Registro', 'Estado del cliente', '']}
          striped
        >
          {filas.map((e) => (
            <Table.Tr key={e.Id}>
              <Table.Td>
                <Anchor component={Link} to={`/fventa/editar/${e.IdDocumento}`} fw={600}>
                  {e.NumSerie}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(e.Fecha)} · {formatAmount(e.Total)}
                </Text>
              </Table.Td>
              <Table.Td>{e.Cliente}</Table.Td>
              <Table.Td>{nombreCanal(e.Canal)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={ESTADO_ENVIO[e.Estado].color}>
                  {ESTADO_ENVIO[e.Estado].texto}
                </Badge>
                <Text size="xs" c="dimmed">
                  {e.Intentos} {e.Intentos === 1 ? 'intento' : 'intentos'}
                  {e.ConPdf ? ' · con PDF' : ''}
                </Text>
                {e.DescripcionError && (
                  <Text size="xs" c="red">
                    {e.DescripcionError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{e.NumeroRegistro ?? '—'}</Table.Td>
              <Table.Td>
                {e.EstadoCliente ? (
                  <Badge variant="dot" color={ESTADO_CLIENTE[e.EstadoCliente].color}>
                    {textoEstadoCliente(e)}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {(e.Estado === 'rechazado' || (e.Estado === 'generado' && e.Intentos > 0)) && (
                  <BotonProtegido
                    permiso="VentasFact"
                    size="xs"
                    variant="default"
                    ocultar
                    loading={ocupado}
                    onClick={() => void accion(`${RUTA_ENVIOS}/reintentar/${e.Id}`, () => 'Envío reintentado')}
                  >
                    Reintentar {e.NumSerie}
                  </BotonProtegido>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </TablaSimple>
      )}
    </Stack>
  );
}
