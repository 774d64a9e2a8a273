/** 16 random bytes (trace id) or 8 (span id) as lower-case hex, never all zeros (W3C Trace Context). */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  if (values.every((value) => value === 0)) values[bytes - 1] = 1;
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * A `traceparent` header starting a new sampled trace in the browser. A user action that spans several calls
 * (a purchase: order, then verification after the payment window) sends the same trace id on each, so the edge
 * and the services record the action as one trace, from the click to the enrolment.
 */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

/** The same trace with a fresh parent span id, for the action's next call. */
export function nextTraceparent(traceparent: string): string {
  return `${traceparent.slice(0, 36)}${randomHex(8)}-01`;
}
