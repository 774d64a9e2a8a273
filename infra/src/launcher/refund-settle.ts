/** A refund asked for under `npm start` is processed this long after (the sandbox's own default, services/sandbox/src/config.ts). */
export const defaultRefundSettleMs = 5_000;

/** SANDBOX_REFUND_SETTLE_MS for the sandbox: the launcher's option, else the environment's, else `defaultRefundSettleMs`. */
export function refundSettleSetting(option: number | 'off' | undefined, env: NodeJS.ProcessEnv): string {
  return String(option ?? (env.SANDBOX_REFUND_SETTLE_MS?.trim() || defaultRefundSettleMs));
}
