import {
  add,
  type CampoLeido,
  CONFIANZA_DUDOSA,
  compare,
  dec,
  decimalEditable,
  formatAmount,
  formatDecimal,
  LEVEL_FOR_ACTION,
  levelIn,
  PORCENTAJES_TICKET,
  type TicketLeido,
  ticketGastoSchema,
  toFixed,
  ZERO,
} from '@faro/domain';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import { type FormErrors, useForm } from '../../ui/form/useForm.ts';
import { invalidarDocumentos } from '../documentos/documentosApi.ts';
import { hoyIso } from '../documentos/documentosModel.ts';
import { useLado } from '../documentos/lado.ts';
import { CampoFecha } from '../documentos/MarcoEditor.tsx';
import { problemaAdjunto } from './AdjuntoOriginal.tsx';

const RUTA = 'compras/fgasto/ticket';

interface Valores extends Record<string, unknown> {
  Fecha: string;
  Total: string;
  PorcentajeIva: string;
  Comercio: string;
  NIF: string;
  FormaPago: 'tarjeta' | 'efectivo';
  IdTesoreria: string | null;
}

interface Cuenta {
  Id: number;
  Nombre: string;
  Tipo: string;
  Baja?: boolean | null;
}

interface Registrado {
  Id: number;
  NumSerie: string;
  Total: string;
  Diferencia: string;
}

type Leidos = Partial<Record<'Fecha' | 'Total' | 'PorcentajeIva' | 'Comercio' | 'NIF', CampoLeido>>;

const inicial = (): Valores => ({
  Fecha: hoyIso(),
  Total: '',
  PorcentajeIva: '21',
  Comercio: '',
  NIF: '',
  FormaPago: 'tarjeta',
  IdTesoreria: null,
});

/** The confirmed fields as the server takes them (the domain's schema checks the same in the browser). */
const cuerpo = (v: Valores, tipos: { PorcentajeIva: string; Total: string }[] | null) => ({
  Fecha: v.Fecha,
  Total: v.Total,
  PorcentajeIva: v.PorcentajeIva,
  Comercio: v.Comercio,
  NIF: v.NIF.trim() || null,
  FormaPago: v.FormaPago,
  IdTesoreria: v.IdTesoreria ? Number(v.IdTesoreria) : 0,
  Tipos: tipos,
});

const validar = (v: Valores): FormErrors<Valores> => {
  const r = ticketGastoSchema.safeParse(cuerpo(v, null));
  if (r.success) return {};
  const errores: FormErrors<Valores> = {};
  for (const i of r.error.issues) {
    // The account is the one shown (the first of its kind until another is picked): the server checks it.
    if (i.path[0] === 'IdTesoreria') continue;
    const campo = String(i.path[0]) as keyof Valores & string;
    errores[campo] = [...(errores[campo] ?? []), i.message];
  }
  return errores;
};

/** A phone photo is 3–12 MB: sent as a JPEG of at most 2,000 px a side (quicker to send and to read, under 5 MB). */
async function reducir(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  try {
    const bmp = await createImageBitmap(file);
    const escala = Math.min(1, 2000 / Math.max(bmp.width, bmp.height));
    if (escala === 1 && file.size < 2 * 1024 * 1024) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bmp.width * escala);
    canvas.height = Math.round(bmp.height * escala);
    canvas.getContext('2d')?.drawImage(bmp, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.85));
    return blob ? new File([blob], `${file.name.replace(/\.\w+$/, '')}.jpg`, { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}

/** What the screen says under a field read from the photo: read, and whether the reading is doubtful. */
function leidoDe(c: CampoLeido | undefined): string | undefined {
  if (!c) return undefined;
  return c.Confianza < CONFIANZA_DUDOSA ? 'Leído de la foto (dudoso): compruébalo' : 'Leído de la foto';
}

/** "Ticket de gasto" on the received invoices' and expenses' lists, for whoever may book and pay an expense. */
export function BotonTicket({ recurso }: { recurso: string }) {
  const { info, centro } = useReady();
  if (recurso !== 'fcompra' && recurso !== 'fgasto') return null;
  if (levelIn(info, 'TesoMovsCajaBanco', centro) < LEVEL_FOR_ACTION.create) return null;
  return (
    <Button component={Link} to="/fgasto/ticket" variant="light" data-testid="ir-ticket">
      Ticket de gasto
    </Button>
  );
}

/**
 * `fgasto/ticket`: the phone expense flow. Photo first (camera or a PDF), the fields the server read from it shown
 * for confirmation and marked as read, the total WITH VAT, the merchant, card or cash: one tap books the registered
 * expense, its payment and the photo. The form is then ready for the next ticket.
 */
export function TicketGasto() {
  const { info, centro } = useReady();
  const nivel = levelIn(info, 'ComprasFact', centro);
  const nivelPagos = levelIn(info, 'TesoMovsCajaBanco', centro);
  const cuentas = useQuery({
    queryKey: [...qk.ref(info.IdEmpresa, 'tesoreria'), 'ticket'],
    queryFn: async () =>
      (await api.get<ListAnswer<Cuenta>>('tesoreria/tesoreria/list', { params: { TotalPagina: 100 }, silent: true }))
        .Items,
    enabled: nivelPagos >= LEVEL_FOR_ACTION.create,
    staleTime: 5 * 60_000,
  });
  if (nivel < LEVEL_FOR_ACTION.create || nivelPagos < LEVEL_FOR_ACTION.create) return <Forbidden />;
  return <TicketForm cuentas={(cuentas.data ?? []).filter((c) => !c.Baja)} />;
}

function TicketForm({ cuentas }: { cuentas: Cuenta[] }) {
  const { info } = useReady();
  const lado = useLado();
  const client = useQueryClient();
  const form = useForm<Valores>(
    inicial(),
    useCallback((v: Valores) => validar(v), []),
  );
  const [foto, setFoto] = useState<File | null>(null);
  const [errorFoto, setErrorFoto] = useState<string | null>(null);
  const [leyendo, setLeyendo] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const [leidos, setLeidos] = useState<Leidos>({});
  const [tipos, setTipos] = useState<{ PorcentajeIva: string; Total: string }[] | null>(null);
  const [hecho, setHecho] = useState<Registrado | null>(null);
  const err = (k: keyof Valores & string) => errorLines(form.errors(k));
  const delTipo = (forma: Valores['FormaPago']) =>
    cuentas.filter((c) => c.Tipo === (forma === 'efectivo' ? 'caja' : 'banco'));
  const opciones = delTipo(form.values.FormaPago).map((c) => ({ value: String(c.Id), label: c.Nombre }));
  const cuenta =
    form.values.IdTesoreria && opciones.some((o) => o.value === form.values.IdTesoreria)
      ? form.values.IdTesoreria
      : (opciones[0]?.value ?? null);

  const aplicar = (l: TicketLeido) => {
    const nuevos: Leidos = {};
    const poner = <K extends keyof Leidos & keyof Valores>(k: K, c: CampoLeido | null, valor?: string) => {
      if (!c) return;
      nuevos[k] = c;
      form.set(k, (valor ?? c.Valor) as Valores[K]);
    };
    poner('Fecha', l.Fecha);
    poner('Total', l.Total, l.Total ? decimalEditable(l.Total.Valor) : undefined);
    if (l.PorcentajeIva && (PORCENTAJES_TICKET as readonly string[]).includes(l.PorcentajeIva.Valor))
      poner('PorcentajeIva', l.PorcentajeIva);
    poner('Comercio', l.Comercio);
    poner('NIF', l.NIF);
    setLeidos(nuevos);
    // Several rates printed, each with base and quota adding up to the total: booked per rate.
    const completos = l.Tipos.filter((t) => t.Base && t.Cuota).map((t) => ({
      PorcentajeIva: t.PorcentajeIva,
      Total: toFixed(add(dec(t.Base!), dec(t.Cuota!)), 2),
    }));
    const suma = completos.reduce((s, t) => add(s, dec(t.Total)), ZERO);
    setTipos(completos.length > 1 && l.Total && compare(suma, dec(l.Total.Valor)) === 0 ? completos : null);
  };

  const elegirFoto = async (f: File | null) => {
    setHecho(null);
    setAviso(null);
    if (!f) return;
    const listo = await reducir(f);
    const problema = problemaAdjunto(listo);
    setErrorFoto(problema);
    setFoto(problema ? null : listo);
    if (problema) return;
    setLeyendo(true);
    try {
      const datos = new FormData();
      datos.append('fichero', listo, listo.name);
      const r = await api.post<{ Lectura: TicketLeido; Aviso: string | null }>(`${RUTA}/leer`, undefined, {
        form: datos,
        silent: true,
      });
      aplicar(r.Lectura);
      setAviso(r.Aviso);
    } catch (e) {
      setAviso(e instanceof ApiError ? e.message : 'No se ha podido leer el ticket: escribe los datos a mano');
    } finally {
      setLeyendo(false);
    }
  };

  const guardar = () =>
    form.submit(
      async (v) => {
        const datos = new FormData();
        datos.append('datos', JSON.stringify(cuerpo({ ...v, IdTesoreria: cuenta }, tipos)));
        if (foto) datos.append('fichero', foto, foto.name);
        const r = await api.post<Registrado>(RUTA, undefined, { form: datos, silent: true });
        notifySuccess(`Gasto ${r.NumSerie} registrado y pagado: ${formatAmount(r.Total)}`);
        setHecho(r);
        setFoto(null);
        setLeidos({});
        setTipos(null);
        setAviso(null);
        form.reset({ ...inicial(), FormaPago: v.FormaPago, IdTesoreria: cuenta });
        await invalidarDocumentos(client, info.IdEmpresa, lado.invalidar);
      },
      { force: true, toast: false },
    );

  const cambiar = <K extends keyof Valores & string>(k: K, valor: Valores[K]) => {
    form.set(k, valor);
    setLeidos((antes) => {
      const resto = { ...antes };
      delete resto[k as keyof Leidos];
      return resto;
    });
    if (k === 'Total' || k === 'PorcentajeIva') setTipos(null);
  };

  return (
    <Stack gap="xs" maw={520} component="section" aria-labelledby="titulo-ticket">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3" id="titulo-ticket">
          Ticket de gasto
        </Title>
        <Anchor component={Link} to="/fcompra/lista" size="sm">
          Facturas y gastos
        </Anchor>
      </Group>
      {hecho && (
        <Alert color="green" variant="light" data-testid="ticket-hecho">
          Gasto{' '}
          <Anchor component={Link} to={`/fgasto/editar/${hecho.Id}`}>
            {hecho.NumSerie}
          </Anchor>{' '}
          registrado y pagado ({formatAmount(hecho.Total)}).
          {hecho.Diferencia !== '0.00' && ` Un céntimo de redondeo del IVA queda como diferencia con el ticket.`}
        </Alert>
      )}
      <FileButton onChange={(f) => void elegirFoto(f)} accept="image/*,application/pdf" capture="environment">
        {(props) => (
          <Button
            {...props}
            size="md"
            fullWidth
            variant={foto ? 'light' : 'filled'}
            loading={leyendo}
            data-testid="foto-ticket"
          >
            {foto ? `Foto: ${foto.name} (cambiar)` : 'Hacer foto del ticket'}
          </Button>
        )}
      </FileButton>
      {leyendo && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Leyendo el ticket…</Text>
        </Group>
      )}
      {errorFoto && (
        <Alert color="red" variant="light" role="alert" data-testid="foto-error">
          {errorFoto}
        </Alert>
      )}
      {aviso && (
        <Alert color="yellow" variant="light" data-testid="ticket-aviso">
          {aviso}
        </Alert>
      )}
      {form.formError && (
        <Alert color="red" variant="light" role="alert" data-testid="error-formulario">
          {form.formError}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <TextInput
          label="Total con IVA (€)"
          inputMode="decimal"
          withAsterisk
          value={form.values.Total}
          description={leidoDe(leidos.Total)}
          data-leido={leidos.Total ? 'si' : undefined}
          onChange={(e) => cambiar('Total', e.currentTarget.value)}
          onBlur={() => form.touch('Total')}
          error={err('Total')}
        />
        <Stack gap={2}>
          <CampoFecha
            label="Fecha"
            required
            readOnly={false}
            value={form.values.Fecha}
            onChange={(iso) => cambiar('Fecha', iso)}
            onBlur={() => form.touch('Fecha')}
            error={err('Fecha')}
          />
          {leidos.Fecha && (
            <Text size="xs" c="dimmed">
              {leidoDe(leidos.Fecha)}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="iva-ticket">
          IVA
        </Text>
        {tipos ? (
          <Group gap="xs" justify="space-between" data-testid="tipos-ticket">
            <Text size="sm">
              {tipos.map((t) => `${formatDecimal(t.PorcentajeIva)} %: ${formatAmount(t.Total)}`).join(' · ')}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setTipos(null)}>
              Un solo tipo
            </Button>
          </Group>
        ) : (
          <SegmentedControl
            fullWidth
            aria-labelledby="iva-ticket"
            value={form.values.PorcentajeIva}
            onChange={(v) => cambiar('PorcentajeIva', v)}
            data={PORCENTAJES_TICKET.filter((p) => p !== '5').map((p) => ({ value: p, label: `${p} %` }))}
          />
        )}
        {leidos.PorcentajeIva && !tipos && (
          <Text size="xs" c="dimmed">
            {leidoDe(leidos.PorcentajeIva)}
          </Text>
        )}
      </Stack>
      <TextInput
        label="Comercio"
        withAsterisk
        value={form.values.Comercio}
        description={leidoDe(leidos.Comercio)}
        data-leido={leidos.Comercio ? 'si' : undefined}
        onChange={(e) => cambiar('Comercio', e.currentTarget.value)}
        onBlur={() => form.touch('Comercio')}
        error={err('Comercio')}
      />
      <TextInput
        label="NIF del comercio"
        value={form.values.NIF}
        description={leidoDe(leidos.NIF)}
        data-leido={leidos.NIF ? 'si' : undefined}
        onChange={(e) => cambiar('NIF', e.currentTarget.value)}
        onBlur={() => form.touch('NIF')}
        error={err('NIF')}
      />
      <SimpleGrid cols={2} spacing="xs">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="pago-ticket">
            Pago
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="pago-ticket"
            value={form.values.FormaPago}
            onChange={(v) => form.set('FormaPago', v as Valores['FormaPago'])}
            data={[
              { value: 'tarjeta', label: 'Tarjeta' },
              { value: 'efectivo', label: 'Efectivo' },
            ]}
          />
        </Stack>
        <Select
          label={form.values.FormaPago === 'efectivo' ? 'Caja' : 'Cuenta'}
          data={opciones}
          value={cuenta}
          allowDeselect={false}
          onChange={(v) => form.set('IdTesoreria', v)}
          error={err('IdTesoreria') ?? (opciones.length ? undefined : 'No hay ninguna cuenta de este tipo')}
        />
      </SimpleGrid>
      <Button size="md" fullWidth onClick={() => void guardar()} loading={form.submitting} disabled={leyendo}>
        Guardar gasto
      </Button>
    </Stack>
  );
}
