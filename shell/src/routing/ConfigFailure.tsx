/** Shown when /runtime-config.json is missing or invalid: nothing else can start without it. */
export function ConfigFailure({ error }: { error: unknown }) {
  return (
    <main className="config-failure">
      <h1>The portal could not start</h1>
      <p>Its settings could not be loaded. Please reload the page in a moment.</p>
      <pre>{error instanceof Error ? error.message : String(error)}</pre>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
