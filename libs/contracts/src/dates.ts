// Dates as Indian readers write them, dd/mm/yyyy, on the academy's clock (IST) whatever the device's zone.
const ddmmyyyy = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** `23/11/2026`; "Invalid Date" when the value cannot be read (the spec's wording for Students Enrolled). */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Invalid Date';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : ddmmyyyy.format(date);
}
