import { formatAmount, formatDate } from '@faro/domain';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { TablaTarjeta } from './TablaTarjeta.tsx';

interface FilaComision {
  IdComercial: number;
  Codigo: string;
  Nombre: string;
  Base: number;
  Comision: number;
  Detalle: {
    IdFactura: number;
    IdLinea: number;
    NumSerie: string | null;
    Fecha: string;
    Cliente: string;
    Base: 'facturado' | 'cobrado';
    Importe: number;
    Porcentaje: number;
    Comision: number;
  }[];
}

const euros = (n: number) => formatAmount(n);

/** /comisiones/lista: the sales reps' commissions of a period from the issued invoices. */
export function ComisionesScreen() {
  usePageTitle('Comisiones');
  const { info } = useReady();
  const [params, setParams] = useSearchParams();
  const hoy = new Date().toISOString().slice(0, 10);
  const desde = params.get('desde') ?? `${hoy.slice(0, 7)}-01`;
  const hasta = params.get('hasta') ?? hoy;
  const set = (k: string, v: string) => setParams((prev) => ({ ...Object.fromEntries(prev), [k]: v }));
  const data = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'comisiones', desde, hasta],
    queryFn: () =>
      api.get<{ Items: FilaComision[] }>('rrhh/comisiones/informe', { params: { Desde: desde, Hasta: hasta } }),
  });
  const items = data.data?.Items ?? [];
  return (
    <Stack maw={1100}>
      <Title order={1} fz="h2">
        Comisiones
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Desde" type="date" value={desde} onChange={(e) => set('desde', e.currentTarget.value)} />
        <TextInput label="Hasta" type="date" value={hasta} onChange={(e) => set('hasta', e.currentTarget.value)} />
        <Button component={Link} to="/reglascomision/lista" variant="default">
          Reglas de comisión
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Facturas emitidas del periodo con comercial. Cada línea aplica la regla más concreta (producto, familia, general
        del comercial o su comisión) sobre lo facturado o sobre la parte cobrada, sin IVA.
      </Text>
      <TablaTarjeta minWidth={520} testId="comisiones" head={['Comercial', 'Facturas', 'Base', 'Comisión']}>
        {items.map((c) => (
          <Table.Tr key={c.IdComercial}>
            <Table.Td>
              {c.Codigo} · {c.Nombre}
            </Table.Td>
            <Table.Td>{new Set(c.Detalle.map((d) => d.IdFactura)).size}</Table.Td>
            <Table.Td>{euros(c.Base)}</Table.Td>
            <Table.Td>{euros(c.Comision)}</Table.Td>
          </Table.Tr>
        ))}
      </TablaTarjeta>
      {items
        .filter((c) => c.Detalle.length > 0)
        .map((c) => (
          <TablaTarjeta
            key={c.IdComercial}
            minWidth={640}
            striped={false}
            caption={`Detalle de ${c.Nombre}`}
            head={['Factura', 'Fecha', 'Cliente', 'Sobre', 'Base', '%', 'Comisión']}
          >
            {c.Detalle.map((d) => (
              <Table.Tr key={d.IdLinea}>
                <Table.Td>{d.NumSerie}</Table.Td>
                <Table.Td>{formatDate(d.Fecha)}</Table.Td>
                <Table.Td>{d.Cliente}</Table.Td>
                <Table.Td>{d.Base === 'cobrado' ? 'Cobrado' : 'Facturado'}</Table.Td>
                <Table.Td>{euros(d.Importe)}</Table.Td>
                <Table.Td>{d.Porcentaje}</Table.Td>
                <Table.Td>{euros(d.Comision)}</Table.Td>
              </Table.Tr>
            ))}
          </TablaTarjeta>
        ))}
    </Stack>
  );
}
