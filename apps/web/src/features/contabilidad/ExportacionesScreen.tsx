import {
  ESTADOS_VENTA,
  enumOptions,
  formatDate,
  levelIn,
  type PermissionCode,
  type RecursoVenta,
  TIPOS_DOCUMENTO_VENTA,
} from '@faro/domain';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BarraDescarga, useDescargaProgreso } from '../../ui/descargaProgreso.tsx';
import { EXPORT_FORMATS } from '../../ui/list/ExportMenu.tsx';
import { PeriodoPicker } from './PeriodoPicker.tsx';
import { rangoPeriodo } from './periodo.ts';

const ESTADOS_ALTA = enumOptions({ '': 'Todos', alta: 'Activos', baja: 'De baja' });

/**
 * Spec section 9, export entities: documents through `configuracion/exportaciones/{recurso}` (period, series,
 * status), customers, suppliers and employees through the entity engine's own export (`{area}/{recurso}/export`,
 * status = active / inactive). Streamed: the bytes received and the rows announced show while it downloads.
 */
const ENTIDADES: {
  value: string;
  label: string;
  ruta: string;
  permiso: PermissionCode;
  documento: boolean;
}[] = [
  {
    value: 'fventa',
    label: 'Facturas',
    ruta: 'configuracion/exportaciones/fventa',
    permiso: 'VentasFact',
    documento: true,
  },
  {
    value: 'aventa',
    label: 'Albaranes',
    ruta: 'configuracion/exportaciones/aventa',
    permiso: 'VentasAlba',
    documento: true,
  },
  {
    value: 'dventa',
    label: 'Pedidos',
    ruta: 'configuracion/exportaciones/dventa',
    permiso: 'VentasPedi',
    documento: true,
  },
  {
    value: 'pventa',
    label: 'Presupuestos',
    ruta: 'configuracion/exportaciones/pventa',
    permiso: 'VentasPresup',
    documento: true,
  },
  { value: 'clientes', label: 'Clientes', ruta: 'ventas/clientes/export', permiso: 'ConClientes', documento: false },
  {
    value: 'proveedores',
    label: 'Proveedores',
    ruta: 'compras/proveedores/export',
    permiso: 'ConProveedores',
    documento: false,
  },
  { value: 'empleados', label: 'Empleados', ruta: 'rrhh/empleados/export', permiso: 'PersEmple', documento: false },
];

export function ExportacionesScreen({ title }: { title: string }) {
  const { info, centro } = useReady();
  const entidades = ENTIDADES.filter((e) => levelIn(info, e.permiso, centro) >= 1);
  const [entidad, setEntidad] = useState(entidades[0]?.value ?? 'clientes');
  const [formato, setFormato] = useState('xlsx');
  const [sel, setSel] = useState({ anyo: new Date().getFullYear(), periodo: '0A' });
  const [serie, setSerie] = useState('');
  const [estado, setEstado] = useState<string | null>('');
  const { progreso, descargar: bajar } = useDescargaProgreso();
  const [hecho, setHecho] = useState<string | null>(null);
  const def = entidades.find((e) => e.value === entidad);
  const rango = rangoPeriodo(sel.anyo, sel.periodo);
  const descargar = async () => {
    if (!def) return;
    setHecho(null);
    const params: Record<string, string> = { Formato: formato };
    if (def.documento) {
      Object.assign(params, rango);
      if (serie.trim()) params.Serie = serie.trim();
      if (estado) params.Estado = estado;
    } else if (estado) {
      params.Filtros = JSON.stringify({ Baja: estado === 'baja' });
    }
    // Downloads fail silently (spec section 8); the rows announced by the server and the bytes show meanwhile.
    setHecho(await bajar(def.ruta, params, `${def.value}.${formato}`));
  };
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Group gap="sm" align="end" wrap="wrap">
            <Select
              label="Qué exportar"
              data={entidades.map((e) => ({ value: e.value, label: e.label }))}
              value={entidad}
              onChange={(v) => {
                if (v) setEntidad(v);
                setEstado('');
              }}
              allowDeselect={false}
              w={220}
            />
            <Select
              label="Formato"
              data={EXPORT_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
              value={formato}
              onChange={(v) => v && setFormato(v)}
              allowDeselect={false}
              w={220}
            />
          </Group>
          {def?.documento ? (
            <>
              <PeriodoPicker anyo={sel.anyo} periodo={sel.periodo} onChange={setSel} />
              <Text size="sm" c="dimmed">
                Del {formatDate(rango.FechaDesde)} al {formatDate(rango.FechaHasta)}
              </Text>
              <Group gap="sm" align="end" wrap="wrap">
                <TextInput
                  label="Serie (identificador)"
                  value={serie}
                  onChange={(e) => setSerie(e.currentTarget.value.replace(/\D/g, ''))}
                  w={180}
                  inputMode="numeric"
                />
                <Select
                  label="Estado"
                  data={[
                    { value: '', label: 'Todos' },
                    ...ESTADOS_VENTA[TIPOS_DOCUMENTO_VENTA[def.value as RecursoVenta].tipos[0]].map((e) => ({
                      value: e,
                      label: e,
                    })),
                  ]}
                  value={estado}
                  onChange={setEstado}
                  w={180}
                />
              </Group>
            </>
          ) : (
            <Select label="Estado" data={[...ESTADOS_ALTA]} value={estado} onChange={setEstado} w={180} />
          )}
          <Group gap="sm">
            <Button onClick={() => void descargar()} loading={!!progreso} disabled={!def}>
              Exportar
            </Button>
            <BarraDescarga progreso={progreso} etiqueta="Progreso de la exportación" testId="exportaciones-progreso" />
            {hecho && !progreso && (
              <Text size="sm" c="dimmed" data-testid="exportaciones-hecho" aria-live="polite">
                Descargado: {hecho}
              </Text>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
