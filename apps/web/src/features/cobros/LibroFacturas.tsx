import { formatDate, formatNumber } from '@faro/domain';
import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { CabeceraPantalla } from '../../ui/CabeceraPantalla.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { Cabecera, derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { Fecha, money, nombreTercero } from './cobrosComun.tsx';
import { hoy, type RespuestaLibro, trimestre, trimestreDe } from './cobrosModel.ts';
import { LADO_COBROS, type LadoPagos } from './ladoPagos.ts';

const TRIMESTRES = ['1', '2', '3', '4'].map((t) => ({ value: t, label: `${t}.º trimestre` }));

/**
 * The issued (received) invoice book of a period (this quarter by default): rows per invoice and rate, totals per
 * rate, export (xlsx, ods, pdf, html).
 */
export function LibroFacturasEmitidas({
  title,
  today = hoy(),
  lado = LADO_COBROS,
}: {
  title: string;
  today?: string;
  lado?: LadoPagos;
}) {
  const { info } = useReady();
  const actual = trimestreDe(today);
  const [periodo, setPeriodo] = useState(trimestre(actual.anyo, actual.t));
  const [t, setT] = useState<string | null>(String(actual.t));
  const [anyo, setAnyo] = useState(String(actual.anyo));
  const [pagina, setPagina] = useState(1);
  // A typed limit is a period of its own: no quarter chosen, back to the first page.
  const limite = (k: 'FechaDesde' | 'FechaHasta') => ({
    value: periodo[k],
    onChange: (v: string) => {
      setT(null);
      setPagina(1);
      setPeriodo((p) => ({ ...p, [k]: v }));
    },
  });
  const elegirTrimestre = (nuevoT: string | null, nuevoAnyo: string) => {
    setT(nuevoT);
    setAnyo(nuevoAnyo);
    setPagina(1);
    if (nuevoT && /^\d{4}$/.test(nuevoAnyo)) setPeriodo(trimestre(Number(nuevoAnyo), Number(nuevoT)));
  };
  const filtros = JSON.stringify(periodo);
  const params = { Pagina: pagina, TotalPagina: 100, Filtros: filtros };
  const libro = useQuery({
    queryKey: qk.list(info.IdEmpresa, lado.libro.entidad, params),
    queryFn: () => api.get<RespuestaLibro>(`${lado.libro.ruta}/list`, { params, silent: true }),
    retry: false,
  });
  const rows = libro.data?.Items ?? [];
  const totales = libro.data?.Totales;
  const paginas = Math.max(1, Math.ceil((libro.data?.Total ?? 0) / 100));
  return (
    <Stack gap="md">
      <CabeceraPantalla titulo={title}>
        <ExportMenu
          path={`${lado.libro.ruta}/export`}
          params={{ Filtros: filtros }}
          fileBase={`${lado.libro.entidad}-${periodo.FechaDesde}-${periodo.FechaHasta}`}
        />
      </CabeceraPantalla>
      <Card withBorder radius="md" padding="md">
        <Group align="end">
          <Select label="Trimestre" data={TRIMESTRES} value={t} onChange={(v) => elegirTrimestre(v, anyo)} w={160} />
          <TextInput
            label="Año"
            inputMode="numeric"
            maxLength={4}
            value={anyo}
            onChange={(e) => elegirTrimestre(t, e.currentTarget.value.replace(/\D/g, ''))}
            w={90}
          />
          <Fecha label="Desde" {...limite('FechaDesde')} />
          <Fecha label="Hasta" {...limite('FechaHasta')} />
        </Group>
      </Card>
      {totales && (
        <Card withBorder radius="md" padding="md" data-testid="totales-libro">
          <Title order={2} fz="h4" mb="sm">
            Totales por tipo
          </Title>
          <Table>
            <Cabecera columnas={['Tipo', derecha('Base imponible'), derecha('Cuota'), derecha('Recargo')]} />
            <Table.Tbody>
              {totales.PorTipo.map((x) => (
                <Table.Tr key={`${x.Impuesto}-${x.PorcentajeIva}-${x.PorcentajeRecargo}`}>
                  <Table.Td>
                    {x.Impuesto} {formatNumber(x.PorcentajeIva)} %
                    {Number(x.PorcentajeRecargo) ? ` (recargo ${formatNumber(x.PorcentajeRecargo)} %)` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{money(x.Base)}</Table.Td>
                  <Table.Td ta="right">{money(x.Cuota)}</Table.Td>
                  <Table.Td ta="right">{money(x.CuotaRecargo)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>
                  Total ({totales.General.Facturas} {totales.General.Facturas === 1 ? 'factura' : 'facturas'})
                </Table.Td>
                <Table.Td ta="right">{money(totales.General.Base)}</Table.Td>
                <Table.Td ta="right">{money(totales.General.Cuota)}</Table.Td>
                <Table.Td ta="right">{money(totales.General.CuotaRecargo)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="xs">
            Retenciones: {money(totales.General.Retencion)} · {lado.libro.total}: {money(totales.General.Total)}
          </Text>
        </Card>
      )}
      {libro.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="error-libro">
          No se ha podido leer el libro: {libro.error.message}
        </Alert>
      )}
      {rows.length === 0 && !libro.isLoading ? (
        !libro.isError && <Text c="dimmed">{lado.libro.vacio}</Text>
      ) : (
        <TablaSimple
          minWidth={900}
          striped
          highlightOnHover
          data-testid="libro-emitidas"
          columnas={[
            'Fecha',
            ...lado.libro.numeros.map((n) => ({ titulo: n.etiqueta, clave: n.campo })),
            lado.tercero,
            'NIF',
            ...['Base', '% IVA', 'Cuota', 'Recargo', 'Retención', 'Total'].map(derecha),
          ]}
        >
          {rows.map((r) => (
            <Table.Tr key={`${r.Id}-${r.Impuesto}-${r.PorcentajeIva}-${r.PorcentajeRecargo}`}>
              <Table.Td>{formatDate(r.Fecha)}</Table.Td>
              {lado.libro.numeros.map((n) => (
                <Table.Td key={n.campo}>{String((r as unknown as Record<string, unknown>)[n.campo] ?? '')}</Table.Td>
              ))}
              <Table.Td>{nombreTercero(r, lado)}</Table.Td>
              <Table.Td>
                {String((r as unknown as Record<string, unknown>)[lado.terceroNif] ?? r.ClienteNIF ?? '')}
              </Table.Td>
              <Table.Td ta="right">{money(r.Base)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.PorcentajeIva)}</Table.Td>
              <Table.Td ta="right">{money(r.Cuota)}</Table.Td>
              <Table.Td ta="right">{money(r.CuotaRecargo)}</Table.Td>
              <Table.Td ta="right">{money(r.Retencion)}</Table.Td>
              <Table.Td ta="right">{money(r.Total)}</Table.Td>
            </Table.Tr>
          ))}
        </TablaSimple>
      )}
      {paginas > 1 && (
        <Group justify="flex-end">
          <Button variant="default" disabled={pagina <= 1} onClick={() => setPagina((p) => p - 1)}>
            Anterior
          </Button>
          <Text size="sm">
            Página {pagina} de {paginas}
          </Text>
          <Button variant="default" disabled={pagina >= paginas} onClick={() => setPagina((p) => p + 1)}>
            Siguiente
          </Button>
        </Group>
      )}
    </Stack>
  );
}
