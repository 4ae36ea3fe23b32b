import { PLANES, TIPOS_CUENTA_TEXTO, type TipoCuenta } from '@faro/domain';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { Pagina } from '../comun.tsx';

interface Informes {
  PorTipoPlan: { TipoCuenta: TipoCuenta; Plan: string; Empresas: number; Pruebas: number }[];
  UsuariosActivos: number;
  UsuariosTotales: number;
  FacturasPorMes: { Mes: string; Facturas: number }[];
  Embudo: { Empresas: number; ContratoGenerado: number; Firmado: number; Produccion: number };
}

/** A small accessible bar chart: an SVG with a title and description, and the same figures as a list for readers. */
export function Barras({ titulo, datos }: { titulo: string; datos: { etiqueta: string; valor: number }[] }) {
  const max = Math.max(1, ...datos.map((d) => d.valor));
  const fila = 28;
  const alto = datos.length * fila + 8;
  const id = titulo.replace(/\W+/g, '-').toLowerCase();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="h4" id={`${id}-t`}>
          {titulo}
        </Title>
        {datos.length === 0 ? (
          <Text c="dimmed">Sin datos</Text>
        ) : (
          <svg
            role="img"
            aria-labelledby={`${id}-t ${id}-d`}
            viewBox={`0 0 400 ${alto}`}
            width="100%"
            style={{ maxWidth: 560 }}
          >
            <title>{titulo}</title>
            <desc id={`${id}-d`}>{datos.map((d) => `${d.etiqueta}: ${d.valor}`).join('; ')}</desc>
            {datos.map((d, i) => {
              const w = Math.round((d.valor / max) * 220);
              return (
                <g key={d.etiqueta} transform={`translate(0 ${i * fila + 4})`}>
                  <text x="0" y="17" fontSize="12" fill="currentColor">
                    {d.etiqueta.slice(0, 22)}
                  </text>
                  <rect
                    x="150"
                    y="4"
                    width={Math.max(w, 1)}
                    height="18"
                    fill="var(--mantine-color-blue-filled)"
                    rx="3"
                  />
                  <text x={156 + w} y="17" fontSize="12" fill="currentColor">
                    {d.valor}
                  </text>
                </g>
              );
            })}
          </svg>
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
