/** The test-environment banner with the 'Contratar' link (a new tab to the contracting flow). */
export function TestBanner() {
  return (
    <div className="faro-test-banner" role="note" data-testid="test-banner">
      <span>ENTORNO DE PRUEBAS</span>
      <a href="/contratacion/nuevo" target="_blank" rel="noopener">
        Contratar
      </a>
    </div>
  );
}
