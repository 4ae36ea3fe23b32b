import { decimalEditable } from '@faro/domain';
import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { erroresDe } from '../../ui/form/erroresCampo.ts';
import { Fecha, money, nombreTercero, useCuentas } from './cobrosComun.tsx';
import { cobroBody, type FacturaCobrable, hoy, pendienteDe, type Vencimiento } from './cobrosModel.ts';
import { LADO_COBROS, type LadoPagos } from './ladoPagos.ts';

/** 'Nuevo cobro' / 'Nuevo pago': a pending invoice (its pending amount proposed), date, amount, account, notes. */
export function NuevoCobro({
  factura,
  onClose,
  lado = LADO_COBROS,
}: {
  factura: number | null;
  onClose: () => void;
  lado?: LadoPagos;
}) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const cuentas = useCuentas();
  const [values, setValues] = useState({
    IdFactura: factura ? String(factura) : null,
    Fecha: hoy(),
    Importe: '',
    IdTesoreria: null as string | null,
    Notas: '',
  });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [guardando, setGuardando] = useState(false);
  const params = { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify(lado.facturas.filtro) };
  const facturas = useQuery({
    queryKey: qk.list(info.IdEmpresa, lado.facturas.entidad, params),
    queryFn: () => api.get<ListAnswer<FacturaCobrable>>(`${lado.facturas.ruta}/list`, { params }),
  });
  const estado = (f: FacturaCobrable) => (f as unknown as Record<string, unknown>)[lado.facturas.estado];
  const pendientes = (facturas.data?.Items ?? []).filter((f) => estado(f) !== lado.pagado);
  const elegida = values.IdFactura;
  const detalle = useQuery({
    queryKey: qk.row(info.IdEmpresa, lado.facturas.entidad, elegida ?? '0'),
    queryFn: () => api.get<{ Vencimientos?: Vencimiento[]; Total: string }>(`${lado.facturas.ruta}/edit/${elegida}`),
    enabled: !!elegida,
  });
  const pendiente = detalle.data?.Vencimientos ? pendienteDe(detalle.data.Vencimientos) : null;
  const importe = values.Importe || (pendiente ? decimalEditable(pendiente) : '');
  const set = (k: keyof typeof values) => (v: string | null) => setValues((old) => ({ ...old, [k]: v ?? '' }));
  const guardar = async () => {
    const faltan: Record<string, string> = {};
    if (!values.IdFactura) faltan.IdFactura = 'Factura es obligatorio';
    if (!values.IdTesoreria) faltan.IdTesoreria = 'Cuenta es obligatorio';
    if (!importe) faltan.Importe = 'Importe es obligatorio';
    if (!values.Fecha) faltan.Fecha = 'Fecha es obligatorio';
    setErrores(faltan);
    if (Object.keys(faltan).length) return;
    setGuardando(true);
    try {
      await api.post(`${lado.ruta}/save`, cobroBody({ ...values, Importe: importe }));
      notifySuccess(lado.guardado);
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.entidad) });
      if (lado.vencidas)
        await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.vencidas.entidad) });
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, lado.facturas.entidad) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) setErrores(erroresDe(error));
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Nuevo ${lado.nombre}`} size="lg">
      <Stack gap="sm">
        <Select
          label="Factura"
          required
          searchable
          placeholder={`Busca por número o ${lado.tercero.toLowerCase()}`}
          nothingFoundMessage={`No hay facturas pendientes de ${lado.nombre} con ese texto`}
          data={pendientes.map((f) => ({
            value: String(f.Id),
            label: `${f.NumSerie ?? f.Id} · ${nombreTercero(f, lado)} · ${money(f.Total)}`,
          }))}
          value={values.IdFactura}
          onChange={(v) => setValues((old) => ({ ...old, IdFactura: v, Importe: '' }))}
          error={errores.IdFactura}
        />
        {pendiente && (
          <Alert color="blue" variant="light" data-testid="pendiente">
            Pendiente de {lado.nombre}: {money(pendiente)}
          </Alert>
        )}
        {/* Top-aligned: an error under one field does not push the other down. */}
        <Group grow align="flex-start" data-testid="fecha-importe">
          <Fecha label="Fecha" required value={values.Fecha} onChange={set('Fecha')} error={errores.Fecha} />
          <TextInput
            label="Importe"
            required
            value={importe}
            onChange={(e) => set('Importe')(e.currentTarget.value)}
            error={errores.Importe}
          />
        </Group>
        <Select
          label="Cuenta"
          required
          data={(cuentas.data?.Items ?? [])
            .filter((c) => !c.Baja)
            .map((c) => ({ value: String(c.Id), label: c.Nombre }))}
          value={values.IdTesoreria}
          onChange={set('IdTesoreria')}
          error={errores.IdTesoreria}
        />
        <Textarea label="Notas" value={values.Notas} onChange={(e) => set('Notas')(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <BotonProtegido permiso="TesoMovsCajaBanco" accion="crear" onClick={guardar} loading={guardando}>
            Guardar
          </BotonProtegido>
        </Group>
      </Stack>
    </Modal>
  );
}
