import {
  AUTOLIQUIDA,
  CLAVES_RETENCION,
  type DiferenciaPapel,
  diferenciaPapel,
  formatAmount,
  formatNumber,
  OPERACION_LABEL,
  OPERACIONES_COMPRA,
} from '@faro/domain';
import { Alert, Card, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { errorLines } from '../../ui/form/FormField.tsx';
import type { FormApi } from '../../ui/form/useForm.ts';
import { aDecimal, type DocumentoVenta, type DocValues, numeroEditable } from '../documentos/documentosModel.ts';
import type { ExtraEditorProps } from '../documentos/lado.ts';
import { CampoFecha } from '../documentos/MarcoEditor.tsx';
import { EstadoEfacturaRecibida } from '../efactura/estados/EstadoEfacturaRecibida.tsx';
import { AdjuntoOriginal } from './AdjuntoOriginal.tsx';

/** The received invoice's own fields in the editor (text as typed; '' = not given). */
const CAMPOS = [
  'NumFacturaProveedor',
  'FechaFacturaProveedor',
  'FechaContable',
  'FechaDeduccion',
  'Operacion',
  'DUA',
  'PorcNoDeducible',
  'PorcAutoliquidacion',
  'ClaveRetencion',
  'BasePapel',
  'IvaPapel',
  'TotalPapel',
] as const;
const NUMERICOS = new Set(['PorcNoDeducible', 'PorcAutoliquidacion', 'BasePapel', 'IvaPapel', 'TotalPapel']);

/** Editor values of a received invoice's data (a new one: nothing typed, operation 'interior'). */
export function valoresRecibida(d: DocumentoVenta | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of CAMPOS) {
    const v = d?.[c];
    out[c] = v === null || v === undefined ? '' : NUMERICOS.has(c) ? numeroEditable(String(v), 2) : String(v);
  }
  if (!out.Operacion) out.Operacion = 'interior';
  out.Papel = !!(d?.BasePapel || d?.IvaPapel || d?.TotalPapel);
  out.AceptarDiferencia = d?.AceptarDiferencia === true;
  return out;
}

const txt = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'string' && v.trim() ? aDecimal(v) : null);

/** The save body's received-invoice fields (only invoices carry them; the paper's totals only when typed). */
export function cuerpoRecibida(v: DocValues, tipo: string): Record<string, unknown> {
  if (tipo !== 'factura') return {};
  const papel = v.Papel === true;
  return {
    NumFacturaProveedor: txt(v.NumFacturaProveedor),
    FechaFacturaProveedor: txt(v.FechaFacturaProveedor),
    FechaContable: txt(v.FechaContable),
    FechaDeduccion: txt(v.FechaDeduccion),
    Operacion: txt(v.Operacion) ?? 'interior',
    DUA: v.Operacion === 'importacion' ? txt(v.DUA) : null,
    PorcNoDeducible: num(v.PorcNoDeducible),
    PorcAutoliquidacion: AUTOLIQUIDA(String(v.Operacion)) ? num(v.PorcAutoliquidacion) : null,
    ClaveRetencion: txt(v.ClaveRetencion),
    BasePapel: papel ? num(v.BasePapel) : null,
    IvaPapel: papel ? num(v.IvaPapel) : null,
    TotalPapel: papel ? num(v.TotalPapel) : null,
    AceptarDiferencia: papel && v.AceptarDiferencia === true,
  };
}

const esImporte = (v: unknown) => typeof v === 'string' && /^-?\d{1,13}([.,]\d{1,2})?$/.test(v.trim());

/** The live difference between the typed paper totals and the computed ones (null when nothing valid is typed). */
export function diferenciaViva(
  v: DocValues,
  totales: { BaseImponible: string; TotalIva: string; Total: string },
): DiferenciaPapel | null {
  if (v.Papel !== true) return null;
  const campo = (k: string) => (esImporte(v[k]) ? aDecimal(String(v[k])) : null);
  return diferenciaPapel(totales, {
    BaseImponible: campo('BasePapel'),
    TotalIva: campo('IvaPapel'),
    Total: campo('TotalPapel'),
  });
}

/**
 * A received invoice's own data under the header: the supplier's number and date as printed, the book dates, the
 * kind of operation (intra-EU and reverse charge: self-assessed VAT; imports: DUA), non-deductible VAT, the IRPF
 * key, the "type the paper's totals" check with the difference live per field, and the attached original.
 */
export function FacturaRecibidaExtra({ form, doc, tipo, readOnly, totales }: ExtraEditorProps) {
  if (tipo !== 'factura') return null;
  const err = (k: string) => errorLines(form.errors(k as keyof DocValues & string));
  const texto = (k: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(form.values[k] ?? '')}
      readOnly={readOnly}
      onChange={(e) => form.set(k, e.currentTarget.value)}
      onBlur={() => form.touch(k)}
      error={err(k)}
      {...extra}
    />
  );
  // Empty, each of these dates is the invoice's own date (Fecha): the common case types one date.
  const fecha = (k: string, label: string) => (
    <CampoFecha
      label={label}
      placeholder={readOnly ? undefined : 'La fecha de la factura'}
      value={String(form.values[k] ?? '')}
      readOnly={readOnly}
      onChange={(v) => form.set(k, v)}
      error={err(k)}
    />
  );
  const operacion = String(form.values.Operacion || 'interior');
  const retencion = Number(aDecimal(String(form.values.PorcRetencion || '0'))) > 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="datos-recibida">
      <Title order={2} fz="h5" mb="xs">
        Datos de la factura del proveedor
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        {texto('NumFacturaProveedor', 'Número de factura del proveedor', { withAsterisk: !readOnly })}
        {fecha('FechaFacturaProveedor', 'Fecha de la factura del proveedor')}
        {fecha('FechaContable', 'Fecha contable')}
        {fecha('FechaDeduccion', 'Fecha de deducción')}
        <Select
          label="Operación"
          data={OPERACIONES_COMPRA.map((o) => ({ value: o, label: OPERACION_LABEL[o] }))}
          value={operacion}
          readOnly={readOnly}
          allowDeselect={false}
          onChange={(v) => form.set('Operacion', v ?? 'interior')}
          error={err('Operacion')}
          comboboxProps={{ withinPortal: true }}
        />
        {operacion === 'importacion' && texto('DUA', 'DUA')}
        {AUTOLIQUIDA(operacion) &&
          texto('PorcAutoliquidacion', 'IVA autoliquidado %', { inputMode: 'decimal', placeholder: '21' })}
        {texto('PorcNoDeducible', 'IVA no deducible %', { inputMode: 'decimal', placeholder: '0' })}
        {(retencion || !!form.values.ClaveRetencion) && (
          <Select
            label="Clave de la retención"
            data={Object.entries(CLAVES_RETENCION).map(([value, label]) => ({ value, label }))}
            value={(form.values.ClaveRetencion as string) || null}
            readOnly={readOnly}
            clearable
            onChange={(v) => form.set('ClaveRetencion', v ?? '')}
            error={err('ClaveRetencion')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      <TotalesPapel form={form} readOnly={readOnly} totales={totales} />
      {doc && <AdjuntoOriginal doc={doc} recurso="fcompra" readOnly={readOnly} />}
      {doc && <EstadoEfacturaRecibida idDocumento={doc.Id} />}
    </Card>
  );
}

/** "Teclear los totales del papel": base, VAT and total as printed, and the difference per field as you type. */
function TotalesPapel({
  form,
  readOnly,
  totales,
}: {
  form: FormApi<DocValues>;
  readOnly: boolean;
  totales: ExtraEditorProps['totales'];
}) {
  const activo = form.values.Papel === true;
  const dif = diferenciaViva(form.values, totales);
  const campo = (k: string, label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={String(form.values[k] ?? '')}
      readOnly={readOnly}
      rightSection="€"
      onChange={(e) => form.set(k, e.currentTarget.value)}
      error={errorLines(form.errors(k as keyof DocValues & string))}
    />
  );
  return (
    <Stack gap="xs" mt="md">
      <Switch
        label="Teclear los totales del papel (comprobar la factura)"
        checked={activo}
        disabled={readOnly}
        onChange={(e) => form.set('Papel', e.currentTarget.checked)}
      />
      {activo && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {campo('BasePapel', 'Base imponible del papel')}
            {campo('IvaPapel', 'IVA del papel')}
            {campo('TotalPapel', 'Total del papel')}
          </SimpleGrid>
          {dif && <DiferenciaAviso dif={dif} />}
          {dif?.HayDiferencia && (
            <Checkbox
              label="Registrar aunque no cuadre (acepto la diferencia)"
              checked={form.values.AceptarDiferencia === true}
              disabled={readOnly}
              onChange={(e) => form.set('AceptarDiferencia', e.currentTarget.checked)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

const NOMBRE: Record<string, string> = { BaseImponible: 'Base imponible', TotalIva: 'IVA', Total: 'Total' };

function DiferenciaAviso({ dif }: { dif: DiferenciaPapel }) {
  if (!dif.HayDiferencia)
    return (
      <Alert color="green" variant="light" data-testid="diferencia-papel">
        Los totales del papel cuadran con los calculados.
      </Alert>
    );
  return (
    <Alert color="red" variant="light" role="status" data-testid="diferencia-papel">
      <Text size="sm" fw={600}>
        Los totales del papel no cuadran (hasta un {formatNumber(dif.Porcentaje)} %):
      </Text>
      {dif.Campos.filter((c) => Number(c.Diferencia) !== 0).map((c) => (
        <Group key={c.Campo} gap="xs">
          <Text size="sm" data-testid={`diferencia-${c.Campo}`}>
            {NOMBRE[c.Campo]}: papel {formatAmount(c.Papel)}, calculado {formatAmount(c.Calculado)}, diferencia{' '}
            {formatAmount(c.Diferencia)} ({formatNumber(c.Porcentaje)} %)
          </Text>
        </Group>
      ))}
    </Alert>
  );
}
