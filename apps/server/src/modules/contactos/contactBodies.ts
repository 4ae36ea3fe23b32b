import { MSG, MSG_DATOS, PATTERNS, PROVINCIAS, spanishAddress } from '@faro/domain';
import { z } from 'zod';

const text = (label: string, max: number) =>
  z
    .string({ error: MSG.format })
    .trim()
    .max(max, { error: MSG.maxLength(label, max) });
const required = (label: string, max: number) => text(label, max).min(1, { error: MSG.required(label) });
const optional = (label: string, max: number, check?: (v: string) => boolean) =>
  (check ? text(label, max).refine((v) => !v || check(v), { error: MSG.format }) : text(label, max))
    .nullish()
    .transform((v) => v || null);

/** A contact person of a customer or supplier. */
const persona = z.object({
  Nombre: required('Nombre', 100),
  Cargo: optional('Cargo', 100),
  Email: optional('Email', 120, (v) => PATTERNS.email.test(v)),
  Telefono: optional('Teléfono', 20, (v) => /^[+\d\s()-]*$/.test(v)),
});

const provincia = z
  .string({ error: MSG.format })
  .refine((v) => PROVINCIAS.some((p) => p.value === v), { error: MSG.format })
  .nullish()
  .transform((v) => v || null);

const addressRule = spanishAddress('CodPostal', 'Provincia', 'Pais');

/** A shipping address; a Spanish postal code must belong to its province. */
const direccion = z
  .object({
    Nombre: optional('Nombre', 100),
    Direccion: required('Dirección', 200),
    CodPostal: optional('Código postal', 10),
    Poblacion: optional('Población', 100),
    Provincia: provincia,
    Pais: optional('País', 2),
    Defecto: z.boolean({ error: MSG.format }).default(false),
  })
  .superRefine((d, ctx) => {
    for (const i of addressRule(d)) ctx.addIssue({ code: 'custom', message: i.Mensaje, path: [i.Campo] });
  });

const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: MSG.format })
    .max(50, { error: MSG.max(50) })
    .nullish()
    .transform((v) => v ?? []);

/** Json fields of contacts with their structure checked (errors name the item: `Contactos.0.Email`). */
export const contactOverrides = {
  Contactos: list(persona),
  DireccionesEnvio: list(direccion).refine((v) => v.filter((d) => d.Defecto).length <= 1, {
    error: MSG_DATOS.oneDefault,
  }),
};

export type DireccionEnvio = z.infer<typeof direccion>;
