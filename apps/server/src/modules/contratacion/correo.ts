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

/** A new one-time code for a contract being signed. */
export async function enviarCodigo(deps: Pick<AppDeps, 'mailer'>, email: string, otp: string): Promise<void> {
  await deps.mailer.send({
    to: email,
    subject: 'Faro: código para firmar el contrato',
    text: `Tu código para firmar el contrato es ${otp} (válido 30 minutos).\n`,
  });
}
