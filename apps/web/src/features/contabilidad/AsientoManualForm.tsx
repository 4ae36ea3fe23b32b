import { type AsientoLibro, asientoManualSchema, formatAmount, importe } from '@faro/domain';
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Cabecera } from '../../ui/TablaSimple.tsx';

interface LineaForm {
  Subcuenta: string;
  Debe: string;
  Haber: string;
}
const vacia = (): LineaForm => ({ Subcuenta: '', Debe: '', Haber: '' });
/** An amount typed with a decimal comma, as the server reads it. */
const punto = (v: string) => v.trim().replace(/\./g, '').replace(',', '.');

/**
 * A manual entry: date, concept and lines; the domain's schema checks it as the server will (debe = haber, one
 * side per line) before it is sent, and the server's answer is the entry with its number.
 */
export function AsientoManualForm({ fecha, onCreado }: { fecha: string; onCreado: (a: AsientoLibro) => void }) {
  const [Fecha, setFecha] = useState(fecha);
  const [Concepto, setConcepto] = useState('');
  const [lineas, setLineas] = useState<LineaForm[]>([vacia(), vacia()]);
  const [errores, setErrores] = useState<string[]>([]);
  const cuerpo = () => ({
    Fecha,
    Concepto,
    Apuntes: lineas.map((l) => ({ Subcuenta: l.Subcuenta.trim(), Debe: punto(l.Debe), Haber: punto(l.Haber) })),
  });
  const crear = useMutation({
    mutationFn: () => api.post<AsientoLibro>('impuestos/contabilidad/libro/asientos', cuerpo()),
    onSuccess: (a) => {
      notifySuccess(`Asiento ${a.Numero} creado`);
      setConcepto('');
      setLineas([vacia(), vacia()]);
      onCreado(a);
    },
  });
  const enviar = () => {
    const r = asientoManualSchema.safeParse(cuerpo());
    if (!r.success) {
      setErrores([...new Set(r.error.issues.map((i) => i.message))]);
      return;
    }
    setErrores([]);
    crear.mutate();
  };
  const parsed = asientoManualSchema.safeParse(cuerpo());
  const total = (lado: 'Debe' | 'Haber') =>
    importe(lineas.reduce((s, l) => s + Math.round((Number(punto(l[lado])) || 0) * 100), 0));
  const set = (i: number, campo: keyof LineaForm, v: string) =>
    setLineas((ls) => ls.map((l, j) => (j === i ? { ...l, [campo]: v } : l)));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
    >
      <Stack gap="sm">
        <Group align="end" wrap="wrap">
          <TextInput
            label="Fecha"
            type="date"
            value={Fecha}
            onChange={(e) => setFecha(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Concepto"
            value={Concepto}
            onChange={(e) => setConcepto(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Apuntes del asiento manual">
            <Cabecera columnas={['Subcuenta', 'Debe', 'Haber', { titulo: null, clave: 'col3' }]} />
            <Table.Tbody>
              {lineas.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity before they are saved
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Subcuenta ${i + 1}`}
                      value={l.Subcuenta}
                      inputMode="numeric"
                      onChange={(e) => set(i, 'Subcuenta', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Debe ${i + 1}`}
                      value={l.Debe}
                      inputMode="decimal"
                      onChange={(e) => set(i, 'Debe', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Haber ${i + 1}`}
                      value={l.Haber}
                      inputMode="decimal"
                      onChange={(e) => set(i, 'Haber', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Quitar apunte ${i + 1}`}
                      disabled={lineas.length <= 2}
                      onClick={() => setLineas((ls) => ls.filter((_, j) => j !== i))}
                    >
                      Quitar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th>{formatAmount(total('Debe'))}</Table.Th>
                <Table.Th>{formatAmount(total('Haber'))}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {errores.length > 0 && (
          <Alert color="red" title="El asiento no se ha guardado">
            {errores.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={() => setLineas((ls) => [...ls, vacia()])}>
            Añadir apunte
          </Button>
          <Button type="submit" loading={crear.isPending}>
            Crear asiento
          </Button>
          {!parsed.success && total('Debe') !== total('Haber') && (
            <Text size="sm" c="dimmed">
              Descuadre: {formatAmount(importe(Math.round((Number(total('Debe')) - Number(total('Haber'))) * 100)))}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
