// How commerce numbers its receipts and splits GST: rules only commerce applies (the browser shows its results).

/**
 * India's financial year (1 April to 31 March, in Indian Standard Time) of a moment, as `2026-27`.
 */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + (5 * 60 + 30) * 60_000);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `ACAD/2026-27/000123`: series, financial year, the number within them zero-padded to 6 digits. */
export function receiptNumber(series: string, year: string, sequence: number): string {
  return `${series}/${year}/${String(sequence).padStart(6, '0')}`;
}

/**
 * A GST-inclusive amount split into taxable value and tax, in whole paise, so the two lines always add up to the
 * amount paid exactly (the tax is what remains after rounding the taxable value). A 0 rate means no tax lines.
 */
export function gstInclusiveSplit(totalPaise: number, ratePercent: number): { taxablePaise: number; taxPaise: number } {
  if (ratePercent <= 0) return { taxablePaise: totalPaise, taxPaise: 0 };
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  return { taxablePaise, taxPaise: totalPaise - taxablePaise };
}

/** GSTIN format: state code, PAN, entity number, Z, checksum character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
