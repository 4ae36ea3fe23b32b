import { formatAmount, type RouteDef } from '@faro/domain';
import { Alert, Anchor, Button, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, useFormacion } from './formacionApi.ts';

interface Pendiente {
  IdAlumno: number;
  Alumno: string;
  PagaTutor: boolean;
  Cargos: number;
  Importe: string;
  Desde: string;
  Hasta: string;
}
interface Saldo {
  IdCliente: number;
  Cliente: string;
  Facturado: string;
  Cobrado: string;
  Pendiente: string;
  Vencido: string;
}
interface Moroso {
  IdFactura: number;
  NumSerie: string;
  Cliente: string;
  Vencimiento: string;
  Pendiente: string;
}
interface Resultado {
  Facturas: { IdFactura: number; NumSerie: string | null; Total: string }[];
  Errores: { Pagador: string; Mensaje: string }[];
}

const dinero = (v: string | null | undefined) => formatAmount(v ?? '0');

/**
 * factcobros: this month's charges (generate), the charges waiting for an invoice (invoice them: one invoice per
 * payer, direct debit), the payers' balances and the overdue list.
 */
export function FacturacionScreens({ route }: { action: string; segments: string[]; route: RouteDef }) {
  usePageTitle(route.title);
  const { info } = useReady();
  const qc = useQueryClient();
  const [periodo, setPeriodo] = useState(hoyIso().slice(0, 7));
  const [hasta, setHasta] = useState(hoyIso());
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const pendientes = useFormacion<{ Items: Pendiente[] }>('formacion/factcobros/pendientes');
  const saldos = useFormacion<{ Items: Saldo[] }>('formacion/factcobros/saldos');
  const morosos = useFormacion<{ Items: Moroso[] }>('formacion/factcobros/morosos');
  const refrescar = () => qc.invalidateQueries({ queryKey: claveFormacion(info.IdEmpresa) });

  const generar = async () => {
    const r = await api.post<{ Generados: number }>('formacion/cargos/generar', { Periodo: periodo });
    notifySuccess(r.Generados ? `Se han generado ${r.Generados} cargos` : 'Los cargos de ese mes ya estaban generados');
    await refrescar();
  };
  const facturar = async () => {
    const r = await api.post<Resultado>('formacion/factcobros/facturar', { Hasta: hasta });
    setResultado(r);
    if (r.Facturas.length) notifySuccess(`Se han emitido ${r.Facturas.length} facturas`);
    await refrescar();
  };
  const filas = pendientes.data?.Items ?? [];
  return (
    <Stack>
      <Title order={2}>{route.title}</Title>
      <Group align="end">
        <TextInput
          type="month"
          label="Mes de las cuotas"
          value={periodo}
          onChange={(e) => setPeriodo(e.currentTarget.value)}
        />
        <Button onClick={generar} variant="light">
          Generar cuotas del mes
        </Button>
        <TextInput
          type="date"
          label="Facturar cargos hasta"
          value={hasta}
          onChange={(e) => setHasta(e.currentTarget.value)}
        />
        <Button onClick={facturar} disabled={!filas.length}>
          Facturar cargos pendientes
        </Button>
        <Anchor component={Link} to="/cargos/lista">
          Ver todos los cargos
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Una factura por pagador (el alumno o su tutor), con forma de pago recibo domiciliado para las remesas SEPA. La
        enseñanza va exenta de IVA (art. 20.1.9º LIVA) y el material a su tipo.
      </Text>
      {resultado && resultado.Errores.length > 0 && (
        <Alert color="red" title="No se han podido facturar algunos pagadores">
          {resultado.Errores.map((e) => (
            <Text key={e.Pagador} size="sm">
              {e.Pagador}: {e.Mensaje}
            </Text>
          ))}
        </Alert>
      )}
      <Tabs defaultValue="pendientes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pendientes">Pendientes de facturar ({filas.length})</Tabs.Tab>
          <Tabs.Tab value="saldos">Saldos</Tabs.Tab>
          <Tabs.Tab value="morosos">Vencidos ({morosos.data?.Items.length ?? 0})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pendientes" pt="sm">
          {!filas.length ? (
            <Alert color="gray">No hay cargos pendientes de facturar.</Alert>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Alumno</Table.Th>
                    <Table.Th>Paga</Table.Th>
                    <Table.Th>Cargos</Table.Th>
                    <Table.Th>Desde</Table.Th>
                    <Table.Th>Hasta</Table.Th>
                    <Table.Th ta="right">Importe</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {filas.map((f) => (
                    <Table.Tr key={f.IdAlumno}>
                      <Table.Td>
                        <Anchor component={Link} to={`/matriculas/editar/${f.IdAlumno}`}>
                          {f.Alumno}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{f.PagaTutor ? 'Tutor' : 'Alumno'}</Table.Td>
                      <Table.Td>{f.Cargos}</Table.Td>
                      <Table.Td>{fechaEs(f.Desde)}</Table.Td>
                      <Table.Td>{fechaEs(f.Hasta)}</Table.Td>
                      <Table.Td ta="right">{dinero(f.Importe)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="saldos" pt="sm">
          <Saldos filas={saldos.data?.Items ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="morosos" pt="sm">
          {!morosos.data?.Items.length ? (
            <Alert color="gray">No hay recibos vencidos.</Alert>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Factura</Table.Th>
                    <Table.Th>Cliente</Table.Th>
                    <Table.Th>Vencimiento</Table.Th>
                    <Table.Th ta="right">Pendiente</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {morosos.data.Items.map((m) => (
                    <Table.Tr key={`${m.IdFactura}-${m.Vencimiento}`}>
                      <Table.Td>
                        <Anchor component={Link} to={`/fventa/editar/${m.IdFactura}`}>
                          {m.NumSerie}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{m.Cliente}</Table.Td>
                      <Table.Td>{fechaEs(m.Vencimiento)}</Table.Td>
                      <Table.Td ta="right">{dinero(m.Pendiente)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Payers' balances (office and portal). */
export function Saldos({ filas }: { filas: Saldo[] }) {
  if (!filas.length) return <Alert color="gray">No hay facturas de la academia.</Alert>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pagador</Table.Th>
            <Table.Th ta="right">Facturado</Table.Th>
            <Table.Th ta="right">Cobrado</Table.Th>
            <Table.Th ta="right">Pendiente</Table.Th>
            <Table.Th ta="right">Vencido</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((s) => (
            <Table.Tr key={s.IdCliente}>
              <Table.Td>{s.Cliente}</Table.Td>
              <Table.Td ta="right">{dinero(s.Facturado)}</Table.Td>
              <Table.Td ta="right">{dinero(s.Cobrado)}</Table.Td>
              <Table.Td ta="right">{dinero(s.Pendiente)}</Table.Td>
              <Table.Td ta="right">{dinero(s.Vencido)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
