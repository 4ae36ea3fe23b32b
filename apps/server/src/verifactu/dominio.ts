/** The VeriFactu domain module (packages/domain/src/verifactu), re-exported for the server's VeriFactu code. */
export * from '@faro/domain';
