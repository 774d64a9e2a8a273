/** TypeORM answers a data-modifying query with RETURNING as rows or as [rows, count] depending on the verb. */
export const returnedRows = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0]! : (result as T[]));
