import { DENOMINACIONES_EURO, esBillete, etiquetaDenominacion, formatDate } from '@faro/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { CabeceraPantalla } from '../../ui/CabeceraPantalla.tsx';
import { textoDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { CampoFecha } from './MovimientosScreen.tsx';
import { abrirPdf, dinero, hoyIso, useRefrescar, useSaldos } from './tesoreriaModel.ts';

interface Arqueo {
  Id: number;
  IdTesoreria: number;
  Cuenta?: string;
  Fecha: string;
  Esperado: string;
  Contado: string;
  Diferencia: string;
  Motivo: string | null;
}

const centimos = (d: string, n: number) => Math.round(Number(d) * 100) * n;

/** arqueos: count the till by notes and coins (phone-friendly), expected vs counted, the difference and its reason. */
export function ArqueosScreen({ title }: { title: string }) {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const saldos = useSaldos();
  const arqueables = (saldos.data?.Items ?? []).filter((c) => c.Arqueable && !c.Baja);
  const [cuenta, setCuenta] = useState<string | null>(null);
  const id = cuenta ?? (arqueables[0] ? String(arqueables[0].Id) : null);
  const [fecha, setFecha] = useState(hoyIso());
  const [piezas, setPiezas] = useState<Record<string, number>>({});
  const [motivo, setMotivo] = useState('');
  const { errores, intentar } = useErroresCampo();
  const esperado = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'arqueos', { esperado: id, fecha }),
    queryFn: () =>
      api.get<{ Esperado: string; UltimoArqueo: string | null }>(`tesoreria/arqueos/esperado/${id}`, {
        params: { Fecha: fecha },
      }),
    enabled: !!id,
  });
  const params = { Pagina: 1, TotalPagina: 50 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'arqueos', params),
    queryFn: () => api.get<ListAnswer<Arqueo>>('tesoreria/arqueos/list', { params }),
  });
  const contado = DENOMINACIONES_EURO.reduce((s, d) => s + centimos(d, piezas[d] ?? 0), 0);
  const esp = Math.round(Number(esperado.data?.Esperado ?? 0) * 100);
  const diferencia = contado - esp;
  const guardar = () =>
    intentar(async () => {
      const r = await api.post<Arqueo>('tesoreria/arqueos/save', {
        IdTesoreria: Number(id),
        Fecha: fecha,
        Desglose: piezas,
        Motivo: motivo || null,
      });
      notifySuccess('Arqueo guardado: los movimientos hasta esa fecha quedan arqueados');
      setPiezas({});
      setMotivo('');
      await refrescar();
      await abrirPdf(`tesoreria/arqueos/pdf/${r.Id}`).catch(() => undefined);
    });
  return (
    <Stack gap="md">
      <CabeceraPantalla titulo={title}>
        {/* Spec §9 report: every cash count of the company, exportable. */}
        <ExportMenu path="tesoreria/informes/arqueos" params={{}} fileBase="arqueos" />
      </CabeceraPantalla>
      {!arqueables.length && saldos.data && (
        <Alert color="orange" variant="light">
          No hay cuentas arqueables: marca «Arqueable» en una caja de Cuentas de tesorería.
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Caja"
              data={arqueables.map((c) => ({ value: String(c.Id), label: c.Nombre }))}
              value={id}
              onChange={setCuenta}
              allowDeselect={false}
              error={errores.IdTesoreria}
            />
            <CampoFecha label="Fecha" value={fecha} onChange={setFecha} error={errores.Fecha} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" data-testid="desglose">
            {DENOMINACIONES_EURO.map((d) => (
              <NumberInput
                key={d}
                label={`${esBillete(d) ? 'Billetes' : 'Monedas'} de ${etiquetaDenominacion(d)}`}
                min={0}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                value={piezas[d] ?? ''}
                onChange={(v) => setPiezas((o) => ({ ...o, [d]: Number(v) || 0 }))}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Text>Según movimientos: {dinero((esp / 100).toFixed(2))}</Text>
            <Text fw={700}>Contado: {dinero((contado / 100).toFixed(2))}</Text>
            <Text fw={700} c={diferencia === 0 ? undefined : 'red'} data-testid="diferencia">
              Diferencia: {dinero((diferencia / 100).toFixed(2))}
            </Text>
          </Group>
          {esperado.data?.UltimoArqueo && (
            <Text size="sm" c="dimmed">
              Último arqueo: {formatDate(esperado.data.UltimoArqueo)}
            </Text>
          )}
          {diferencia !== 0 && (
            <TextInput label="Motivo de la diferencia" withAsterisk {...textoDe(motivo, setMotivo, errores.Motivo)} />
          )}
          <Group justify="flex-end">
            <BotonProtegido permiso="TesoArqueo" accion="crear" onClick={guardar} disabled={!id}>
              Guardar arqueo
            </BotonProtegido>
          </Group>
        </Stack>
      </Card>
      <TablaSimple
        minWidth={520}
        striped
        data-testid="lista-arqueos"
        columnas={['Fecha', 'Caja', derecha('Contado'), derecha('Diferencia'), { titulo: null, clave: 'col4' }]}
      >
        {(lista.data?.Items ?? []).map((a) => (
          <Table.Tr key={a.Id}>
            <Table.Td>{formatDate(a.Fecha)}</Table.Td>
            <Table.Td>{a.Cuenta}</Table.Td>
            <Table.Td ta="right">{dinero(a.Contado)}</Table.Td>
            <Table.Td ta="right">
              {Number(a.Diferencia) === 0 ? (
                <Badge variant="light" color="green">
                  Cuadrado
                </Badge>
              ) : (
                dinero(a.Diferencia)
              )}
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => abrirPdf(`tesoreria/arqueos/pdf/${a.Id}`)}>
                Hoja de arqueo
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
    </Stack>
  );
}
