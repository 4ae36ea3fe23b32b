import { avisosCoeficiente, COEFICIENTES_OFICIALES, decimalEditable, inmovilizadoSchema, MSG } from '@faro/domain';
import { Alert, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { erroresDe, ligarTexto } from '../../ui/form/erroresCampo.ts';

/** An asset as the register answers it (money as text with a dot). */
export interface Elemento {
  Id: number;
  Codigo: string;
  Descripcion: string;
  Grupo: string;
  GrupoTexto: string;
  FechaCompra: string | null;
  FechaInicio: string;
  Coste: string;
  ValorResidual: string;
  Coeficiente: number | null;
  VidaUtil: number | null;
  AmortizadoHasta: string | null;
  IdFacturaCompra: number | null;
  Notas: string;
  FechaBaja: string | null;
  CoeficienteAnual: number;
  AmortizacionAcumulada: string;
  ValorNetoContable: string;
  Asientos: number;
  Estado: 'activo' | 'amortizado' | 'baja';
  Avisos: string[];
}

export const RUTA_INMOVILIZADO = 'impuestos/contabilidad/inmovilizado';

/** A figure typed the Spanish way (1.200,50) as the server reads it (1200.50). */
export const aPunto = (v: string) => v.trim().replace(/\./g, '').replace(',', '.');

const GRUPOS = COEFICIENTES_OFICIALES.map((c) => ({
  value: c.Codigo,
  label: `${c.Descripcion} (máx. ${c.CoeficienteMaximo} %, ${c.PeriodoMaximo} años)`,
}));

interface Valores {
  Codigo: string;
  Descripcion: string;
  Grupo: string | null;
  FechaCompra: string;
  FechaInicio: string;
  Coste: string;
  ValorResidual: string;
  Metodo: 'coeficiente' | 'vida';
  Valor: string;
  AmortizadoHasta: string;
  Notas: string;
}

const iniciales = (e: Elemento | null): Valores => ({
  Codigo: e?.Codigo ?? '',
  Descripcion: e?.Descripcion ?? '',
  Grupo: e?.Grupo ?? null,
  FechaCompra: e?.FechaCompra ?? '',
  FechaInicio: e?.FechaInicio ?? '',
  Coste: e ? decimalEditable(e.Coste) : '',
  ValorResidual: e && Number(e.ValorResidual) ? decimalEditable(e.ValorResidual) : '',
  Metodo: e?.VidaUtil ? 'vida' : 'coeficiente',
  Valor: e ? decimalEditable(String(e.VidaUtil ?? e.Coeficiente ?? '')) : '',
  AmortizadoHasta: e?.AmortizadoHasta ?? '',
  Notas: e?.Notas ?? '',
});

/** The body the server expects from what is typed. */
function cuerpo(v: Valores, idFactura: number | null) {
  return {
    Codigo: v.Codigo,
    Descripcion: v.Descripcion,
    Grupo: v.Grupo ?? '',
    FechaCompra: v.FechaCompra || null,
    FechaInicio: v.FechaInicio,
    Coste: aPunto(v.Coste),
    ValorResidual: aPunto(v.ValorResidual),
    Coeficiente: v.Metodo === 'coeficiente' ? aPunto(v.Valor) : null,
    VidaUtil: v.Metodo === 'vida' ? aPunto(v.Valor) : null,
    AmortizadoHasta: v.AmortizadoHasta || null,
    Notas: v.Notas,
    IdFacturaCompra: idFactura,
  };
}

/**
 * Create or edit an asset (edit only while it has no entries). The domain's schema checks it as the server will,
 * errors go on their fields, and the official table's warning shows while the coefficient is typed.
 */
export function InmovilizadoForm({
  elemento,
  onClose,
  onGuardado,
}: {
  elemento: Elemento | null;
  onClose: () => void;
  onGuardado: (e: Elemento) => void;
}) {
  const [v, setV] = useState<Valores>(() => iniciales(elemento));
  const [errores, setErrores] = useState<Record<string, string>>({});
  const set = (patch: Partial<Valores>) => setV((x) => ({ ...x, ...patch }));
  const idFactura = elemento?.IdFacturaCompra ?? null;
  const guardar = useMutation({
    mutationFn: () =>
      elemento
        ? api.put<Elemento>(`${RUTA_INMOVILIZADO}/${elemento.Id}`, cuerpo(v, idFactura))
        : api.post<Elemento>(RUTA_INMOVILIZADO, cuerpo(v, idFactura)),
    onSuccess: (e) => {
      notifySuccess(MSG.saved);
      onGuardado(e);
    },
    onError: (e) => setErrores(erroresDe(e)),
  });
  const enviar = () => {
    const r = inmovilizadoSchema.safeParse(cuerpo(v, idFactura));
    if (!r.success) {
      const e: Record<string, string> = {};
      for (const i of r.error.issues) {
        const campo = String(i.path[0] ?? '');
        const k = campo === 'Coeficiente' || campo === 'VidaUtil' ? 'Valor' : campo;
        e[k] ??= i.message;
      }
      setErrores(e);
      return;
    }
    setErrores({});
    guardar.mutate();
  };
  const numero = Number(aPunto(v.Valor));
  const coeficiente = v.Metodo === 'vida' ? (numero > 0 ? 100 / numero : 0) : numero;
  const avisos = v.Grupo ? avisosCoeficiente(v.Grupo, coeficiente) : [];
  const err = (k: string) => errores[k] ?? errores[k === 'Valor' ? 'VidaUtil' : ''];
  // The useful life's error shows on the one input that holds either the life or the coefficient.
  const texto = ligarTexto(v, setV, { ...errores, Valor: err('Valor') ?? '' });
  return (
    <Modal
      opened
      onClose={onClose}
      title={elemento ? `Editar ${elemento.Codigo}` : 'Nuevo elemento del inmovilizado'}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          enviar();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Código" required maxLength={20} {...texto('Codigo')} />
            <TextInput label="Descripción" required maxLength={100} {...texto('Descripcion')} />
          </SimpleGrid>
          <Select
            label="Grupo (tabla oficial de coeficientes)"
            required
            data={GRUPOS}
            value={v.Grupo}
            searchable
            error={err('Grupo')}
            onChange={(g) => set({ Grupo: g })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Fecha de inicio" type="date" required {...texto('FechaInicio')} />
            <TextInput label="Fecha de compra" type="date" {...texto('FechaCompra')} />
            <TextInput label="Coste" required inputMode="decimal" {...texto('Coste')} />
            <TextInput label="Valor residual" inputMode="decimal" {...texto('ValorResidual')} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="metodo-amortizacion">
              Método
            </Text>
            <SegmentedControl
              aria-labelledby="metodo-amortizacion"
              value={v.Metodo}
              onChange={(m) => set({ Metodo: m as Valores['Metodo'] })}
              data={[
                { value: 'coeficiente', label: 'Coeficiente anual' },
                { value: 'vida', label: 'Vida útil' },
              ]}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={v.Metodo === 'vida' ? 'Vida útil (años)' : 'Coeficiente anual (%)'}
              required
              inputMode="decimal"
              {...texto('Valor')}
            />
            <TextInput label="Amortizado fuera de Faro hasta" type="date" {...texto('AmortizadoHasta')} />
          </SimpleGrid>
          <TextInput label="Notas" maxLength={500} {...texto('Notas')} />
          {avisos.map((a) => (
            <Alert key={a} color="yellow" title="Coeficiente fuera de la tabla oficial">
              {a}
            </Alert>
          ))}
          {err('IdFacturaCompra') && (
            <Text c="red" size="sm">
              {err('IdFacturaCompra')}
            </Text>
          )}
          <BotonesDialogo onCancelar={onClose} type="submit" loading={guardar.isPending}>
            Guardar
          </BotonesDialogo>
        </Stack>
      </form>
    </Modal>
  );
}
