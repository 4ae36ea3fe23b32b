import { compare, dec, formatAmount, formatDate, neg } from '@faro/domain';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { useRefrescar } from './tesoreriaModel.ts';

interface Pendiente {
  Id: number;
  Tipo: string;
  NumSerie: string | null;
  Fecha: string;
  ProveedorNombre: string;
  NumFacturaProveedor?: string | null;
  Total: string;
}

/**
 * «Pagar factura recibida»: a charge of the statement pays one of the received invoices pending payment (the one
 * of the same amount proposed first); the payment takes the line's day and account and the line is reconciled.
 */
export function PagarFacturaDesdeApunte({
  apunte,
  onClose,
}: {
  apunte: { Id: number; Etiqueta: string; Importe: string };
  onClose: () => void;
}) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const importe = neg(dec(apunte.Importe));
  const facturas = useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'fcompra', 'pendientesDePago'],
    queryFn: () =>
      api.get<ListAnswer<Pendiente>>('compras/fcompra/list', {
        params: { TotalPagina: 200, Filtros: JSON.stringify({ EstadoPago: 'Pendiente' }) },
      }),
  });
  const pendientes = (facturas.data?.Items ?? [])
    .filter((f) => f.Tipo === 'factura' && f.NumSerie)
    .sort((a, b) => Number(compare(dec(b.Total), importe) === 0) - Number(compare(dec(a.Total), importe) === 0));
  const [elegida, setElegida] = useState<string | null>(null);
  const valor =
    elegida ?? (pendientes[0] && compare(dec(pendientes[0].Total), importe) === 0 ? String(pendientes[0].Id) : null);
  const { errores, intentar } = useErroresCampo();
  const [pagando, setPagando] = useState(false);
  const pagar = async () => {
    setPagando(true);
    const hecho = await intentar(() =>
      api.post(`tesoreria/extractos/pagar/${apunte.Id}`, { IdFactura: Number(valor) }),
    );
    setPagando(false);
    if (!hecho) return;
    notifySuccess('Factura pagada y apunte conciliado');
    await refrescar();
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Pagar una factura recibida con el apunte">
      <Stack gap="sm">
        <Text size="sm">{apunte.Etiqueta}</Text>
        <Select
          label="Factura recibida"
          placeholder={pendientes.length ? 'Elige la factura' : 'No hay facturas recibidas pendientes de pago'}
          data={pendientes.map((f) => ({
            value: String(f.Id),
            label: `${f.NumSerie} · ${f.ProveedorNombre} · ${formatDate(f.Fecha)} · ${formatAmount(f.Total)}`,
          }))}
          value={valor}
          onChange={setElegida}
          searchable
          error={errores.IdFactura}
          comboboxProps={{ withinPortal: true }}
        />
        <BotonesDialogo onCancelar={onClose} onClick={() => void pagar()} disabled={!valor} loading={pagando}>
          Pagar y conciliar
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
