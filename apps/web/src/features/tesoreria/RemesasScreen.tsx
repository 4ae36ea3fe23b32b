import { formatDate, MOTIVOS_DEVOLUCION } from '@faro/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Stepper,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { FiltroFecha } from '../../ui/list/listFilters.tsx';
import { MandatosPanel } from './MandatosPanel.tsx';
import { CampoFecha } from './MovimientosScreen.tsx';
import { SubirFichero } from './SubirFichero.tsx';
import {
  descargar,
  dinero,
  hoyIso,
  type LineaRemesa,
  type Recibo,
  type Remesa,
  useRefrescar,
  useSaldos,
} from './tesoreriaModel.ts';

const ESTADO_LINEA: Record<string, { t: string; c: string }> = {
  remesado: { t: 'Remesado', c: 'blue' },
  presentado: { t: 'Presentado al banco', c: 'blue' },
  cobrado: { t: 'Cobrado', c: 'green' },
  devuelto: { t: 'Devuelto', c: 'red' },
};
const clave = (r: { IdFactura: number; Plazo: number }) => `${r.IdFactura}/${r.Plazo}`;
const suma = (xs: { Importe: string }[]) =>
  (xs.reduce((s, x) => s + Math.round(Number(x.Importe) * 100), 0) / 100).toFixed(2);

/** remesas: batches list, the batch wizard, returns, transfers to suppliers and SEPA mandates. */
export function RemesasScreen({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') ?? 'remesas';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {/* Spec §9 report: every batch of the company, exportable. */}
        <ExportMenu path="tesoreria/informes/remesas" params={{}} fileBase="remesas" />
      </Group>
      <Tabs
        value={tab}
        onChange={(t) => setParams(t && t !== 'remesas' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="remesas">Remesas</Tabs.Tab>
          <Tabs.Tab value="nueva">Nueva remesa</Tabs.Tab>
          <Tabs.Tab value="devoluciones">Devoluciones</Tabs.Tab>
          <Tabs.Tab value="transferencias">Transferencias</Tabs.Tab>
          <Tabs.Tab value="mandatos">Mandatos</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="remesas" pt="md">
          <ListaRemesas />
        </Tabs.Panel>
        <Tabs.Panel value="nueva" pt="md">
          <AsistenteRemesa tipo="cobro" />
        </Tabs.Panel>
        <Tabs.Panel value="devoluciones" pt="md">
          <Devoluciones />
        </Tabs.Panel>
        <Tabs.Panel value="transferencias" pt="md">
          <AsistenteRemesa tipo="pago" />
        </Tabs.Panel>
        <Tabs.Panel value="mandatos" pt="md">
          <MandatosPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ListaRemesas() {
  const { info } = useReady();
  const [abierta, setAbierta] = useState<number | null>(null);
  const params = { Pagina: 1, TotalPagina: 100 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'remesas', params),
    queryFn: () => api.get<ListAnswer<Remesa>>('tesoreria/remesas/list', { params }),
  });
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="lista-remesas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Remesa</Table.Th>
              <Table.Th>Cuenta</Table.Th>
              <Table.Th ta="right">Recibos</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lista.data?.Items ?? []).map((r) => (
              <Table.Tr key={r.Id}>
                <Table.Td>{formatDate(r.Fecha)}</Table.Td>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setAbierta(r.Id)}>
                    {r.Descripcion}
                  </Button>
                </Table.Td>
                <Table.Td>{r.Cuenta}</Table.Td>
                <Table.Td ta="right">{r.NumRecibos}</Table.Td>
                <Table.Td ta="right">{dinero(r.Total)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant="light" color={r.Estado === 'enviada' ? 'green' : 'blue'}>
                      {r.Estado === 'enviada' ? 'Enviada' : 'Preparada'}
                    </Badge>
                    {!!r.Devueltos && (
                      <Badge variant="light" color="red">
                        {r.Devueltos} devueltos
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">Todavía no hay remesas</Text>}
      {abierta && <DetalleRemesa id={abierta} onClose={() => setAbierta(null)} />}
    </Stack>
  );
}

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
            {d.Tipo === 'cobro' ? (
              <>
                <Button variant="light" onClick={() => fichero('pain.008.001.02')}>
                  Descargar fichero SEPA (pain.008.001.02)
                </Button>
                <Button variant="default" onClick={() => fichero('pain.008.001.08')}>
                  Versión 2019 (pain.008.001.08)
                </Button>
              </>
            ) : (
              <Button variant="light" onClick={() => fichero()}>
                Descargar fichero SEPA (pain.001.001.03)
              </Button>
            )}
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
          <Table.ScrollContainer minWidth={620}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Factura</Table.Th>
                  <Table.Th>{d.Tipo === 'cobro' ? 'Cliente' : 'Proveedor'}</Table.Th>
                  <Table.Th>Vence</Table.Th>
                  <Table.Th ta="right">Importe</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                      {l.Estado === 'devuelto' && !l.Representar && (
                        <BotonProtegido
                          permiso="TesoRemesa"
                          ocultar
                          size="xs"
                          variant="light"
                          onClick={() => setRepresentar(l)}
                        >
                          Volver a presentar
                        </BotonProtegido>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" onClick={guardar}>
            Registrar la devolución
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Representar({ linea, onClose }: { linea: LineaRemesa; onClose: () => void }) {
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={guardar}>Volver a presentar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The batch wizard: select receipts (due-date range, customer) → review (account, collection date, scheme) →
 * create and download the XSD-validated file → mark sent. `pago`: supplier transfers (pain.001).
 */
function AsistenteRemesa({ tipo }: { tipo: 'cobro' | 'pago' }) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const saldos = useSaldos();
  const bancos = (saldos.data?.Items ?? []).filter((c) => c.Tipo === 'banco' && !c.Baja && c.IBAN);
  const [paso, setPaso] = useState(0);
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [elegidos, setElegidos] = useState<Set<string>>(new Set());
  const [cuenta, setCuenta] = useState<string | null>(null);
  const [fecha, setFecha] = useState(hoyIso());
  const [esquema, setEsquema] = useState<string>('CORE');
  const [creada, setCreada] = useState<Remesa | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filtros = JSON.stringify({ ...(desde ? { FechaDesde: desde } : {}), ...(hasta ? { FechaHasta: hasta } : {}) });
  const recibos = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'remesas', { tipo, filtros }),
    queryFn: () =>
      api.get<ListAnswer<Recibo>>(`tesoreria/remesas/${tipo === 'cobro' ? 'recibos' : 'pagos'}`, {
        params: { Filtros: filtros, TotalPagina: 200 },
      }),
  });
  const lista = recibos.data?.Items ?? [];
  const seleccion = lista.filter((r) => elegidos.has(clave(r)));
  const validos = lista.filter((r) => !r.Problema && (tipo === 'pago' || r.Esquema === esquema));
  const alternar = (r: Recibo) =>
    setElegidos((s) => {
      const n = new Set(s);
      if (n.has(clave(r))) n.delete(clave(r));
      else n.add(clave(r));
      return n;
    });
  const crear = async () => {
    setError(null);
    try {
      const body = {
        IdTesoreria: Number(cuenta),
        Fecha: fecha,
        ...(tipo === 'cobro' ? { Esquema: esquema } : {}),
        Recibos: seleccion.map((r) => ({ IdFactura: r.IdFactura, Plazo: r.Plazo })),
      };
      const r = await api.post<Remesa>(`tesoreria/remesas/${tipo === 'cobro' ? 'save' : 'transferencias'}`, body, {
        silent: true,
      });
      setCreada(r);
      await refrescar();
      setPaso(2);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se ha podido crear la remesa');
    }
  };
  const fichero = async (version?: string) => {
    if (!creada) return;
    await descargar(
      `tesoreria/remesas/fichero/${creada.Id}`,
      `${creada.MsgId}.xml`,
      version ? { Version: version } : undefined,
    );
    setPaso(3);
  };
  const enviar = async () => {
    if (!creada) return;
    await api.post(`tesoreria/remesas/enviar/${creada.Id}`);
    notifySuccess(
      tipo === 'cobro'
        ? 'Remesa enviada: los recibos quedan cobrados'
        : 'Transferencias enviadas: las facturas quedan pagadas',
    );
    await refrescar();
    setPaso(4);
  };
  const reiniciar = () => {
    setPaso(0);
    setElegidos(new Set());
    setCreada(null);
  };
  return (
    <Stepper
      active={paso}
      onStepClick={(p) => p < paso && paso < 2 && setPaso(p)}
      size="sm"
      allowNextStepsSelect={false}
    >
      <Stepper.Step label="Recibos" description={tipo === 'cobro' ? 'Elige los recibos' : 'Elige los pagos'}>
        <Stack gap="sm" mt="md">
          <Group align="flex-end" wrap="wrap">
            <FiltroFecha label="Vencen desde" value={desde} onChange={setDesde} />
            <FiltroFecha label="Hasta" value={hasta} onChange={setHasta} />
            {tipo === 'cobro' && (
              <Select
                label="Esquema"
                data={[
                  { value: 'CORE', label: 'CORE (básico)' },
                  { value: 'B2B', label: 'B2B (empresas)' },
                ]}
                value={esquema}
                onChange={(v) => setEsquema(v ?? 'CORE')}
                allowDeselect={false}
                w={180}
              />
            )}
            <Button variant="default" onClick={() => setElegidos(new Set(validos.map(clave)))}>
              Elegir todos los válidos ({validos.length})
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={620}>
            <Table striped data-testid="recibos-remesables">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Factura</Table.Th>
                  <Table.Th>{tipo === 'cobro' ? 'Cliente' : 'Proveedor'}</Table.Th>
                  <Table.Th>Vence</Table.Th>
                  <Table.Th ta="right">Importe</Table.Th>
                  <Table.Th>Aviso</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.map((r) => (
                  <Table.Tr key={clave(r)}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Elegir ${r.NumSerie ?? r.IdFactura}/${r.Plazo} de ${r.Tercero}`}
                        checked={elegidos.has(clave(r))}
                        disabled={!!r.Problema}
                        onChange={() => alternar(r)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {r.NumSerie}/{r.Plazo}
                      {r.Representado && (
                        <Badge ml={4} size="xs" variant="light" color="orange">
                          Representado
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{r.Tercero}</Table.Td>
                    <Table.Td>{formatDate(r.Vencimiento)}</Table.Td>
                    <Table.Td ta="right">{dinero(r.Importe)}</Table.Td>
                    <Table.Td>
                      {r.Problema ? (
                        <Text size="xs" c="red">
                          {r.Problema.replace(/^Recibo [^:]*: /, '')}
                        </Text>
                      ) : tipo === 'cobro' ? (
                        <Text size="xs" c="dimmed">
                          {r.Esquema} · {r.Secuencia}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {recibos.data && !lista.length && (
            <Text c="dimmed">
              {tipo === 'cobro' ? 'No hay recibos domiciliados pendientes' : 'No hay pagos pendientes'}
            </Text>
          )}
          <Group justify="space-between">
            <Text fw={600}>
              {seleccion.length} elegidos · {dinero(suma(seleccion))}
            </Text>
            <Button disabled={!seleccion.length} onClick={() => setPaso(1)}>
              Siguiente
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label="Revisión" description="Cuenta y fecha">
        <Stack gap="sm" mt="md" maw={520}>
          <Select
            label="Cuenta bancaria"
            withAsterisk
            data={bancos.map((c) => ({ value: String(c.Id), label: `${c.Nombre} · ${c.IBAN}` }))}
            value={cuenta}
            onChange={setCuenta}
          />
          <CampoFecha
            label={tipo === 'cobro' ? 'Fecha de cobro' : 'Fecha de ejecución'}
            value={fecha}
            onChange={setFecha}
          />
          <Text>
            {seleccion.length} {tipo === 'cobro' ? 'recibos' : 'pagos'} · total {dinero(suma(seleccion))}
            {tipo === 'cobro' ? ` · esquema ${esquema}` : ''}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setPaso(0)}>
              Atrás
            </Button>
            <BotonProtegido permiso="TesoRemesa" accion="crear" disabled={!cuenta || !fecha} onClick={crear}>
              Crear la remesa
            </BotonProtegido>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label="Fichero" description="Descarga el fichero SEPA">
        <Stack gap="sm" mt="md">
          <Text>El fichero se valida con el esquema oficial antes de descargarlo.</Text>
          <Group>
            {tipo === 'cobro' ? (
              <>
                <Button onClick={() => fichero('pain.008.001.02')}>Descargar fichero SEPA (pain.008.001.02)</Button>
                <Button variant="default" onClick={() => fichero('pain.008.001.08')}>
                  Versión 2019 (pain.008.001.08)
                </Button>
              </>
            ) : (
              <Button onClick={() => fichero()}>Descargar fichero SEPA (pain.001.001.03)</Button>
            )}
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label="Envío" description="Marca la remesa como enviada">
        <Stack gap="sm" mt="md">
          <Text>
            Cuando hayas subido el fichero al banco, márcala como enviada:{' '}
            {tipo === 'cobro' ? 'los recibos quedan cobrados' : 'las facturas quedan pagadas'} en la fecha de la remesa.
          </Text>
          <Group>
            <BotonProtegido permiso="TesoRemesa" onClick={enviar}>
              Marcar como enviada
            </BotonProtegido>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Completed>
        <Stack gap="sm" mt="md">
          <Alert color="green" variant="light">
            Remesa enviada. Puedes deshacer el envío desde la lista mientras no esté conciliada.
          </Alert>
          <Group>
            <Button variant="default" onClick={reiniciar}>
              Otra remesa
            </Button>
          </Group>
        </Stack>
      </Stepper.Completed>
    </Stepper>
  );
}

/** Returned receipts (re-present each with a new due date) and the import of the bank's pain.002 report. */
function Devoluciones() {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const [representar, setRepresentar] = useState<LineaRemesa | null>(null);
  const params = { Pagina: 1, TotalPagina: 100 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'remesas', { devueltos: 1 }),
    queryFn: () => api.get<ListAnswer<LineaRemesa>>('tesoreria/remesas/devueltos', { params }),
  });
  const importar = async (fichero: File) => {
    const r = await api.post<{ Devueltos: unknown[]; Ignorados: unknown[] }>(
      'tesoreria/remesas/pain002',
      { Xml: await fichero.text() },
      { silent: true },
    );
    await refrescar();
    return `${r.Devueltos.length} recibos devueltos; ${r.Ignorados.length} ignorados`;
  };
  return (
    <Stack gap="md">
      <SubirFichero
        titulo="Importar rechazos del banco (pain.002)"
        placeholder="Elige el fichero XML"
        accept=".xml,text/xml"
        importar={importar}
        permiso="TesoRemesa"
      />
      <Table.ScrollContainer minWidth={620}>
        <Table striped data-testid="lista-devueltos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recibo</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th ta="right">Importe</Table.Th>
              <Table.Th>Devuelto</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lista.data?.Items ?? []).map((l) => (
              <Table.Tr key={l.Id}>
                <Table.Td>
                  {l.NumSerie}/{l.Plazo}
                </Table.Td>
                <Table.Td>{l.TerceroNombre}</Table.Td>
                <Table.Td ta="right">{dinero(l.Importe)}</Table.Td>
                <Table.Td>{l.FechaDevolucion ? formatDate(l.FechaDevolucion) : ''}</Table.Td>
                <Table.Td>{l.MotivoTexto}</Table.Td>
                <Table.Td>
                  {l.Representar ? (
                    <Text size="sm">Representado: vence el {formatDate(l.Representar)}</Text>
                  ) : (
                    <BotonProtegido
                      permiso="TesoRemesa"
                      ocultar
                      size="xs"
                      variant="light"
                      onClick={() => setRepresentar(l)}
                    >
                      Volver a presentar
                    </BotonProtegido>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay recibos devueltos</Text>}
      {representar && <Representar linea={representar} onClose={() => setRepresentar(null)} />}
    </Stack>
  );
}
