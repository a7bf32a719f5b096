// The lesson's window onto the simulator. Until the sandbox feature lands, it says so plainly
// and names the scenario it will run, rather than showing a canned animation.
export function SandboxEmbed({ preset, caption }: { preset: string; caption?: string }) {
  return (
    <section className="sandbox-embed" aria-label={`Sandbox: ${preset}`}>
      <p className="sandbox-embed-title">
        <span aria-hidden="true">▶</span> Live sandbox: <code>{preset}</code>
      </p>
      {caption && <p>{caption}</p>}
      <p className="sandbox-embed-status">
        Coming soon: this will run the <code>{preset}</code> scenario in the live simulator. Until then you can
        run it headless with <code>npm run sim -- run preset:{preset}</code>.
      </p>
    </section>
  );
}
