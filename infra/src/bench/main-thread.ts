// The page's main thread in the trace Lighthouse records (pages.bench.ts).

/** A task this long when observed is a long task (over 50 ms) in Lighthouse's simulation, which runs the CPU 4× slower. */
export const SIMULATED_LONG_TASK_MS = 50 / 4;

/** The fields of a Chrome trace event read here (`tdur`: the time its thread was running, µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string } };
}

/**
 * How much of the time of its tasks of over SIMULATED_LONG_TASK_MS the page's main thread was running, in the
 * observed trace Lighthouse's simulation starts from: their thread time over their wall time. Near 1 when the page had
 * a core to itself; lower while other processes had the cores (the browser's own, the portal's services on this same
 * 2-core machine), and the simulation multiplies that waiting by 4 too, into blocking time. NaN without such tasks.
 */
export function mainThreadRunningShare(traceEvents: TraceEvent[], origin: string): number {
  // The page's main thread: the one running this origin's scripts.
  const counts = new Map<string, number>();
  for (const event of traceEvents) {
    if ((event.name === 'EvaluateScript' || event.name === 'FunctionCall') && event.args?.data?.url?.startsWith(origin)) {
      const thread = `${event.pid}:${event.tid}`;
      counts.set(thread, (counts.get(thread) ?? 0) + 1);
    }
  }
  const mainThread = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  let wall = 0;
  let running = 0;
  for (const event of traceEvents) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || `${event.pid}:${event.tid}` !== mainThread) continue;
    if (event.dur === undefined || event.tdur === undefined || event.dur < SIMULATED_LONG_TASK_MS * 1000) continue;
    wall += event.dur;
    running += event.tdur;
  }
  return wall > 0 ? running / wall : Number.NaN;
}
