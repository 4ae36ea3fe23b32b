import {
  enumOptions,
  formatAmount,
  formatDate,
  formatDecimal,
  formatNumber,
  levelIn,
  type PermissionCode,
} from '@faro/domain';
import { Alert, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { GraficoBarras } from '../../ui/graficos/index.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { PeriodoPicker } from '../contabilidad/PeriodoPicker.tsx';
import { rangoPeriodo } from '../contabilidad/periodo.ts';

interface Columna {
  Clave: string;
  Etiqueta: string;
  Tipo: 'text' | 'date' | 'money' | 'integer' | 'decimal';
}
export interface ResultadoInforme {
  Titulo: string;
  Columnas: Columna[];
  Filas: Record<string, string | number | null>[];
  Grafico?: { Series: string[]; Puntos: PuntoGrafico[]; Unidad?: 'porcentaje' | 'numero' };
}

interface PuntoGrafico {
  Etiqueta: string;
  Valor: number;
  Valor2?: number;
}

const FORMATOS = {
  euros: (v: number) => formatAmount(v),
  porcentaje: (v: number) => `${formatDecimal(v)} %`,
  numero: (v: number) => formatDecimal(v),
};

/** A report's chart: its one or two series over the report's rows. */
function GraficoInforme({ titulo, g }: { titulo: string; g: NonNullable<ResultadoInforme['Grafico']> }) {
  return (
    <GraficoBarras
      titulo={titulo}
      datos={g.Puntos.map((p) => ({ Etiqueta: p.Etiqueta, Valor: p.Valor, Valor2: p.Valor2 ?? 0 }))}
      eje="Etiqueta"
      nombreEje="Concepto"
      series={g.Series.map((nombre, i) => ({
        clave: i ? 'Valor2' : 'Valor',
        nombre,
        color: i ? 'orange.7' : 'blue.7',
      }))}
      formato={FORMATOS[g.Unidad ?? 'euros']}
    />
  );
}

/** Spec section 9 report kinds, the academy's attendance and evaluation among them. */
const INFORMES: { value: string; label: string; permiso: PermissionCode }[] = [
  { value: 'ventas', label: 'Ventas', permiso: 'VentasFact' },
  { value: 'cobrospagos', label: 'Cobros y pagos', permiso: 'TesoMovsCajaBanco' },
  { value: 'remesas', label: 'Remesas', permiso: 'TesoRemesa' },
  { value: 'recibos', label: 'Recibos', permiso: 'TesoRemesa' },
  { value: 'arqueos', label: 'Arqueos', permiso: 'TesoArqueo' },
  { value: 'fichajes', label: 'Registro horario (horas por empleado y día)', permiso: 'PersEmple' },
  { value: 'asistencia', label: 'Asistencia a clase (academia)', permiso: 'CursoHorario' },
  { value: 'evaluacion', label: 'Evaluación y notas (academia)', permiso: 'CursoCursos' },
];
const AGRUPAR = enumOptions({
  cliente: 'Por cliente',
  producto: 'Por producto',
  familia: 'Por familia',
  comercial: 'Por comercial',
  mes: 'Por mes',
});

function celda(c: Columna, v: string | number | null): string {
  if (v === null || v === '') return '';
  if (c.Tipo === 'money') return formatAmount(String(v));
  if (c.Tipo === 'decimal') return formatNumber(Number(v), 2);
  if (c.Tipo === 'date') return formatDate(String(v));
  return String(v);
}
const derecha = (c: Columna) => c.Tipo !== 'text' && c.Tipo !== 'date';

/** `contabilidad/informes`: a report with its filters, a chart where it helps, the table and its export. */
export function InformesScreen() {
  const { info, centro } = useReady();
  const disponibles = INFORMES.filter((i) => levelIn(info, i.permiso, centro) >= 1);
  const [informe, setInforme] = useState(disponibles[0]?.value ?? 'ventas');
  const [agrupar, setAgrupar] = useState('cliente');
  const [sel, setSel] = useState({ anyo: new Date().getFullYear(), periodo: '0A' });
  const rango = rangoPeriodo(sel.anyo, informe === 'fichajes' && sel.periodo === '0A' ? '01' : sel.periodo);
  const params = { ...rango, ...(informe === 'ventas' ? { Agrupar: agrupar } : {}) };
  const datos = useQuery({
    queryKey: qk.list(info.IdEmpresa, `informes-${informe}`, params),
    queryFn: () => api.get<ResultadoInforme>(`informes/${informe}`, { params }),
    enabled: disponibles.length > 0,
  });
  if (!disponibles.length) return <Text c="dimmed">No tienes permisos para ver informes.</Text>;
  const r = datos.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="end" wrap="wrap" justify="space-between">
          <Group gap="sm" align="end" wrap="wrap">
            <Select
              label="Informe"
              data={disponibles.map(({ value, label }) => ({ value, label }))}
              value={informe}
              onChange={(v) => v && setInforme(v)}
              allowDeselect={false}
              w={260}
            />
            {informe === 'ventas' && (
              <Select
                label="Agrupar"
                data={AGRUPAR}
                value={agrupar}
                onChange={(v) => v && setAgrupar(v)}
                allowDeselect={false}
                w={180}
              />
            )}
            <PeriodoPicker anyo={sel.anyo} periodo={sel.periodo} onChange={setSel} />
          </Group>
          <ExportMenu path={`informes/${informe}/export`} params={params} fileBase={`informe-${informe}`} />
        </Group>
      </Card>
      {datos.isError && <Alert color="red">No se ha podido preparar el informe.</Alert>}
      {r && (
        <Stack gap="sm" data-testid="informe">
          <Text fw={600}>{r.Titulo}</Text>
          {r.Grafico && r.Grafico.Puntos.length > 0 && <GraficoInforme titulo={r.Titulo} g={r.Grafico} />}
          {r.Filas.length === 0 ? (
            <Text c="dimmed">No hay datos en el periodo.</Text>
          ) : (
            <TablaSimple
              minWidth={640}
              striped
              withTableBorder
              aria-label={r.Titulo}
              columnas={r.Columnas.map((c) => ({
                titulo: c.Etiqueta,
                clave: c.Clave,
                style: derecha(c) ? { textAlign: 'right' } : undefined,
              }))}
            >
              {r.Filas.map((f) => (
                <Table.Tr key={r.Columnas.map((c) => String(f[c.Clave] ?? '')).join('|')}>
                  {r.Columnas.map((c) => (
                    <Table.Td key={c.Clave} style={derecha(c) ? { textAlign: 'right' } : undefined}>
                      {celda(c, f[c.Clave] ?? null)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </TablaSimple>
          )}
        </Stack>
      )}
    </Stack>
  );
}
