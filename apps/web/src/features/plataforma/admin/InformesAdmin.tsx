import { formatNumber, PLANES, TIPOS_CUENTA_TEXTO, type TipoCuenta } from '@faro/domain';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { GraficoBarras } from '../../../ui/graficos/index.tsx';
import { Pagina } from '../comun.tsx';

interface Informes {
  PorTipoPlan: { TipoCuenta: TipoCuenta; Plan: string; Empresas: number; Pruebas: number }[];
  UsuariosActivos: number;
  UsuariosTotales: number;
  FacturasPorMes: { Mes: string; Facturas: number }[];
  Embudo: { Empresas: number; ContratoGenerado: number; Firmado: number; Produccion: number };
}

/** Counts as horizontal bars, with the figures in a table for screen readers. */
export function Barras({ titulo, datos }: { titulo: string; datos: { etiqueta: string; valor: number }[] }) {
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {titulo}
        </Title>
        {datos.length === 0 ? (
          <Text c="dimmed">Sin datos</Text>
        ) : (
          <GraficoBarras
            titulo={titulo}
            datos={datos.map((d) => ({ Etiqueta: d.etiqueta, Valor: d.valor }))}
            eje="Etiqueta"
            nombreEje="Concepto"
            series={[{ clave: 'Valor', nombre: 'Cantidad', color: 'blue.7' }]}
            formato={(v) => formatNumber(v, 0)}
            horizontal
          />
        )}
      </Stack>
    </Card>
  );
}

const planNombre = (c: string) => PLANES.find((p) => p.Codigo === c)?.Nombre ?? c;

/** adminformes: companies by account type and plan, active users, invoices issued per month, the signing funnel. */
export function InformesPlataforma() {
  const q = useQuery({
    queryKey: ['plataforma', 'informes'],
    queryFn: () => api.get<Informes>('usuarios/administrador/adminformes/list'),
  });
  const d = q.data;
  return (
    <Pagina titulo="Informes">
      {!d ? (
        <Text c="dimmed">Cargando datos...</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Barras
            titulo="Empresas por tipo de cuenta y plan"
            datos={d.PorTipoPlan.map((r) => ({
              etiqueta: `${TIPOS_CUENTA_TEXTO[r.TipoCuenta] ?? r.TipoCuenta} · ${planNombre(r.Plan)}`,
              valor: r.Empresas,
            }))}
          />
          <Barras
            titulo="Usuarios activos (últimos 30 días)"
            datos={[
              { etiqueta: 'Activos', valor: d.UsuariosActivos },
              { etiqueta: 'Registrados', valor: d.UsuariosTotales },
            ]}
          />
          <Barras
            titulo="Facturas emitidas por mes"
            datos={d.FacturasPorMes.map((r) => ({ etiqueta: r.Mes.split('-').reverse().join('/'), valor: r.Facturas }))}
          />
          <Barras
            titulo="Embudo de firma"
            datos={[
              { etiqueta: 'Empresas', valor: d.Embudo.Empresas },
              { etiqueta: 'Contrato generado', valor: d.Embudo.ContratoGenerado },
              { etiqueta: 'Contrato firmado', valor: d.Embudo.Firmado },
              { etiqueta: 'En producción', valor: d.Embudo.Produccion },
            ]}
          />
        </SimpleGrid>
      )}
    </Pagina>
  );
}
