import { formatAmount, type RouteDef, type SaldoPagador } from '@faro/domain';
import { Alert, Anchor, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { claveFormacion, fechaEs, hoyIso, useFormacion } from './formacionApi.ts';
import { Tabla } from './Tabla.tsx';

interface Pendiente {
  IdAlumno: number;
  Alumno: string;
  PagaTutor: boolean;
  Cargos: number;
  Importe: string;
  Desde: string;
  Hasta: string;
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
  const saldos = useFormacion<{ Items: SaldoPagador[] }>('formacion/factcobros/saldos');
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
        <TextInput type="month" label="Mes de las cuotas" {...textoDe(periodo, setPeriodo)} />
        <BotonProtegido permiso="AlumnoCargosCobros" accion="crear" onClick={generar} variant="light">
          Generar cuotas del mes
        </BotonProtegido>
        <TextInput type="date" label="Facturar cargos hasta" {...textoDe(hasta, setHasta)} />
        <BotonProtegido permiso="AlumnoCargosCobros" accion="crear" onClick={facturar} disabled={!filas.length}>
          Facturar cargos pendientes
        </BotonProtegido>
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
            <Tabla
              filas={filas}
              clave={(f) => f.IdAlumno}
              minWidth={560}
              columnas={[
                {
                  titulo: 'Alumno',
                  valor: (f) => (
                    <Anchor component={Link} to={`/matriculas/editar/${f.IdAlumno}`}>
                      {f.Alumno}
                    </Anchor>
                  ),
                },
                { titulo: 'Paga', valor: (f) => (f.PagaTutor ? 'Tutor' : 'Alumno') },
                { titulo: 'Cargos', valor: (f) => f.Cargos },
                { titulo: 'Desde', valor: (f) => fechaEs(f.Desde) },
                { titulo: 'Hasta', valor: (f) => fechaEs(f.Hasta) },
                { titulo: 'Importe', valor: (f) => dinero(f.Importe), derecha: true },
              ]}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="saldos" pt="sm">
          <Saldos filas={saldos.data?.Items ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="morosos" pt="sm">
          {!morosos.data?.Items.length ? (
            <Alert color="gray">No hay recibos vencidos.</Alert>
          ) : (
            <Tabla
              filas={morosos.data.Items}
              clave={(m) => `${m.IdFactura}-${m.Vencimiento}`}
              columnas={[
                {
                  titulo: 'Factura',
                  valor: (m) => (
                    <Anchor component={Link} to={`/fventa/editar/${m.IdFactura}`}>
                      {m.NumSerie}
                    </Anchor>
                  ),
                },
                { titulo: 'Cliente', valor: (m) => m.Cliente },
                { titulo: 'Vencimiento', valor: (m) => fechaEs(m.Vencimiento) },
                { titulo: 'Pendiente', valor: (m) => dinero(m.Pendiente), derecha: true },
              ]}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Payers' balances (office and portal). */
export function Saldos({ filas }: { filas: SaldoPagador[] }) {
  if (!filas.length) return <Alert color="gray">No hay facturas de la academia.</Alert>;
  return (
    <Tabla
      filas={filas}
      clave={(s) => s.IdCliente}
      minWidth={560}
      columnas={[
        { titulo: 'Pagador', valor: (s) => s.Cliente },
        { titulo: 'Facturado', valor: (s) => dinero(s.Facturado), derecha: true },
        { titulo: 'Cobrado', valor: (s) => dinero(s.Cobrado), derecha: true },
        { titulo: 'Pendiente', valor: (s) => dinero(s.Pendiente), derecha: true },
        { titulo: 'Vencido', valor: (s) => dinero(s.Vencido), derecha: true },
      ]}
    />
  );
}
