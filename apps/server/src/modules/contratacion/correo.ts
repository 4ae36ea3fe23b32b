import type { Contratacion } from '@faro/domain';
import type { ContratoCreado } from '../../platform/admin/contratos.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** The contract's e-mail: the signing link and the one-time code (through the mail outbox). */
export async function enviarContrato(deps: Pick<AppDeps, 'mailer' | 'config'>, c: ContratoCreado): Promise<void> {
  const enlace = `${deps.config.publicUrl.replace(/\/$/, '')}/contratacion/firmar/${c.token}`;
  await deps.mailer.send({
    to: c.email,
    subject: 'Faro: tu contrato para firmar',
    text:
      `Hola:\n\nTu contrato de Faro (empresa ${c.codigoEmpresa}) está listo. Léelo y fírmalo aquí:\n${enlace}\n\n` +
      `Código de firma: ${c.otp} (válido 30 minutos).\n\nHasta que lo firmes no podrás usar la aplicación.\n`,
  });
}

/** The answer of a contracting sign-up, the same whether the user name was free or taken. */
export const contratoEnviado = (email: string) =>
  `Te hemos enviado un correo a ${email}: abre su enlace para leer y firmar el contrato`;

/** A contracting sign-up whose user name is taken: nothing was created, and only this mail says why. */
export async function enviarNombreOcupado(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  body: Pick<Contratacion, 'Email' | 'Nombre' | 'Usuario'>,
): Promise<void> {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  await deps.mailer.send({
    to: body.Email,
    subject: 'Faro: tu contrato para firmar',
    text:
      `Hola ${body.Nombre}:\n\nHemos recibido una solicitud de contratación de Faro con el nombre de usuario ` +
      `${body.Usuario}, pero ese nombre de usuario ya está en uso, así que no se ha creado ninguna empresa ni ` +
      `contrato.\n\nSi eras tú, vuelve a contratar eligiendo otro nombre de usuario en ${base}/contratacion/nuevo. ` +
      `Si ya tienes cuenta y no recuerdas la contraseña, crea una nueva en ${base}/registro/recuperar.\n\n` +
      'Si no lo has pedido tú, ignora este correo.\n',
  });
}

/** A new one-time code for a contract being signed. */
export async function enviarCodigo(deps: Pick<AppDeps, 'mailer'>, email: string, otp: string): Promise<void> {
  await deps.mailer.send({
    to: email,
    subject: 'Faro: código para firmar el contrato',
    text: `Tu código para firmar el contrato es ${otp} (válido 30 minutos).\n`,
  });
}
