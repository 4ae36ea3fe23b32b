import { formatDate, MOTIVOS_DEVOLUCION } from '@faro/domain';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { CampoFecha } from './MovimientosScreen.tsx';
import { descargar, dinero, hoyIso, type LineaRemesa, type Remesa, useRefrescar } from './tesoreriaModel.ts';

const ESTADO_LINEA: Record<string, { t: string; c: string }> = {
  remesado: { t: 'Remesado', c: 'blue' },
  presentado: { t: 'Presentado al banco', c: 'blue' },
  cobrado: { t: 'Cobrado', c: 'green' },
  devuelto: { t: 'Devuelto', c: 'red' },
};
/** A batch: its receipts, the SEPA file, sending and undoing, returns and re-presentation per receipt. */
export function DetalleRemesa({ id, onClose }: { id: number; onClose: () => void }) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const r = useQuery({
    queryKey: qk.row(info.IdEmpresa, 'remesas', id),
    queryFn: () => api.get<Remesa>(`tesoreria/remesas/edit/${id}`),
  });
  const [devolver, setDevolver] = useState<LineaRemesa | null>(null);
  const [representar, setRepresentar] = useState<LineaRemesa | null>(null);
  const d = r.data;
  const accion = async (ruta: string, texto: string) => {
    await api.post(`tesoreria/remesas/${ruta}/${id}`);
    notifySuccess(texto);
    await refrescar();
  };
  const fichero = (version?: string) =>
    descargar(
      `tesoreria/remesas/fichero/${id}`,
      `${d?.MsgId ?? 'remesa'}.xml`,
      version ? { Version: version } : undefined,
    );
  return (
    <Modal opened onClose={onClose} title={d?.Descripcion ?? 'Remesa'} size="xl">
      {d && (
        <Stack gap="sm">
          <Text size="sm">
            {formatDate(d.Fecha)} · {d.NumRecibos} recibos · {dinero(d.Total)} · {d.Esquema ?? 'Transferencias SEPA'} ·{' '}
            {d.MsgId}
          </Text>
          <Group gap="xs">
            <BotonesFicheroSepa tipo={d.Tipo} fichero={fichero} variante="light" />
            {d.Estado === 'preparada' ? (
              <BotonProtegido permiso="TesoRemesa" onClick={() => accion('enviar', 'Remesa marcada como enviada')}>
                Marcar como enviada
              </BotonProtegido>
            ) : (
              !d.Conciliada && (
                <BotonProtegido
                  permiso="TesoRemesa"
                  variant="default"
                  onClick={() => accion('deshacer', 'Envío deshecho')}
                >
                  Deshacer el envío
                </BotonProtegido>
              )
            )}
          </Group>
          <TablaSimple
            minWidth={620}
            striped
            columnas={['Factura', tercero(d.Tipo), 'Vence', derecha('Importe'), 'Estado', SIN_TITULO]}
          >
            {(d.Recibos ?? []).map((l) => (
              <Table.Tr key={l.Id}>
                <Table.Td>
                  {l.NumSerie}/{l.Plazo}
                </Table.Td>
                <Table.Td>{l.TerceroNombre}</Table.Td>
                <Table.Td>{formatDate(l.Vencimiento)}</Table.Td>
                <Table.Td ta="right">{dinero(l.Importe)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={ESTADO_LINEA[l.Estado]?.c}>
                    {ESTADO_LINEA[l.Estado]?.t}
                  </Badge>
                  {l.MotivoTexto && (
                    <Text size="xs" c="dimmed">
                      {l.MotivoTexto}
                      {l.Representar ? ` · se vuelve a presentar el ${formatDate(l.Representar)}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {d.Tipo === 'cobro' && l.Estado !== 'devuelto' && d.Estado === 'enviada' && (
                    <BotonProtegido
                      permiso="TesoRemesa"
                      ocultar
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setDevolver(l)}
                    >
                      Devolución
                    </BotonProtegido>
                  )}
                  {l.Estado === 'devuelto' && !l.Representar && <BotonRepresentar onClick={() => setRepresentar(l)} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </TablaSimple>
        </Stack>
      )}
      {devolver && <Devolver linea={devolver} onClose={() => setDevolver(null)} />}
      {representar && <Representar linea={representar} onClose={() => setRepresentar(null)} />}
    </Modal>
  );
}

function Devolver({ linea, onClose }: { linea: LineaRemesa; onClose: () => void }) {
  const refrescar = useRefrescar();
  const [v, setV] = useState({ Motivo: 'AM04', Fecha: hoyIso(), Comision: '' });
  const guardar = async () => {
    await api.post(`tesoreria/remesas/devolver/${linea.Id}`, { ...v, Comision: v.Comision || undefined });
    notifySuccess('Devolución registrada: el recibo vuelve a estar pendiente');
    await refrescar();
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Devolución del recibo ${linea.NumSerie}/${linea.Plazo}`}>
      <Stack gap="sm">
        <Select
          label="Motivo (código SEPA)"
          data={MOTIVOS_DEVOLUCION.map((m) => ({ value: m.value, label: m.label }))}
          value={v.Motivo}
          onChange={(x) => setV((o) => ({ ...o, Motivo: x ?? 'MS03' }))}
          allowDeselect={false}
          searchable
        />
        <CampoFecha
          label="Fecha de la devolución"
          value={v.Fecha}
          onChange={(x) => setV((o) => ({ ...o, Fecha: x }))}
        />
        <TextInput
          label="Comisión del banco"
          value={v.Comision}
          onChange={(e) => setV((o) => ({ ...o, Comision: e.currentTarget.value }))}
        />
        <BotonesDialogo onCancelar={onClose} color="red" onClick={guardar}>
          Registrar la devolución
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}

export function Representar({ linea, onClose }: { linea: LineaRemesa; onClose: () => void }) {
  const refrescar = useRefrescar();
  const [fecha, setFecha] = useState(hoyIso());
  const guardar = async () => {
    await api.post(`tesoreria/remesas/representar/${linea.Id}`, { Fecha: fecha });
    notifySuccess('El recibo se podrá incluir en una nueva remesa');
    await refrescar();
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Volver a presentar ${linea.NumSerie}/${linea.Plazo}`}>
      <Stack gap="sm">
        <Text size="sm">
          Un recibo devuelto sólo entra en otra remesa si lo vuelves a presentar con un nuevo vencimiento.
        </Text>
        <CampoFecha label="Nuevo vencimiento" value={fecha} onChange={setFecha} />
        <BotonesDialogo onCancelar={onClose} onClick={guardar}>
          Volver a presentar
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}

/** The SEPA file's download buttons: direct debits in both versions of pain.008, transfers in pain.001. */
export function BotonesFicheroSepa({
  tipo,
  fichero,
  variante,
}: {
  tipo: 'cobro' | 'pago';
  fichero: (version?: string) => unknown;
  /** The main button's look (filled when not said). */
  variante?: 'light';
}) {
  return tipo === 'cobro' ? (
    <>
      <Button variant={variante} onClick={() => fichero('pain.008.001.02')}>
        Descargar fichero SEPA (pain.008.001.02)
      </Button>
      <Button variant="default" onClick={() => fichero('pain.008.001.08')}>
        Versión 2019 (pain.008.001.08)
      </Button>
    </>
  ) : (
    <Button variant={variante} onClick={() => fichero()}>
      Descargar fichero SEPA (pain.001.001.03)
    </Button>
  );
}

/** 'Volver a presentar' on a returned receipt's row. */
export function BotonRepresentar({ onClick }: { onClick: () => void }) {
  return (
    <BotonProtegido permiso="TesoRemesa" ocultar size="xs" variant="light" onClick={onClick}>
      Volver a presentar
    </BotonProtegido>
  );
}

/** The party column's name: customers on direct debits, suppliers on transfers. */
export const tercero = (tipo: 'cobro' | 'pago') => (tipo === 'cobro' ? 'Cliente' : 'Proveedor');

/** A header cell without a title, over the row's actions. */
export const SIN_TITULO = { titulo: null, clave: 'acciones' };
