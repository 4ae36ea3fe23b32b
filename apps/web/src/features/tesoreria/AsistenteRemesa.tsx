import { formatDate } from '@faro/domain';
import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Stepper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { FiltroFecha } from '../../ui/list/listFilters.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { BotonesFicheroSepa, tercero } from './DetalleRemesa.tsx';
import { CampoFecha } from './MovimientosScreen.tsx';
import { descargar, dinero, hoyIso, type Recibo, type Remesa, useRefrescar, useSaldos } from './tesoreriaModel.ts';

const clave = (r: { IdFactura: number; Plazo: number }) => `${r.IdFactura}/${r.Plazo}`;
const suma = (xs: { Importe: string }[]) =>
  (xs.reduce((s, x) => s + Math.round(Number(x.Importe) * 100), 0) / 100).toFixed(2);

/**
 * The batch wizard: select receipts (due-date range, customer) → review (account, collection date, scheme) →
 * create and download the XSD-validated file → mark sent. `pago`: supplier transfers (pain.001).
 */
export function AsistenteRemesa({ tipo }: { tipo: 'cobro' | 'pago' }) {
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
          <TablaSimple
            minWidth={620}
            striped
            data-testid="recibos-remesables"
            columnas={[
              { titulo: null, clave: 'elegir' },
              'Factura',
              tercero(tipo),
              'Vence',
              derecha('Importe'),
              'Aviso',
            ]}
          >
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
          </TablaSimple>
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
            <BotonesFicheroSepa tipo={tipo} fichero={fichero} />
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
